import type { ChatManager } from "@crayonai/react-core";
import type { InputContent } from "@crayonai/stream";
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type AttachmentOptions,
  resolveAttachmentOptions,
} from "../internal/attachments/attachments";
import { useAttachments } from "../internal/attachments/useAttachments";
import { hasPendingApproval } from "../internal/toolCalls/pendingApproval";
import { useLocale } from "../locale/LocaleProvider";
import { AttachmentPreviews } from "./AttachmentPreviews";
import { takeModelContext, useMcpApps } from "./McpApps";
import { PaperclipIcon, SendIcon, StopIcon } from "./StrokeIcon";

/** Props of {@link Composer}. */
export type ComposerProps = {
  chat: ChatManager;
  /** Default: the catalogue's `composer.placeholder` ("Type a message…"). */
  placeholder?: string;
  /** The textarea, e.g. to focus it. */
  inputRef?: Ref<HTMLTextAreaElement>;
  /**
   * Attaching files (button, paste, drop), their limits and where they go; `false` turns
   * attaching off. Default: images and common documents, sent inline up to 4 MB each.
   */
  attachments?: AttachmentOptions | false;
};

// Actions report failures through `chat` state (shown by the message list), so a rejected
// promise needs no handling here, except a first message whose thread could not be created.
const ignore = () => {};

const NO_OPTIONS: AttachmentOptions = {};

/**
 * The message input. Enter sends, Shift+Enter adds a line, Escape stops a streaming reply.
 * While a reply streams, Enter queues the message (shown by `QueuedMessages`) to be sent when
 * the reply ends; with the chat's `queue: false` it is kept in the input and a hint says why.
 * Files can be attached with the paper clip button, pasted or dropped. While the assistant
 * waits for input it offers Approve / Reject, and the text is sent as the answer. Text (and
 * attachments) that could not be sent because the new thread could not be created come back.
 */
export function Composer({
  chat,
  placeholder,
  inputRef,
  attachments: attachmentOptions = NO_OPTIONS,
}: ComposerProps) {
  const thread = chat.threadManager;
  const { isRunning, isAwaitingInput } = thread;
  const { messages } = useLocale();
  const texts = messages.composer;
  // Enter queues a message only when the chat has a queue (`queue: false` refuses it instead).
  const queues = thread.queueEnabled !== false;
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const canAttach = attachmentOptions !== false && !isAwaitingInput;
  const options = useMemo(
    () => resolveAttachmentOptions(attachmentOptions || undefined),
    [attachmentOptions],
  );
  const files = useAttachments(options);
  const mcpApps = useMcpApps();
  const [dragging, setDragging] = useState(false);
  const hasContent = draft.trim().length > 0 || (canAttach && files.items.length > 0);
  const canSend = hasContent && !files.isUploading && !files.hasFailed;
  // An approval request carries Approve / Reject on its tool call card: not repeated here.
  const approvalOnCard = isAwaitingInput && hasPendingApproval(thread.messages);

  // A send refused while a reply streams (the queue is off): say why, until the reply has ended.
  const [busyHint, setBusyHint] = useState(false);
  if (busyHint && !isRunning) setBusyHint(false);

  const send = () => {
    const text = draft.trim();
    if (!canSend) return;
    setDraft("");
    if (isAwaitingInput) {
      thread.respond({ type: "input", content: text }).catch(ignore);
      return;
    }
    const taken = canAttach ? files.take() : [];
    const parts: InputContent[] = taken.flatMap((item) => (item.part ? [item.part] : []));
    const content: InputContent[] | string = parts.length
      ? [...(text ? [{ type: "text" as const, text }] : []), ...parts]
      : text;
    // What embedded apps gave the model since the last message goes with this one.
    const context = takeModelContext(mcpApps);
    thread
      .processMessage(
        context ? { content, context } : typeof content === "string" ? content : { content },
      )
      .then(
        () => files.release(taken),
        (error: { code?: string } | null) => {
          // Nothing was sent (the thread could not be created, or a reply streams and the queue
          // is off): give everything back to retry.
          const busy = error?.code === "thread_busy";
          if (busy || error?.code === "create_thread_failed") {
            setDraft((current) => current || text);
            files.restore(taken);
            setBusyHint(busy);
          } else files.release(taken);
        },
      );
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

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (!canAttach || pasted.length === 0) return;
    // Pasted files (a screenshot) are attached; pasted text goes into the input as usual.
    event.preventDefault();
    files.add(pasted);
  };

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  const dropHandlers = canAttach
    ? {
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          // Leaving for a child of the form is not leaving the drop area.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          files.add([...event.dataTransfer.files]);
        },
      }
    : {};

  return (
    <form
      className={`crayon-composer${dragging ? " crayon-composer--dragging" : ""}`}
      onSubmit={onSubmit}
      aria-label={texts.label}
      {...dropHandlers}
    >
      {approvalOnCard && <p className="crayon-composer__hint">{texts.approvalOnCard}</p>}
      {isAwaitingInput && !approvalOnCard && (
        <fieldset className="crayon-composer__awaiting">
          <legend className="crayon-composer__awaiting-text">{texts.awaitingAnswer}</legend>
          <button
            type="button"
            className="crayon-button"
            disabled={isRunning}
            onClick={() => thread.respond({ type: "approve" }).catch(ignore)}
          >
            {messages.common.approve}
          </button>
          <button
            type="button"
            className="crayon-button crayon-button--secondary"
            disabled={isRunning}
            onClick={() => thread.respond({ type: "reject" }).catch(ignore)}
          >
            {messages.common.reject}
          </button>
        </fieldset>
      )}
      {busyHint && (
        <p className="crayon-composer__hint" role="status">
          {texts.busy}
        </p>
      )}
      {canAttach && files.problems.length > 0 && (
        <div className="crayon-composer__problems" role="alert">
          {files.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {canAttach && (
        <AttachmentPreviews items={files.items} onRemove={files.remove} onRetry={files.retry} />
      )}
      {dragging && (
        <p className="crayon-composer__drop-hint" aria-hidden="true">
          {texts.dropFiles}
        </p>
      )}
      <span className="crayon-visually-hidden" role="status">
        {files.announcement}
      </span>
      <div className="crayon-composer__row">
        {canAttach && (
          <>
            <button
              type="button"
              className="crayon-composer__attach"
              aria-label={texts.attach}
              title={texts.attach}
              onClick={() => fileInputRef.current?.click()}
            >
              <PaperclipIcon />
            </button>
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              tabIndex={-1}
              accept={options.accept.join(",")}
              onChange={(event) => {
                files.add([...(event.target.files ?? [])]);
                // The same file can be chosen again after it was removed.
                event.target.value = "";
              }}
            />
          </>
        )}
        <label htmlFor={inputId} className="crayon-visually-hidden">
          {isAwaitingInput ? texts.answer : texts.message}
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          className="crayon-composer__input"
          // What the user types runs in its own direction, whatever the interface's.
          dir="auto"
          rows={1}
          value={draft}
          placeholder={
            isAwaitingInput
              ? texts.answerPlaceholder
              : isRunning && queues
                ? texts.queuePlaceholder
                : (placeholder ?? texts.placeholder)
          }
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        {isRunning ? (
          <button
            type="button"
            className="crayon-composer__button crayon-composer__button--stop"
            aria-label={texts.stop}
            onClick={() => thread.stop()}
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            className="crayon-composer__button"
            aria-label={isAwaitingInput ? texts.sendAnswer : texts.send}
            disabled={!canSend}
          >
            <SendIcon />
          </button>
        )}
      </div>
    </form>
  );
}
