/** Scroll events further apart than this are separate moves (a jump to an end), not a fling. */
const EVENTS_APART_MS = 100;
/** A fling starts at a viewport's height every this many ms: half a viewport a 60 Hz frame. */
const FLING_VIEWPORT_MS = 32;
/**
 * A fling ends once it has been slower than half its speed for this long: a single slow event
 * (the list holding its place while rows are measured) does not end it.
 */
const SLOWED_FOR_MS = 100;

/**
 * Tells which scroll events are a fling's (a fast wheel or touch fling, a scrollbar drag):
 * those that come quickly after the one before at a speed that moves half a viewport or more a
 * frame, so rows come into view and leave it within a frame or two. A fling goes on until the
 * list has moved slower than half that speed for {@link SLOWED_FOR_MS} (the tail of a momentum
 * scroll shows rows again while it still moves) or pauses. The returned function takes each scroll event of one list: its scroll
 * position, its viewport height and when (ms). A single jump (Home, End, a scroll to a message)
 * is not a fling, nor is anything in a list without a height.
 */
export function createFlingDetector(): (
  position: number,
  viewport: number,
  time: number,
) => boolean {
  let lastPosition = 0;
  let lastTime = Number.NaN;
  let flinging = false;
  let lastFast = Number.NaN;
  return (position, viewport, time) => {
    const elapsed = time - lastTime;
    // Two events in the same millisecond: as if a millisecond apart.
    const speed = Math.abs(position - lastPosition) / Math.max(elapsed, 1);
    lastPosition = position;
    lastTime = time;
    const flingSpeed = viewport / FLING_VIEWPORT_MS;
    const fast =
      viewport > 0 &&
      elapsed <= EVENTS_APART_MS &&
      speed >= (flinging ? flingSpeed / 2 : flingSpeed);
    if (fast) lastFast = time;
    flinging = fast || (flinging && time - lastFast <= SLOWED_FOR_MS);
    return flinging;
  };
}
