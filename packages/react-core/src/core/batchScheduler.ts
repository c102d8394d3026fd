import type { StreamBatching } from "../types";

/** Coalesces many `schedule` calls into one run of the latest callback. */
export type BatchScheduler = {
  /** Runs `fn` at the next batch boundary (once, however often it is scheduled before that). */
  schedule(fn: () => void): void;
  /**
   * Tells the scheduler that the source has nothing more to deliver right now (the stream waits
   * for the network). In `"microtask"` mode this is the batch boundary.
   */
  idle(): void;
  /** Drops a scheduled run. */
  cancel(): void;
};

/**
 * Batches store notifications while a reply streams:
 * - `"frame"`: once per animation frame (falling back to a 100 ms timer when frames stop, e.g.
 *   in a background tab, and to a 16 ms timer where there is no `requestAnimationFrame`, e.g.
 *   on a server);
 * - `"microtask"`: once per burst of events that arrived together (one network chunk), in a
 *   microtask after the source reported {@link BatchScheduler.idle}: every event of a chunk is
 *   applied before anything is published;
 * - `{ intervalMs }`: at most once every `intervalMs`.
 */
export function createBatchScheduler(mode: StreamBatching = "frame"): BatchScheduler {
  let pending: (() => void) | undefined;
  let cancelTimer: (() => void) | undefined;

  const run = () => {
    cancelTimer = undefined;
    const fn = pending;
    pending = undefined;
    fn?.();
  };

  const armMicrotask = (): (() => void) => {
    let live = true;
    queueMicrotask(() => live && run());
    return () => {
      live = false;
    };
  };

  const arm = (): (() => void) => {
    if (mode === "frame" && typeof requestAnimationFrame === "function") {
      // Frames stop in hidden tabs; the timer makes sure a background thread still updates.
      const frame = requestAnimationFrame(() => {
        clearTimeout(timer);
        run();
      });
      const timer = setTimeout(() => {
        cancelAnimationFrame(frame);
        run();
      }, 100);
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
    const timer = setTimeout(run, typeof mode === "string" ? 16 : mode.intervalMs);
    return () => clearTimeout(timer);
  };

  return {
    schedule(fn) {
      pending = fn;
      if (mode !== "microtask" && !cancelTimer) cancelTimer = arm();
    },
    idle() {
      if (mode === "microtask" && pending && !cancelTimer) cancelTimer = armMicrotask();
    },
    cancel() {
      cancelTimer?.();
      cancelTimer = undefined;
      pending = undefined;
    },
  };
}
