import { createContext, useContext } from "react";

/** How {@link ScrollToMessage} brings a message into view. */
export type ScrollToMessageOptions = {
  /**
   * Where the message sits in the list's view: its top at the top (`"start"`, the default), in
   * the middle (`"center"`), its bottom at the bottom (`"end"`), or `"nearest"`: no scroll if it
   * is already in view, else the least scroll that shows it.
   */
  align?: "start" | "center" | "end" | "nearest";
  /** `"smooth"` animates the scroll; `"auto"` (the default) jumps. */
  behavior?: "auto" | "smooth";
};

/**
 * Scrolls the message list to the message with `messageId`, even when its row is not rendered
 * (the list renders only the rows near its viewport), and holds it there while the rows around
 * it are measured. The list stops following a streaming reply, as when the reader scrolls up;
 * "Scroll to latest message" or the next message sent resumes it. The reader's own wheel, touch
 * or key ends the hold at once.
 *
 * Resolves with the message's element once it is in place (to scroll to something inside it),
 * or `undefined` when the message is not in the list, the list is gone, or the reader scrolled
 * meanwhile.
 */
export type ScrollToMessage = (
  messageId: string,
  options?: ScrollToMessageOptions,
) => Promise<HTMLElement | undefined>;

const outsideList: ScrollToMessage = () => Promise.resolve(undefined);

/** The scroll of the enclosing message list; `MessageList` provides it. */
export const ScrollToMessageContext = createContext<ScrollToMessage>(outsideList);

/**
 * The {@link ScrollToMessage} function of the enclosing message list, for components rendered in
 * it (tool UIs, activity renderers, message parts). Its identity is stable, so a component may
 * keep it and call it after it left the list's window, e.g. to follow work that an earlier
 * message shows. Outside a message list it resolves `undefined` and does nothing.
 *
 * @example
 * ```tsx
 * const scrollToMessage = useScrollToMessage();
 * // The board of an earlier turn re-runs: go back to it.
 * await scrollToMessage(boardMessageId, { align: "start", behavior: "smooth" });
 * ```
 */
export function useScrollToMessage(): ScrollToMessage {
  return useContext(ScrollToMessageContext);
}
