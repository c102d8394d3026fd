/** Where a target sits in the list's view once scrolled to ("nearest": the least scroll that shows it). */
export type ViewAlign = "start" | "center" | "end" | "nearest";

/** Something with a box on the page: an element, or a range of text. */
export type Boxed = { getBoundingClientRect(): DOMRect };

/** Frames a target is held in place while rows around it are measured (about a third of a second). */
const HOLD_FRAMES = 20;

/** How far `list` must scroll for `box` to sit at `align` in its view. */
function offsetToAlign(view: DOMRect, box: DOMRect, align: ViewAlign): number {
  if (align === "start") return box.top - view.top;
  if (align === "end") return box.bottom - view.bottom;
  if (align === "center") return (box.top + box.bottom - view.top - view.bottom) / 2;
  if (box.top < view.top || box.height > view.height) return box.top - view.top;
  return Math.max(0, box.bottom - view.bottom);
}

/**
 * Calls `then` with the row at `index` once it is rendered (a row scrolled to appears a frame
 * or two later), giving up after about half a second (then `missed` is called).
 */
export function whenRowRendered(
  list: () => HTMLElement | null,
  index: number,
  then: (row: HTMLElement) => void,
  missed: () => void = () => {},
): () => void {
  let frames = 30;
  let handle = 0;
  const look = () => {
    const row = list()?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) then(row);
    else if (frames-- > 0) handle = requestAnimationFrame(look);
    else missed();
  };
  look();
  return () => cancelAnimationFrame(handle);
}

/**
 * Holds `target` (a message, or text far below its row's top) at `align` in `list`'s view for a
 * few frames, while the scroll to its row settles as rows around it are measured; `settling`
 * says a smooth scroll is still under way (the hold starts after it). The reader's wheel, touch
 * or key ends the hold at once: it never fights them. `done` runs when the hold ends, told
 * whether it ran its course (rather than being ended by the reader or cancelled).
 */
export function keepInView(
  list: HTMLElement,
  target: Boxed,
  align: ViewAlign,
  settling: () => boolean = () => false,
  done: (held: boolean) => void = () => {},
): () => void {
  let frames = HOLD_FRAMES;
  let waits = 120;
  let handle = 0;
  const stop = (held: boolean) => {
    cancelAnimationFrame(handle);
    for (const type of READER_INPUT) list.removeEventListener(type, interrupt);
    frames = -1;
    done(held);
  };
  const interrupt = () => stop(false);
  for (const type of READER_INPUT) list.addEventListener(type, interrupt, { passive: true });
  const hold = () => {
    if (settling() && waits-- > 0) {
      handle = requestAnimationFrame(hold);
      return;
    }
    // A DOM without layout (jsdom) has no geometry: nothing to correct.
    const box =
      typeof target.getBoundingClientRect === "function" && target.getBoundingClientRect();
    const by = box ? offsetToAlign(list.getBoundingClientRect(), box, align) : 0;
    if (Math.abs(by) >= 1) list.scrollTop += by;
    if (frames-- > 0) handle = requestAnimationFrame(hold);
    else stop(true);
  };
  hold();
  return () => {
    if (frames >= 0) interrupt();
  };
}

/** What the reader does to scroll: any of it ends a hold. */
const READER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
