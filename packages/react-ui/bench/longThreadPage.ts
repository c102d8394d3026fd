// Functions the long-thread runner sends into a contender's page (with `page.evaluate`): they
// run there, so they use only the DOM and what is passed to them.

/** What the page keeps for the runner between its calls. */
type LongThreadWatch = {
  /** DOM mutation records since the load began. */
  mutations: number;
  /** `performance.now()` when the last message's last word was first seen in the viewport. */
  lastVisibleAt?: number;
  /** Scroll height of the list then. */
  scrollHeightAtVisible?: number;
};

declare global {
  interface Window {
    benchLongThread?: LongThreadWatch;
  }
}

/** The runner's view of the page at one moment. */
export type PageState = {
  /** The page's clock (`performance.now()`), to place long tasks. */
  now: number;
  mutations: number;
  lastVisibleAt?: number;
  scrollHeightAtVisible?: number;
  scrollHeight: number;
  /** Whether the rows in the viewport show formatted text (see {@link readPageState}). */
  visibleFormatted: boolean;
};

/** Where the rows are: the contender's scrolling list, and the marker ending the last message. */
export type ListTarget = { listSelector: string; lastId: string; marker: string };

/**
 * Counts DOM mutations from now on, opens the stored thread, and watches every frame for the
 * last message's final word to be inside the list's viewport. Returns the page's clock at the
 * start of the load.
 */
export function startLongThread({ listSelector, lastId, marker }: ListTarget): number {
  const watch: LongThreadWatch = { mutations: 0 };
  window.benchLongThread = watch;
  new MutationObserver((records) => {
    watch.mutations += records.length;
  }).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });

  // The last row from the list's end backwards (a few steps: what follows the rows is small),
  // so a frame's check does not scan a tree of 100,000 nodes.
  const lastRow = (list: Element): Element | null => {
    let element: Element | null = list;
    while (element?.lastElementChild) element = element.lastElementChild;
    for (let steps = 0; element && element !== list && steps < 200; steps++) {
      const row = element.closest("[data-message-id]");
      if (row) return row;
      element = element.previousElementSibling
        ? deepestLast(element.previousElementSibling)
        : element.parentElement;
    }
    return null;
  };
  const deepestLast = (from: Element): Element => {
    let element = from;
    while (element.lastElementChild) element = element.lastElementChild;
    return element;
  };
  const markerInView = (list: Element): boolean => {
    const row = lastRow(list);
    if (row?.getAttribute("data-message-id") !== lastId) return false;
    if (!row.textContent?.includes(marker)) return false;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      if (!text.data.includes(marker)) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const word = range.getBoundingClientRect();
      const view = list.getBoundingClientRect();
      return word.height > 0 && word.top >= view.top - 1 && word.bottom <= view.bottom + 1;
    }
    return false;
  };
  const check = () => {
    const list = document.querySelector(listSelector);
    if (list && markerInView(list)) {
      watch.lastVisibleAt = performance.now();
      watch.scrollHeightAtVisible = list.scrollHeight;
    } else requestAnimationFrame(check);
  };
  const startedAt = performance.now();
  window.bench!.loadHistory();
  requestAnimationFrame(check);
  return startedAt;
}

/**
 * The page's state for the runner. `checkFormatting`: also probe the viewport (points every
 * 40 px down the list, at three columns) for the rows on screen and tell whether all of them are
 * formatted: none shows markdown syntax as text (`**`, a code fence, a link's `](`; not a
 * table's rule, which the AI SDK recipe's CommonMark leaves as text). The runner stops asking once it was true.
 */
export function readPageState({
  listSelector,
  checkFormatting,
}: {
  listSelector: string;
  checkFormatting: boolean;
}): PageState {
  const watch = window.benchLongThread!;
  const list = document.querySelector(listSelector);
  let visibleFormatted = false;
  if (list && checkFormatting && watch.lastVisibleAt !== undefined) {
    const view = list.getBoundingClientRect();
    const rows = new Set<Element>();
    for (let y = view.top + 4; y < view.bottom; y += 40) {
      for (const x of [0.25, 0.5, 0.75]) {
        const hit = document.elementFromPoint(view.left + view.width * x, y);
        const row = hit?.closest("[data-message-id]");
        if (row && list.contains(row)) rows.add(row);
      }
    }
    const raw = /\*\*|```|\]\(/;
    visibleFormatted = rows.size > 0 && [...rows].every((row) => !raw.test(row.textContent ?? ""));
  }
  return {
    now: performance.now(),
    mutations: watch.mutations,
    lastVisibleAt: watch.lastVisibleAt,
    scrollHeightAtVisible: watch.scrollHeightAtVisible,
    scrollHeight: list?.scrollHeight ?? 0,
    visibleFormatted,
  };
}

/** What a scroll sweep saw. */
export type SweepResult = {
  /** The longest time between two animation frames during the sweep. */
  maxFrameGapMs: number;
  frames: number;
  minScrollHeight: number;
  maxScrollHeight: number;
};

/**
 * Scrolls the list from the bottom to the top and back, `durationMs` each way, moving
 * `scrollTop` every animation frame in proportion to the time passed (as a fling or a dragged
 * scrollbar does: the rows shown change every frame). Ends at the bottom.
 */
export function sweepScroll({
  listSelector,
  durationMs,
}: {
  listSelector: string;
  durationMs: number;
}): Promise<SweepResult> {
  const list = document.querySelector(listSelector)!;
  const result: SweepResult = {
    maxFrameGapMs: 0,
    frames: 0,
    minScrollHeight: list.scrollHeight,
    maxScrollHeight: list.scrollHeight,
  };
  let lastFrame: number | undefined;
  const leg = (upwards: boolean) =>
    new Promise<void>((resolve) => {
      let start: number | undefined;
      const frame = (now: number) => {
        start ??= now;
        if (lastFrame !== undefined) {
          result.maxFrameGapMs = Math.max(result.maxFrameGapMs, now - lastFrame);
        }
        lastFrame = now;
        result.frames++;
        const height = list.scrollHeight;
        result.minScrollHeight = Math.min(result.minScrollHeight, height);
        result.maxScrollHeight = Math.max(result.maxScrollHeight, height);
        const progress = Math.min(1, (now - start) / durationMs);
        const bottom = height - list.clientHeight;
        list.scrollTop = (upwards ? 1 - progress : progress) * bottom;
        if (progress < 1) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
  return leg(true)
    .then(() => leg(false))
    .then(() => result);
}

/** Where the list is scrolled: its distance from the top and from the bottom, in px. */
export function scrollPosition(listSelector: string): { fromTop: number; fromBottom: number } {
  const list = document.querySelector(listSelector)!;
  return {
    fromTop: list.scrollTop,
    fromBottom: list.scrollHeight - list.clientHeight - list.scrollTop,
  };
}

/** Jumps the list to its top or its bottom, as the Home and End keys do. */
export function jumpTo({ listSelector, end }: { listSelector: string; end: "top" | "bottom" }) {
  const list = document.querySelector(listSelector)!;
  list.scrollTop = end === "top" ? 0 : list.scrollHeight;
}
