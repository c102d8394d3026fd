import { type KeyboardEvent, useEffect, useRef } from "react";
import { useLocale } from "../locale/LocaleProvider";

/**
 * Asks before a conversation is deleted: one stray click on a row's × must not lose a thread.
 * Focus moves to Cancel (the safe choice); Escape cancels.
 */
export function ThreadDeleteConfirm({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { threadList: texts, common } = useLocale().messages;
  useEffect(() => cancelRef.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onCancel();
  };

  return (
    // A fieldset is a group: Escape anywhere in it cancels.
    <fieldset
      className="crayon-thread-list__confirm"
      aria-label={texts.confirmDelete(title)}
      onKeyDown={onKeyDown}
    >
      <span className="crayon-thread-list__confirm-text">{texts.deleteQuestion}</span>
      <button type="button" className="crayon-button crayon-button--danger" onClick={onConfirm}>
        {common.delete}
      </button>
      <button
        ref={cancelRef}
        type="button"
        className="crayon-button crayon-button--secondary"
        onClick={onCancel}
      >
        {common.cancel}
      </button>
    </fieldset>
  );
}
