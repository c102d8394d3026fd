import { describe, expect, it } from "vitest";
import { ABORTED, abortableSteps } from "./abortable";

describe("abortableSteps", () => {
  it("settles each step like its promise while the signal has not aborted", async () => {
    const step = abortableSteps(new AbortController().signal);
    await expect(step(Promise.resolve(1))).resolves.toBe(1);
    await expect(step(Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    await expect(step(Promise.resolve(2))).resolves.toBe(2);
  });

  it("ends the step being awaited when the signal aborts, and every later one", async () => {
    const controller = new AbortController();
    const step = abortableSteps(controller.signal);
    await step(Promise.resolve("first event"));
    // A response that never answers (it ignores the signal).
    const waiting = step(new Promise(() => {}));
    controller.abort();
    await expect(waiting).rejects.toBe(ABORTED);
    await expect(step(Promise.resolve("late"))).rejects.toBe(ABORTED);
  });
});
