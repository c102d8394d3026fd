import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { recordReply } from "./recordReply";

async function* slowReasoning(): AsyncGenerator<CrayonStreamEvent> {
  yield { type: "reasoning-start", messageId: "r1" };
  yield { type: "reasoning-delta", text: "Counting weekdays", messageId: "r1" };
  await new Promise((resolve) => setTimeout(resolve, 30));
  yield { type: "reasoning-end", messageId: "r1" };
  yield { type: "text-delta", text: "22 weekdays" };
}

describe("recordReply", () => {
  it("sends the client the reasoning duration it stores, so a reload shows the same figure", async () => {
    let stored: Message[] = [];
    const passed: CrayonStreamEvent[] = [];
    for await (const event of recordReply(slowReasoning(), {
      history: [],
      signal: new AbortController().signal,
      onSettled: async (messages) => {
        stored = messages;
      },
    })) {
      passed.push(event);
    }
    const reasoning = stored.find((m) => m.role === "reasoning");
    expect(reasoning?.role === "reasoning" && reasoning.durationMs).toBeGreaterThanOrEqual(25);
    const end = passed.find((e) => e.type === "reasoning-end");
    expect(end).toEqual({
      type: "reasoning-end",
      messageId: "r1",
      durationMs: reasoning?.role === "reasoning" ? reasoning.durationMs : undefined,
    });
  });

  it("passes a producer's own duration through as it is", async () => {
    async function* timed(): AsyncGenerator<CrayonStreamEvent> {
      yield { type: "reasoning-start", messageId: "r1" };
      yield { type: "reasoning-end", messageId: "r1", durationMs: 4_000 };
    }
    const onSettled = vi.fn(async (_messages: Message[]) => {});
    const passed: CrayonStreamEvent[] = [];
    for await (const event of recordReply(timed(), {
      history: [],
      signal: new AbortController().signal,
      onSettled,
    })) {
      passed.push(event);
    }
    expect(passed[1]).toEqual({ type: "reasoning-end", messageId: "r1", durationMs: 4_000 });
    expect(onSettled.mock.calls[0]![0]).toEqual([
      expect.objectContaining({ id: "r1", role: "reasoning", durationMs: 4_000 }),
    ]);
  });

  it("ends a reply cut by the server's shutdown with the interrupted error its readers then show, as stored", async () => {
    const shutdown = new AbortController();
    async function* answering(): AsyncGenerator<CrayonStreamEvent> {
      yield { type: "run-start", threadId: "t1", runId: "r1" };
      yield { type: "text-delta", text: "Part of the answer", messageId: "a1" };
      shutdown.abort("shutdown");
      // The agent stops quietly when its signal aborts: no run-finish.
    }
    let stored: Message[] = [];
    const passed: CrayonStreamEvent[] = [];
    for await (const event of recordReply(answering(), {
      history: [],
      signal: shutdown.signal,
      onSettled: async (messages) => {
        stored = messages;
      },
    })) {
      passed.push(event);
    }
    const interrupted = "The server stopped before this reply finished.";
    expect(passed.slice(2)).toEqual([
      { type: "error", code: "server_error", error: interrupted },
      { type: "run-finish", threadId: "t1", runId: "r1" },
    ]);
    expect(stored).toEqual([
      expect.objectContaining({
        content: "Part of the answer",
        status: "error",
        error: interrupted,
      }),
    ]);
  });
});
