import type { Message } from "@crayonai/stream";
import { messagePlainText } from "@crayonai/stream/text";
import type { Thread, ThreadGroup } from "../../types";
import { groupThreads } from "./threadGroups";
import { foldText } from "./threadText";

/** Options of {@link arrangeThreads}. */
export type ArrangeThreadsOptions = {
  /**
   * Search text: a thread is kept when every word of it is in its title, its preview or the
   * text of its loaded messages, ignoring case and accents ("cafe" finds "Café"). Empty keeps
   * every thread.
   */
  query?: string;
  /** The time the recency bands are counted from (default: now). */
  now?: Date;
  /**
   * A thread's loaded messages, if any, so the search finds words that are in neither its
   * title nor its preview. With the vanilla engine:
   * `(id) => chat.getThread(id)?.store.getState().messages`.
   */
  messagesOf?: (threadId: string) => readonly Message[] | undefined;
};

// A message is replaced, never changed in place: the folded text of each is made once, so a
// streamed reply's update folds that reply again, not the whole thread.
const foldedTexts = new WeakMap<Message, string>();

function foldedText(message: Message): string {
  let text = foldedTexts.get(message);
  if (text === undefined) {
    text = foldText(messagePlainText(message));
    foldedTexts.set(message, text);
  }
  return text;
}

/**
 * What a thread sidebar shows: the threads matching `query`, ordered by last activity (newest
 * first) and grouped by recency: "Today", "Yesterday", "Previous 7 days", "Previous 30 days",
 * then one group per month ("March", "December 2025" for another year), in the reader's time
 * zone. A pure function of its arguments, kept out of the engine so that an app that renders
 * no list never bundles it; `useThreadGroups` calls it from React.
 *
 * @example
 * ```ts
 * const { threads, query } = chat.store.getState();
 * const groups = arrangeThreads(threads, {
 *   query,
 *   messagesOf: (id) => chat.getThread(id)?.store.getState().messages,
 * });
 * ```
 */
export function arrangeThreads(
  threads: readonly Thread[],
  { query = "", now = new Date(), messagesOf }: ArrangeThreadsOptions = {},
): ThreadGroup[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groupThreads(threads, now);
  const matching = threads.filter((thread) => {
    const text = foldText(`${thread.title}\n${thread.preview ?? ""}`);
    const messages = messagesOf?.(thread.threadId) ?? [];
    // A word has no line break: it is in the messages' text when it is in one of them.
    return words.every(
      (word) => text.includes(word) || messages.some((m) => foldedText(m).includes(word)),
    );
  });
  return groupThreads(matching, now);
}
