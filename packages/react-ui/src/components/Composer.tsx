import type { ChatManager } from "@crayonai/react-core";
import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from "react";
import { hasPendingApproval } from "../internal/pendingApproval";
import { SendIcon, StopIcon } from "./StrokeIcon";

/** Props of {@link Composer}. */
export type ComposerProps = {
  chat: ChatManager;
  /** Default "Type a message…". */
  placeholder?: string;
  /** The textarea, e.g. to focus it. */
  inputRef?: Ref<HTMLTextAreaElement>;
};

// Actions report failures through `chat` state (shown by the message list), so a rejected
// promise needs no handling here, except a first message whose thread could not be created.
const ignore = () => {};

/**
 * The message input. Enter sends, Shift+Enter adds a line, Escape stops a streaming reply.
 * While the assistant waits for input it offers Approve / Reject, and the text is sent as the
 * answer. Text that could not be sent because its new thread could not be created comes back.
 */
export function Composer({ chat, placeholder = "Type a message…", inputRef }: ComposerProps) {
  const thread = chat.threadManager;
  const { isRunning, isAwaitingInput } = thread;
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const canSend = draft.trim().length > 0 && !isRunning;
  // An approval request carries Approve / Reject on its tool call card: not repeated here.
  const approvalOnCard = isAwaitingInput && hasPendingApproval(thread.messages);

  // Enter while a reply streams sends nothing: say why, until the reply has ended.
  const [busyHint, setBusyHint] = useState(false);
  if (busyHint && !isRunning) setBusyHint(false);

  const send = () => {
    const text = draft.trim();
    if (text && isRunning) setBusyHint(true);
    if (!text || isRunning) return;
    setDraft("");
    if (isAwaitingInput) thread.respond({ type: "input", content: text }).catch(ignore);
    else
      thread.processMessage(text).catch((error: { code?: string } | null) => {
        // Nothing was sent (the thread could not be created): give the text back to retry.
        if (error?.code === "create_thread_failed") setDraft((current) => current || text);
      });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an IME composes text confirms the composition; it must not send.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && isRunning) {
      event.preventDefault();
      thread.stop();
    }
  };

  return (
    <form className="crayon-composer" onSubmit={onSubmit} aria-label="Send a message">
      {approvalOnCard && (
        <p className="crayon-composer__hint">
          Approve or reject the tool call above, or type an answer
        </p>
      )}
      {isAwaitingInput && !approvalOnCard && (
        <fieldset className="crayon-composer__awaiting">
          <legend className="crayon-composer__awaiting-text">
            The assistant is waiting for your answer
          </legend>
          <button
            type="button"
            className="crayon-button"
            disabled={isRunning}
            onClick={() => thread.respond({ type: "approve" }).catch(ignore)}
          >
            Approve
          </button>
          <button
            type="button"
            className="crayon-button crayon-button--secondary"
            disabled={isRunning}
            onClick={() => thread.respond({ type: "reject" }).catch(ignore)}
          >
            Reject
          </button>
        </fieldset>
      )}
      {busyHint && (
        <p className="crayon-composer__hint" role="status">
          A reply is still streaming: wait for it, or press Escape to stop it.
        </p>
      )}
      <div className="crayon-composer__row">
        <label htmlFor={inputId} className="crayon-visually-hidden">
          {isAwaitingInput ? "Your answer" : "Message"}
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          className="crayon-composer__input"
          rows={1}
          value={draft}
          placeholder={isAwaitingInput ? "Answer the assistant…" : placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {isRunning ? (
          <button
            type="button"
            className="crayon-composer__button crayon-composer__button--stop"
            aria-label="Stop generating"
            onClick={() => thread.stop()}
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            className="crayon-composer__button"
            aria-label={isAwaitingInput ? "Send answer" : "Send message"}
            disabled={!canSend}
          >
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}
