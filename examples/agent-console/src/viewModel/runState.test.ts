import { fakeChat } from "@crayonai/react-core/testing";
import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { runState } from "./runState";

/** A thread in the given state (the rest as a new thread starts). */
const thread = (
  messages: Message[],
  extra: { isRunning?: boolean; isAwaitingInput?: boolean } = {},
) => fakeChat({ thread: { messages, ...extra } }).threadManager;

describe("runState", () => {
  it("is running, then waiting for approval, by the thread's flags", () => {
    expect(runState(thread([], { isRunning: true }))).toBe("running");
    expect(runState(thread([], { isAwaitingInput: true }))).toBe("awaiting-approval");
  });

  it("is stopped after STOP even when the reply has no assistant message", () => {
    const activityOnly: Message[] = [
      { id: "u", role: "user", content: "/cyrus" },
      { id: "a", role: "activity", activityType: "subroutine-run", content: {} },
    ];
    expect(runState(thread(activityOnly), true)).toBe("stopped");
    expect(runState(thread(activityOnly))).toBe("idle");
  });

  it("reads a stopped or failed last reply", () => {
    expect(runState(thread([{ id: "a", role: "assistant", status: "stopped" }]))).toBe("stopped");
    expect(runState(thread([{ id: "a", role: "assistant", status: "error" }]))).toBe("failed");
  });
});
