import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";

const MINUTE = 60 * 1000;

// One clock for every component that shows relative times: one timer, running only while a
// component on screen listens and the page is visible.
let now = new Date();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

const pageHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

function tick(): void {
  now = new Date();
  for (const listener of listeners) listener();
}

function runWhileNeeded(): void {
  const needed = listeners.size > 0 && !pageHidden();
  if (needed && timer === undefined) {
    // Read afresh when the clock starts (the listener that started it sees the change).
    now = new Date();
    timer = setInterval(tick, MINUTE);
  } else if (!needed && timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
}

function onVisibilityChange(): void {
  if (timer === undefined && !pageHidden()) tick();
  runWhileNeeded();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof document !== "undefined")
    document.addEventListener("visibilitychange", onVisibilityChange);
  listeners.add(listener);
  runWhileNeeded();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof document !== "undefined")
      document.removeEventListener("visibilitychange", onVisibilityChange);
    runWhileNeeded();
  };
}

function readNow(): Date {
  // Nobody listens: the time is read afresh, at most once a minute so one render sees one time
  // (either way: the system clock may have been set back).
  if (timer === undefined && Math.abs(Date.now() - now.getTime()) >= MINUTE) now = new Date();
  return now;
}

const noSubscription = () => () => {};

/** Whether `target` shows on screen; true when unknown (no target, no IntersectionObserver). */
function useOnScreen(target: RefObject<Element | null> | undefined): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target?.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // A drawer slid off screen touches the viewport's edge: it intersects with no area, so
    // the ratio (not `isIntersecting`) says whether it shows; the threshold reports the change.
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setOnScreen(entry.intersectionRatio > 0);
      },
      { threshold: [0, 0.01] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

/**
 * The current time, for relative times ("5 min", "Today") that must stay true while shown: it
 * changes once a minute while the component is mounted, `target` (if given) is on screen and
 * the page is visible. Every component shares one timer, and none runs when nothing shows.
 *
 * @example
 * ```tsx
 * const navRef = useRef<HTMLElement>(null);
 * const now = useMinuteClock(navRef);
 * return <nav ref={navRef}>{threadTimeLabel(thread.updatedAt ?? thread.createdAt, now)}</nav>;
 * ```
 */
export function useMinuteClock(target?: RefObject<Element | null>): Date {
  const onScreen = useOnScreen(target);
  return useSyncExternalStore(onScreen ? subscribe : noSubscription, readNow, readNow);
}
