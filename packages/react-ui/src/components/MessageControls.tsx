import { type Ref, useEffect, useRef, useState } from "react";
import { type FeedbackRating, useFeedback } from "../internal/feedbackContext";
import { useReplyRunning } from "../internal/replyRunningContext";
import { CheckIcon, CopyIcon, ThumbDownIcon, ThumbUpIcon } from "./StrokeIcon";

/** Props of {@link MessageControls}. */
export type MessageControlsProps = {
  /** Shows an Edit button (user messages). */
  onEdit?: () => void;
  /** Shows a Regenerate button (the last reply of a turn). */
  onRegenerate?: () => void;
  /** The Edit button, so focus can return to it when an edit is cancelled. */
  editButtonRef?: Ref<HTMLButtonElement>;
  /** Shows a Copy button that copies this text (a reply's markdown source). */
  copyText?: string;
  /** Shows Good / Bad response buttons for this reply, when `CrayonChat` has `onFeedback`. */
  feedbackMessageId?: string;
};

/** Copies `text`, then says so on the button for two seconds. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(reset.current);
      reset.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard access denied (insecure context or permission): nothing to show.
    }
  };
  // The button keeps focus: its new name ("Copied") is the confirmation, as on code blocks.
  return (
    <button
      type="button"
      className="crayon-message-controls__button crayon-message-controls__icon-button"
      onClick={copy}
      aria-label={copied ? "Copied" : "Copy"}
      title={copied ? "Copied" : "Copy as markdown"}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}

/** Thumbs up / down for a reply; a second press on the chosen one takes it back. */
function FeedbackButtons({ messageId }: { messageId: string }) {
  const feedback = useFeedback();
  const [rating, setRating] = useState<FeedbackRating>(null);
  if (!feedback) return null;
  const rate = (choice: "up" | "down") => {
    const next = rating === choice ? null : choice;
    setRating(next);
    feedback.onFeedback({ messageId, threadId: feedback.threadId, rating: next });
  };
  return (
    <>
      <button
        type="button"
        className="crayon-message-controls__button crayon-message-controls__icon-button"
        aria-pressed={rating === "up"}
        aria-label="Good response"
        title="Good response"
        onClick={() => rate("up")}
      >
        <ThumbUpIcon />
      </button>
      <button
        type="button"
        className="crayon-message-controls__button crayon-message-controls__icon-button"
        aria-pressed={rating === "down"}
        aria-label="Bad response"
        title="Bad response"
        onClick={() => rate("down")}
      >
        <ThumbDownIcon />
      </button>
    </>
  );
}

/**
 * The action row under a message: Copy and feedback for a reply, Edit for a user message,
 * Regenerate for the last reply of a turn. Hidden while a reply streams (Edit and Regenerate
 * would start a second reply in the same thread, and a streaming reply is not finished yet),
 * keeping its room.
 */
export function MessageControls({
  onEdit,
  onRegenerate,
  editButtonRef,
  copyText,
  feedbackMessageId,
}: MessageControlsProps) {
  const isRunning = useReplyRunning();
  if (!onEdit && !onRegenerate && !copyText && !feedbackMessageId) return null;
  // While a reply streams the row is there but invisible (no focus, not announced):
  // it keeps its exact room, so no message moves when the buttons come back.
  return (
    <div
      className={`crayon-message-controls${isRunning ? " crayon-message-controls--hidden" : ""}`}
      {...(isRunning && { "aria-hidden": true })}
    >
      {copyText && <CopyButton text={copyText} />}
      {feedbackMessageId && <FeedbackButtons messageId={feedbackMessageId} />}
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
