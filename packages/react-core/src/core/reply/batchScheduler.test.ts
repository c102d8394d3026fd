import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatchScheduler } from "./batchScheduler";

describe("createBatchScheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('"frame" runs the latest callback once per animation frame', async () => {
    const scheduler = createBatchScheduler("frame");
    const runs: number[] = [];
    for (let i = 0; i < 100; i++) scheduler.schedule(() => runs.push(i));
    expect(runs).toEqual([]);

    await vi.advanceTimersToNextFrame();
    expect(runs).toEqual([99]);

    scheduler.schedule(() => runs.push(100));
    await vi.advanceTimersToNextFrame();
    expect(runs).toEqual([99, 100]);
  });

  it('"frame" still runs when frames stop (a background tab), after 100 ms', async () => {
    const raf = vi.spyOn(globalThis, "requestAnimationFrame").mockImplementation(() => 1);
    const scheduler = createBatchScheduler("frame");
    const run = vi.fn();
    scheduler.schedule(run);

    await vi.advanceTimersByTimeAsync(99);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    raf.mockRestore();
  });

  it('"microtask" runs once the source is idle, not per scheduled update', async () => {
    const scheduler = createBatchScheduler("microtask");
    const runs: number[] = [];
    for (let i = 0; i < 50; i++) {
      scheduler.schedule(() => runs.push(i));
      await Promise.resolve();
    }
    expect(runs).toEqual([]);

    scheduler.idle();
    scheduler.idle();
    await Promise.resolve();
    expect(runs).toEqual([49]);

    scheduler.idle();
    await Promise.resolve();
    expect(runs).toEqual([49]);
  });

  it("{ intervalMs } runs the first change in the next task, then at most once per interval", async () => {
    const scheduler = createBatchScheduler({ intervalMs: 50 });
    const run = vi.fn();
    scheduler.schedule(run);
    scheduler.schedule(run);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    scheduler.schedule(run);
    scheduler.schedule(run);
    await vi.advanceTimersByTimeAsync(49);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("cancel drops a scheduled run", async () => {
    for (const mode of ["frame", "microtask", { intervalMs: 10 }] as const) {
      const scheduler = createBatchScheduler(mode);
      const run = vi.fn();
      scheduler.schedule(run);
      scheduler.idle();
      scheduler.cancel();
      await vi.advanceTimersByTimeAsync(200);
      expect(run).not.toHaveBeenCalled();
    }
  });
});
