import {
  defaultRangeExtractor,
  observeElementRect,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { type UIEvent, useCallback, useRef, useState } from "react";
import type { ListRow } from "../replyTurns";
import { estimateRowHeight } from "./rowHeightEstimate";
import { createFlingDetector } from "./scrollFling";

/** Pixels between two rows (the stylesheet's `.crayon-message-list__row + .crayon-message-list__row`). */
export const ROW_GAP = 16;

/** Rows rendered beyond each edge of the viewport, so a short scroll shows rows already laid out. */
const OVERSCAN = 4;

/**
 * Rows rendered where the list has no size (not laid out: hidden, or a DOM without layout such
 * as jsdom): the last ones, which is where a thread opens.
 */
export const ROWS_WITHOUT_LAYOUT = 30;

const SIZE_WITHOUT_LAYOUT = { width: 0, height: 1 };

const NONE: readonly number[] = [];

/** The keys of `rows`, the same array while they are the same keys (a reply streaming). */
function useStableIds(rows: readonly ListRow[]): readonly string[] {
  const previous = useRef<readonly string[]>([]);
  const last = previous.current;
  if (last.length === rows.length && rows.every((row, i) => row.key === last[i])) return last;
  previous.current = rows.map((row) => row.key);
  return previous.current;
}

/**
 * The window of rows to render: the range in view (or the end, without layout; only the last
 * row while the list flings), and the kept rows: the focused one (or focus would fall to the
 * page) and the ones being scrolled to.
 */
function rowsToRender(
  range: Range,
  hasLayout: boolean,
  flinging: boolean,
  kept: (number | undefined)[],
): number[] {
  const indexes = !hasLayout
    ? Array.from(
        { length: Math.min(range.count, ROWS_WITHOUT_LAYOUT) },
        (_, i) => range.count - Math.min(range.count, ROWS_WITHOUT_LAYOUT) + i,
      )
    : flinging
      ? [range.count - 1]
      : defaultRangeExtractor(range);
  for (const index of kept) {
    if (index !== undefined && index < range.count && !indexes.includes(index)) indexes.push(index);
  }
  return indexes.sort((a, b) => a - b);
}

/** What {@link useMessageWindow} returns. */
export type MessageWindow = {
  rows: Virtualizer<HTMLElement, HTMLElement>;
  /** Keeps the row at `index` rendered while it (or something in it) has focus. */
  setFocusedRow: (index: number | undefined) => void;
  /** Keeps the row at `index` rendered while the list scrolls to it, wherever the scroll is. */
  setRevealedRow: (index: number | undefined) => void;
  /** The scroll list's scroll handler: tells when the reader flings it. */
  onScroll: (event: UIEvent<HTMLElement>) => void;
};

/**
 * Windowing for the message list: only rows near the viewport are rendered. A row is a user
 * message or a whole reply (so a reply's height is measured as one and its parts never drift
 * apart). A row's measured height is kept by its first message's id (so it survives branch
 * switches, the row leaving the window and the reply growing); rows never measured have a height
 * estimated from their text.
 */
export function useMessageWindow(
  listRows: readonly ListRow[],
  scrollElement: () => HTMLElement | null,
  /** A row kept rendered wherever the scroll is (the search match). */
  kept?: number,
  /** More such rows, read each time the window is worked out (rows holding a live app). */
  held: readonly number[] = NONE,
): MessageWindow {
  const ids = useStableIds(listRows);
  const current = useRef(listRows);
  current.current = listRows;
  const focused = useRef<number | undefined>(undefined);
  // State, not a ref: the window must be recomputed for the row to render before any scroll.
  const [revealed, setRevealedRow] = useState<number | undefined>();
  const hasLayout = useRef(false);
  const [flinging, setFlinging] = useState(false);

  const rows = useVirtualizer<HTMLElement, HTMLElement>({
    count: ids.length,
    getScrollElement: scrollElement,
    // Keys change with the ids, so positions are recomputed when the list changes.
    getItemKey: useCallback((index: number) => ids[index] ?? index, [ids]),
    estimateSize: useCallback((index: number) => {
      const row = current.current[index];
      return row ? row.messages.reduce((sum, m) => sum + estimateRowHeight(m), 0) : 0;
    }, []),
    overscan: OVERSCAN,
    gap: ROW_GAP,
    // A scroll event re-renders in React's next batch rather than synchronously inside the
    // event: fast scrolling renders once a frame instead of once an event.
    useFlushSync: false,
    // A fling also ends once the list has not scrolled for the virtualizer's 150 ms.
    onChange: (instance) => instance.isScrolling || setFlinging(false),
    // Without a size the virtualizer renders nothing: it gets a stand-in, and the last rows.
    initialRect: SIZE_WITHOUT_LAYOUT,
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => {
        hasLayout.current = rect.height > 0;
        report(hasLayout.current ? rect : SIZE_WITHOUT_LAYOUT);
      }),
    rangeExtractor: useCallback(
      (range: Range) =>
        rowsToRender(range, hasLayout.current, flinging, [
          focused.current,
          revealed,
          kept,
          ...held,
        ]),
      [revealed, kept, held, flinging],
    ),
  });

  const setFocusedRow = useCallback((index: number | undefined) => {
    focused.current = index;
  }, []);

  // Rows that pass the viewport within a frame or two are not worth rendering: while the list
  // flings, rows in its window keep their (measured or estimated) room but are not rendered.
  // Once it settles they render and are measured, rows above the viewport keeping it in place.
  const [isFling] = useState(createFlingDetector);
  const onScroll = ({ currentTarget: list, timeStamp }: UIEvent<HTMLElement>) =>
    setFlinging(isFling(list.scrollTop, list.clientHeight, timeStamp));

  return { rows, setFocusedRow, setRevealedRow, onScroll };
}
