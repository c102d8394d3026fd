import type { StreamBatching } from "../../types";

/**
 * At most 20 updates a second: enough for text to flow, and a third of the renders of one per
 * frame (the AI SDK's docs throttle `useChat` to 50 ms for markdown for the same reason).
 */
export const DEFAULT_STREAM_BATCHING: StreamBatching = { intervalMs: 50 };

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
 * - `{ intervalMs }`: at most once every `intervalMs`; the first change after a quiet interval
 *   in the next task (a first token is not held back).
 */
export function createBatchScheduler(
  mode: StreamBatching = DEFAULT_STREAM_BATCHING,
): BatchScheduler {
  let pending: (() => void) | undefined;
  let cancelTimer: (() => void) | undefined;
  let lastRunAt = Number.NEGATIVE_INFINITY;

  const run = () => {
    lastRunAt = Date.now();
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
    const delay =
      typeof mode === "string" ? 16 : Math.max(0, lastRunAt + mode.intervalMs - Date.now());
    const timer = setTimeout(run, delay);
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
