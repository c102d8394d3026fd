import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocale } from "../locale/LocaleProvider";
import { MoreIcon } from "./StrokeIcon";

/**
 * A thread row's menu (Rename, Delete) behind a "More" button: on a touch screen, where nothing
 * hovers, it is how a thread is renamed or deleted, so the button is always shown there (CSS,
 * `hover: none`). It follows the menu button pattern: the menu opens with focus on its first
 * item, arrow keys move between items, Escape closes it and returns focus to the button, and a
 * tap or click outside closes it. `open` is controlled, so the list can open it from a key press
 * on the row.
 */
export function ThreadRowMenu({
  title,
  open,
  onOpenChange,
  onRename,
  onDelete,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const menuId = useId();
  const { threadList: texts, common } = useLocale().messages;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Focus goes back to the button only when the menu closed without an action taking it.
  const [returnFocus, setReturnFocus] = useState(false);

  useEffect(() => {
    if (!open) {
      if (returnFocus) buttonRef.current?.focus();
      return;
    }
    menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      onOpenChange(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open, onOpenChange, returnFocus]);

  const close = (thenFocusButton: boolean) => {
    setReturnFocus(thenFocusButton);
    onOpenChange(false);
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]")];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowDown: items[(at + 1) % items.length],
      ArrowUp: items[(at - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (next) {
      event.preventDefault();
      next.focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      // Stops the list's own key handling (Escape, arrows) from acting on the row as well.
      event.stopPropagation();
      close(event.key === "Escape");
    }
  };
  const choose = (action: () => void) => () => {
    close(false);
    action();
  };

  return (
    // Open, it shows also where its button is hidden (a pointer that hovers, opened by a key).
    <div className={`crayon-thread-list__menu${open ? " crayon-thread-list__menu--open" : ""}`}>
      <button
        ref={buttonRef}
        type="button"
        tabIndex={-1}
        className="crayon-icon-button crayon-thread-list__menu-button"
        aria-label={texts.moreActions(title)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(true) : onOpenChange(true))}
      >
        <MoreIcon />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={texts.actions(title)}
          className="crayon-thread-list__menu-popup"
          onKeyDown={onMenuKeyDown}
        >
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onRename)}>
            {common.rename}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onDelete)}>
            {common.delete}
          </button>
        </div>
      )}
    </div>
  );
}
