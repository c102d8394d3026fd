/** Scroll events further apart than this are separate moves (a jump to an end), not a fling. */
const EVENTS_APART_MS = 100;

/**
 * Tells which scroll events are a fling's (a fast wheel or touch fling, a scrollbar drag):
 * those that come quickly after the one before and move half a viewport or more from it, so rows
 * come into view and leave it within a frame or two. The returned function takes each scroll
 * event of one list: its scroll position, its viewport height and when (ms). A single jump
 * (Home, End, a scroll to a message) is not a fling, nor is anything in a list without a height.
 */
export function createFlingDetector(): (
  position: number,
  viewport: number,
  time: number,
) => boolean {
  let lastPosition = 0;
  let lastTime = Number.NaN;
  return (position, viewport, time) => {
    const fast =
      viewport > 0 &&
      time - lastTime <= EVENTS_APART_MS &&
      Math.abs(position - lastPosition) * 2 >= viewport;
    lastPosition = position;
    lastTime = time;
    return fast;
  };
}
