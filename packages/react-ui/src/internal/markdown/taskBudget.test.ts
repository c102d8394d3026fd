import { afterEach, describe, expect, it, vi } from "vitest";
import { FORMAT_MS_PER_TASK, taskHasFormattingTime } from "./taskBudget";

describe("the formatting budget of a task", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("lasts the whole task, across its microtasks, and starts again in the next task", async () => {
    let now = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    expect(taskHasFormattingTime()).toBe(true);
    now += FORMAT_MS_PER_TASK - 1;
    expect(taskHasFormattingTime()).toBe(true);
    now += 2;
    expect(taskHasFormattingTime()).toBe(false);
    // A render in a microtask of the same task (React's sync lane) gets no new budget.
    await Promise.resolve();
    await Promise.resolve();
    expect(taskHasFormattingTime()).toBe(false);
    // A later task does (however the runtime orders a timer and a message between tasks).
    await vi.waitFor(() => expect(taskHasFormattingTime()).toBe(true));
  });

  it("starts again in a later task where there is no MessageChannel (Jest's jsdom)", async () => {
    // Whatever budget an earlier test left has ended, and its reset has come.
    await vi.waitFor(() => expect(taskHasFormattingTime()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, FORMAT_MS_PER_TASK + 20));
    vi.stubGlobal("MessageChannel", undefined);
    let now = 5000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    expect(taskHasFormattingTime()).toBe(true);
    now += FORMAT_MS_PER_TASK + 1;
    expect(taskHasFormattingTime()).toBe(false);
    await vi.waitFor(() => expect(taskHasFormattingTime()).toBe(true));
  });
});
