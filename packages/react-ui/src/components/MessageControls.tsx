import type { Ref } from "react";
import { useReplyRunning } from "../internal/replyRunningContext";

/** Props of {@link MessageControls}. */
export type MessageControlsProps = {
  /** Shows an Edit button (user messages). */
  onEdit?: () => void;
  /** Shows a Regenerate button (the last reply of a turn). */
  onRegenerate?: () => void;
  /** The Edit button, so focus can return to it when an edit is cancelled. */
  editButtonRef?: Ref<HTMLButtonElement>;
};

/**
 * The Edit and Regenerate buttons under a message. Hidden while a reply streams: either
 * action would start a second reply in the same thread.
 */
export function MessageControls({ onEdit, onRegenerate, editButtonRef }: MessageControlsProps) {
  const isRunning = useReplyRunning();
  if (isRunning || (!onEdit && !onRegenerate)) return null;
  return (
    <div className="crayon-message-controls">
      {onEdit && (
        <button
          ref={editButtonRef}
          type="button"
          className="crayon-message-controls__button"
          onClick={onEdit}
        >
          Edit
        </button>
      )}
      {onRegenerate && (
        <button type="button" className="crayon-message-controls__button" onClick={onRegenerate}>
          Regenerate
        </button>
      )}
    </div>
  );
}
