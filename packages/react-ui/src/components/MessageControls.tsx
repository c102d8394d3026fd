import { type Ref, useState } from "react";
import { type FeedbackRating, useFeedback } from "../internal/feedbackContext";
import { useReplyRunning } from "../internal/replyRunningContext";
import { useCopy } from "../internal/useCopy";
import { useLocale } from "../locale/LocaleProvider";
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
  const [copied, copy] = useCopy();
  const { messages } = useLocale();
  // The button keeps focus: its new name ("Copied") is the confirmation, as on code blocks.
  return (
    <button
      type="button"
      className="crayon-message-controls__button crayon-message-controls__icon-button"
      onClick={() => copy(text)}
      aria-label={copied ? messages.common.copied : messages.conversation.copy}
      title={copied ? messages.common.copied : messages.conversation.copyMarkdown}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}

/** Thumbs up / down for a reply; a second press on the chosen one takes it back. */
function FeedbackButtons({ messageId }: { messageId: string }) {
  const feedback = useFeedback();
  const { good, bad } = useLocale().messages.conversation;
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
        aria-label={good}
        title={good}
        onClick={() => rate("up")}
      >
        <ThumbUpIcon />
      </button>
      <button
        type="button"
        className="crayon-message-controls__button crayon-message-controls__icon-button"
        aria-pressed={rating === "down"}
        aria-label={bad}
        title={bad}
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
  const { messages } = useLocale();
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
          {messages.common.edit}
        </button>
      )}
      {onRegenerate && (
        <button type="button" className="crayon-message-controls__button" onClick={onRegenerate}>
          {messages.conversation.regenerate}
        </button>
      )}
    </div>
  );
}
