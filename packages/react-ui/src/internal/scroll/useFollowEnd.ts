import { type RefObject, useEffect } from "react";

/** What the stick-to-bottom hook exposes that this needs. */
type StickState = { isAtBottom: boolean; animation?: unknown };

/**
 * What the stick-to-bottom hook misses in a windowed list, where rows are measured as they
 * arrive and so change the content's height on almost every long scroll:
 * - it ignores a scroll that comes with a change of the content's height. A list scrolled more
 *   than a viewport from its end stops following it here (a drag to the top would otherwise be
 *   pulled back to the end), and one scrolled to its very end follows it again (a drag to the end
 *   while rows there are measured would otherwise leave the rows growing below to push the end
 *   out of view);
 * - it follows content that grows, not content that shrinks (rows measured smaller than their
 *   estimate): a list that follows its end is brought back to it, or an opened thread that was a
 *   few pixels short of its end mid-correction would stay short of it.
 * The hook's own scrolls (its animation) are left alone.
 */
export function useFollowEnd(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  state: StickState,
  scrollToBottom: (animation: "instant") => unknown,
  stopScroll: () => void,
): void {
  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    // Within a pixel of its end a list shows its end (scroll positions are rounded).
    const fromEnd = () => element.scrollHeight - element.clientHeight - element.scrollTop;
    const onScroll = () => {
      if (state.animation) return;
      if (!state.isAtBottom) {
        if (fromEnd() <= 1) scrollToBottom("instant");
      } else if (fromEnd() > element.clientHeight) stopScroll();
    };
    const resizes = new ResizeObserver(() => {
      if (state.isAtBottom && !state.animation && fromEnd() > 1)
        element.scrollTop = element.scrollHeight;
    });
    resizes.observe(content);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      resizes.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, [scrollRef, contentRef, state, scrollToBottom, stopScroll]);
}
