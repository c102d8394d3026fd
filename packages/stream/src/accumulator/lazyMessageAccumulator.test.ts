import { describe, expect, it } from "vitest";
import type { CrayonStreamEvent, StreamErrorEvent } from "../events";
import { createLazyMessageAccumulator } from "./lazyMessageAccumulator";

const delta: CrayonStreamEvent = {
  type: "state-delta",
  delta: [{ op: "add", path: "/count", value: 1 }],
};

describe("createLazyMessageAccumulator", () => {
  // One file, in order: the applier is loaded once per module, by the first prepare.
  it("reports a patch applied before prepare as malformed and keeps the state", () => {
    const errors: StreamErrorEvent[] = [];
    const acc = createLazyMessageAccumulator({
      agentState: { count: 0 },
      onError: (error) => errors.push(error),
    });
    acc.apply(delta);
    expect(acc.getAgentState()).toEqual({ count: 0 });
    expect(errors).toEqual([
      expect.objectContaining({
        code: "malformed_event",
        error: expect.stringMatching(/JSON Patch/),
      }),
    ]);
  });

  it("needs nothing loaded for text, and loads the applier for the first patch", async () => {
    const acc = createLazyMessageAccumulator();
    const text: CrayonStreamEvent = { type: "text-delta", messageId: "a", text: "Hi" };
    expect(acc.prepare(text)).toBeUndefined();
    acc.apply(text);
    const loading = acc.prepare(delta);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    acc.apply(delta);
    expect(acc.getAgentState()).toEqual({ count: 1 });
    expect(acc.prepare(delta)).toBeUndefined();
    expect(acc.getMessages()).toEqual([
      expect.objectContaining({ id: "a", role: "assistant", content: "Hi" }),
    ]);
  });

  it("applies an activity patch once loaded, like the eager accumulator", async () => {
    const acc = createLazyMessageAccumulator();
    const event: CrayonStreamEvent = {
      type: "activity-delta",
      messageId: "plan",
      activityType: "plan",
      patch: [{ op: "add", path: "/steps", value: ["search"] }],
    };
    await acc.prepare(event);
    acc.apply(event);
    expect(acc.getMessages()).toEqual([
      expect.objectContaining({ id: "plan", role: "activity", content: { steps: ["search"] } }),
    ]);
  });
});
