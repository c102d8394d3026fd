import { useEffect, useRef, useState } from "react";

/**
 * Copying to the clipboard: `copy(text)` writes it, then `copied` is true for two seconds (the
 * button that copied says so). A denied clipboard (insecure context, permission) shows nothing.
 */
export function useCopy(): [copied: boolean, copy: (text: string) => Promise<void>] {
  const [copied, setCopied] = useState(false);
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(reset.current);
      reset.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      // Nothing to show: the text stays where it is, to select by hand.
    }
  };
  return [copied, copy];
}
