import type { ChatManager, QueuedMessage } from "@crayonai/react-core";
import { useEffect, useRef, useState } from "react";
import type { LocaleValue } from "../locale/format";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link QueuedMessages}. */
export type QueuedMessagesProps = {
  chat: ChatManager;
};

/** The text a queued message's parts carry. */
function textOf(content: QueuedMessage["content"]): string {
  if (typeof content === "string") return content;
  return content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join(" ");
}

/** The text of a queued message, with its attachments counted. */
function queuedText({ content }: QueuedMessage, { messages, format }: LocaleValue): string {
  const text = textOf(content);
  if (typeof content === "string") return text;
  const files = content.length - content.filter((part) => part.type === "text").length;
  const attached = files ? messages.queue.attachments(format.count(files)) : "";
  return [text, attached].filter(Boolean).join(" ");
}

/** The content with its text replaced by `text`; attachments stay. */
function withText(content: QueuedMessage["content"], text: string): QueuedMessage["content"] {
  if (typeof content === "string") return text;
  return [{ type: "text", text }, ...content.filter((part) => part.type !== "text")];
}

/**
 * What to announce when the queue changes: a message that joined it, or one that left it
 * without the user taking it out (so it was sent).
 */
function useQueueAnnouncement(
  queue: readonly QueuedMessage[],
  takenOut: Set<string>,
  locale: LocaleValue,
) {
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef(queue);
  useEffect(() => {
    const before = previous.current;
    previous.current = queue;
    const now = new Set(queue.map((m) => m.id));
    const was = new Set(before.map((m) => m.id));
    const added = queue.find((m) => !was.has(m.id));
    const sent = before.find((m) => !now.has(m.id) && !takenOut.has(m.id));
    const texts = locale.messages.queue;
    if (added) setAnnouncement(texts.item(queuedText(added, locale)));
    else if (sent) setAnnouncement(texts.sent(queuedText(sent, locale)));
  }, [queue, takenOut, locale]);
  return announcement;
}

/**
 * The selected thread's queue: messages sent while a reply streams, each with Edit and Remove,
 * shown under the running reply, above the composer. After Stop (or a failed reply) with
 * messages still queued it asks whether to send them now or discard them. A polite live
 * region says when a message is queued and when it is sent.
 */
export function QueuedMessages({ chat }: QueuedMessagesProps) {
  const thread = chat.threadManager;
  const { queue, queuePaused, isRunning } = thread;
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  // Messages the user removed or discarded: their leaving the queue is not a send.
  const takenOut = useRef(new Set<string>()).current;
  const locale = useLocale();
  const { queue: texts, common } = locale.messages;
  const announcement = useQueueAnnouncement(queue, takenOut, locale);
  const takeOut = (ids: string[]) => {
    for (const id of ids) takenOut.add(id);
  };

  const save = () => {
    const queued = queue.find((m) => m.id === editing?.id);
    if (queued && editing?.text.trim()) {
      thread.editQueued(queued.id, withText(queued.content, editing.text.trim()));
    }
    setEditing(null);
  };

  const count = queue.length;
  return (
    <>
      {count > 0 && (
        <section className="crayon-queue" aria-label={texts.label}>
          {queuePaused && !isRunning && (
            <div className="crayon-queue__prompt">
              <span>{texts.prompt(locale.format.count(count))}</span>
              <button type="button" className="crayon-button" onClick={thread.sendQueued}>
                {texts.sendNow}
              </button>
              <button
                type="button"
                className="crayon-button crayon-button--secondary"
                onClick={() => {
                  takeOut(queue.map((m) => m.id));
                  thread.clearQueue();
                }}
              >
                {texts.discard}
              </button>
            </div>
          )}
          <ul className="crayon-queue__list">
            {queue.map((queued) => {
              const text = queuedText(queued, locale);
              return (
                <li key={queued.id} className="crayon-queue__item" aria-label={texts.item(text)}>
                  {editing?.id === queued.id ? (
                    <>
                      <input
                        className="crayon-queue__input"
                        aria-label={texts.editLabel}
                        dir="auto"
                        value={editing.text}
                        onChange={(event) =>
                          setEditing({ id: queued.id, text: event.target.value })
                        }
                        onKeyDown={(event) => {
                          if (event.key === "Enter") save();
                          else if (event.key === "Escape") setEditing(null);
                        }}
                        // biome-ignore lint/a11y/noAutofocus: the field the user just asked for.
                        autoFocus
                      />
                      <button type="button" className="crayon-queue__action" onClick={save}>
                        {common.save}
                      </button>
                    </>
                  ) : (
                    <>
                      <span className="crayon-queue__tag" aria-hidden="true">
                        {texts.tag}
                      </span>
                      <span className="crayon-queue__text" dir="auto">
                        {text}
                      </span>
                      <button
                        type="button"
                        className="crayon-queue__action"
                        aria-label={texts.editItem(text)}
                        onClick={() => setEditing({ id: queued.id, text: textOf(queued.content) })}
                      >
                        {common.edit}
                      </button>
                      <button
                        type="button"
                        className="crayon-queue__action"
                        aria-label={texts.removeItem(text)}
                        onClick={() => {
                          takeOut([queued.id]);
                          thread.removeQueued(queued.id);
                        }}
                      >
                        {common.remove}
                      </button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <span className="crayon-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}
