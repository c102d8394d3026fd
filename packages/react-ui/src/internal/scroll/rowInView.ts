/**
 * Calls `then` with the row at `index` once it is rendered (a row scrolled to appears a frame
 * or two later), giving up after about half a second (then `missed` is called).
 */
export function whenRowRendered(
  list: () => HTMLElement | null,
  index: number,
  then: (row: HTMLElement) => void,
  missed?: () => void,
): () => void {
  let frames = 30;
  let handle = 0;
  const look = () => {
    const row = list()?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) then(row);
    else if (frames-- > 0) handle = requestAnimationFrame(look);
    else missed?.();
  };
  look();
  return () => cancelAnimationFrame(handle);
}

/**
 * Keeps `range` (text in a long reply, maybe far below its row's top) in `list`'s view for a few
 * frames, while the scroll to its row settles as rows around it are measured.
 */
export function keepInView(list: HTMLElement, range: Range): () => void {
  // A DOM without layout has no geometry for text.
  if (typeof range.getBoundingClientRect !== "function") return () => {};
  let frames = 20;
  let handle = 0;
  const check = () => {
    const view = list.getBoundingClientRect();
    const text = range.getBoundingClientRect();
    if (text.top < view.top || text.bottom > view.bottom) {
      list.scrollTop += text.top - view.top - view.height / 2;
    }
    if (frames-- > 0) handle = requestAnimationFrame(check);
  };
  check();
  return () => cancelAnimationFrame(handle);
}
