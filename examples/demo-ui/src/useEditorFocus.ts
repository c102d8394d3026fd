import { useEffect, useRef } from "react";

/**
 * Focus for an editor that takes its opener's place: into the editor's field when it opens,
 * back to the opener when the user closes it (after `returnFocus()`), so keyboard users stay
 * where they were.
 */
export function useEditorFocus<Field extends HTMLElement, Opener extends HTMLElement>(
  open: boolean,
) {
  const fieldRef = useRef<Field>(null);
  const openerRef = useRef<Opener>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (open) {
      fieldRef.current?.focus();
    } else if (returning.current) {
      returning.current = false;
      openerRef.current?.focus();
    }
  }, [open]);
  return {
    fieldRef,
    openerRef,
    /** Call as the user closes the editor: focus goes back to the opener. */
    returnFocus: () => {
      returning.current = true;
    },
  };
}
