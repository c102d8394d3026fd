import { type RefObject, useEffect } from "react";

/** What the stick-to-bottom hook exposes that this needs. */
type StickState = { isAtBottom: boolean; animation?: unknown };

/** Within this many pixels of its end a list shows its end (scroll positions are rounded). */
const AT_END_PX = 1;

function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.clientHeight - element.scrollTop;
}

/**
 * Makes a list that follows its end stay at its very end, and one scrolled to its very end
 * follow it again. The stick-to-bottom hook misses both in a windowed list, where rows are
 * measured as they arrive:
 * - it follows content that grows, not content that shrinks (rows measured smaller than their
 *   estimate), which leaves a list that was a few pixels short of its end mid-correction short
 *   of it for good;
 * - it ignores a scroll that comes with a change of the content's height, so a drag to the end
 *   while rows there are measured leaves it not following, and the rows growing below push the
 *   end out of view.
 */
export function useSettleAtEnd(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  state: StickState,
  scrollToBottom: (animation: "instant") => unknown,
): void {
  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    const settle = () => {
      if (state.isAtBottom && !state.animation && distanceFromEnd(element) > AT_END_PX) {
        element.scrollTop = element.scrollHeight;
      }
    };
    const onScroll = () => {
      if (!state.isAtBottom && distanceFromEnd(element) <= AT_END_PX) scrollToBottom("instant");
    };
    const resizes = new ResizeObserver(settle);
    resizes.observe(content);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      resizes.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, [scrollRef, contentRef, state, scrollToBottom]);
}
