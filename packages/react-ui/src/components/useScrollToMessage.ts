import type { Message } from "@crayonai/stream";
import type { Virtualizer } from "@tanstack/react-virtual";
import { createContext, type RefObject, useCallback, useContext } from "react";
import type { ListRow } from "../internal/replyTurns";
import { rowOfMessage } from "../internal/replyTurns";
import { whenRowRendered } from "../internal/scroll/rowInView";

/** How {@link ScrollToMessage} brings a message into view. */
export type ScrollToMessageOptions = {
  /**
   * Where the message sits in the list's view: its top at the top (`"start"`, the default), in
   * the middle (`"center"`), its bottom at the bottom (`"end"`), or `"nearest"`: no scroll if it
   * is already in view, else the least scroll that shows it.
   */
  align?: "start" | "center" | "end" | "nearest";
  /** `"smooth"` animates the last step, from the message's row to the message; `"auto"` (the default) jumps. */
  behavior?: "auto" | "smooth";
};

/**
 * Scrolls the message list to the message with `messageId`, even when its row is not rendered
 * (the list renders only the rows near its viewport): the row is kept rendered, and the list
 * keeps it in place while the rows around it are measured. The list stops following a
 * streaming reply, as when the reader scrolls up; "Scroll to latest message" or the next
 * message sent resumes it.
 *
 * Resolves with the message's element once it is in view (to scroll to something inside it),
 * or `undefined` when the message is not in the list or there is no list.
 */
export type ScrollToMessage = (
  messageId: string,
  options?: ScrollToMessageOptions,
) => Promise<HTMLElement | undefined>;

/** What the message list gives {@link useScrollToMessage}. */
export type MessageListHandle = {
  visible: readonly Message[];
  listRows: readonly ListRow[];
  rows: Virtualizer<HTMLElement, HTMLElement>;
  feed: RefObject<HTMLElement | null>;
  stopScroll: () => void;
  setRevealedRow: (index: number | undefined) => void;
};

/** The enclosing message list's handle; `MessageList` provides it. */
export const MessageListContext = createContext<RefObject<MessageListHandle | null> | null>(null);

/** The element of message `id` in `row` (a reply's row holds several), or the row. */
function messageElement(row: HTMLElement, id: string): HTMLElement {
  const parts = row.querySelectorAll<HTMLElement>("[data-message-id]");
  return Array.from(parts).find((part) => part.dataset.messageId === id) ?? row;
}

/**
 * Scrolls the list's own scroller to put `element` where `align` says. Not `scrollIntoView`: that
 * scrolls every box around the list too, so a list that could not scroll far enough (a message
 * near its end) moved the whole page.
 */
function scrollInList(
  scroller: HTMLElement,
  element: HTMLElement,
  align: NonNullable<ScrollToMessageOptions["align"]>,
  behavior: ScrollBehavior,
): void {
  const view = scroller.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const toStart = box.top - view.top;
  const toEnd = box.bottom - view.bottom;
  const offset =
    align === "start"
      ? toStart
      : align === "end"
        ? toEnd
        : align === "center"
          ? (toStart + toEnd) / 2
          : // "nearest": nothing when in view; else the least move (its top, if it is taller).
            toStart < 0
            ? toStart
            : toEnd > 0
              ? Math.min(toEnd, toStart)
              : 0;
  if (offset) scroller.scrollBy?.({ top: offset, behavior });
}

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
 * await scrollToMessage(boardMessageId, { align: "start" });
 * ```
 */
export function useScrollToMessage(): ScrollToMessage {
  const list = useContext(MessageListContext);
  return useCallback(
    (messageId, { align = "start", behavior = "auto" } = {}) =>
      new Promise((resolve) => {
        const handle = list?.current;
        const index = handle ? handle.visible.findIndex((m) => m.id === messageId) : -1;
        if (!handle || index < 0) return resolve(undefined);
        // The reader's move, as going to a search match: the list stops following the reply.
        handle.stopScroll();
        const row = rowOfMessage(handle.listRows, index);
        // Rendered wherever the scroll is; the window then holds the row as rows are measured.
        handle.setRevealedRow(row);
        handle.rows.scrollToIndex(row, { align: align === "nearest" ? "auto" : align });
        whenRowRendered(
          () => handle.feed.current,
          row,
          (element) => {
            const message = messageElement(element, messageId);
            const scroller = handle.rows.scrollElement;
            if (scroller) scrollInList(scroller, message, align, behavior);
            resolve(message);
          },
          () => resolve(undefined),
        );
      }),
    [list],
  );
}
