import { type RefObject, useEffect } from "react";

/** What the stick-to-bottom hook exposes that this needs. */
type StickState = { isAtBottom: boolean; animation?: unknown };

/**
 * Stops following the end once the list is scrolled more than a viewport away from it, however
 * that happened (scrollbar, keyboard, a script). The stick-to-bottom hook ignores a scroll that
 * comes with a change of the content's height, and in a windowed list rows measured on arrival
 * change it on almost every long scroll: without this, a drag to the top would be pulled back
 * to the end. The hook's own scrolls (to the end) are left alone.
 */
export function useReleaseFarFromBottom(
  scrollRef: RefObject<HTMLElement | null>,
  state: StickState,
  stopScroll: () => void,
): void {
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      if (!state.isAtBottom || state.animation) return;
      const fromEnd = element.scrollHeight - element.clientHeight - element.scrollTop;
      if (fromEnd > element.clientHeight) stopScroll();
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [scrollRef, state, stopScroll]);
}
