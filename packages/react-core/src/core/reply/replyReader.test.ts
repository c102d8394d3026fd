// @vitest-environment node
import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { type ReadReplyOptions, type ReplyUpdate, readReply } from "./replyReader";

const history: Message[] = [{ id: "u1", role: "user", content: "Hi" }];

async function* events(...list: CrayonStreamEvent[]): AsyncIterable<CrayonStreamEvent> {
  for (const event of list) yield event;
}

function read(open: ReadReplyOptions["open"], signal = new AbortController().signal) {
  const updates: ReplyUpdate[] = [];
  const result = readReply({
    history,
    continues: [],
    agentState: undefined,
    signal,
    batching: "microtask",
    open,
    onUpdate: (update) => updates.push(update),
  });
  return { result, updates };
}

describe("readReply (wire events to messages, no store)", () => {
  it("builds the reply after the history and reports it as what changed", async () => {
    const { result } = read(async () =>
      events({ type: "text-delta", text: "Hel" }, { type: "text-delta", text: "lo" }),
    );
    const { messages, reply, failure } = await result;
    expect(failure).toBeNull();
    expect(messages[0]).toBe(history[0]);
    expect(reply).toEqual([expect.objectContaining({ role: "assistant", content: "Hello" })]);
    expect(reply[0]).toMatchObject({ status: "complete" });
  });

  it("keeps the partial text and marks it when the stream fails mid-way", async () => {
    async function* failing(): AsyncIterable<CrayonStreamEvent> {
      yield { type: "text-delta", text: "Partial" };
      throw new Error("connection reset");
    }
    const { failure, reply } = await read(async () => failing()).result;
    expect(failure?.message).toMatch(/connection reset/);
    expect(reply[0]).toMatchObject({ content: "Partial", status: "error" });
  });

  it("turns a request that throws into a failed reply", async () => {
    const { failure, reply } = await read(async () => {
      throw new Error("offline");
    }).result;
    expect(failure?.code).toBe("process_failed");
    expect(reply[0]).toMatchObject({ role: "assistant", status: "error" });
  });

  it("applies an error event once the stream ends, without splitting the reply", async () => {
    const { failure, reply } = await read(async () =>
      events(
        { type: "text-delta", text: "A" },
        { type: "error", error: "bad frame", code: "malformed_event" },
        { type: "text-delta", text: "B" },
      ),
    ).result;
    expect(reply).toHaveLength(1);
    expect(reply[0]).toMatchObject({ content: "AB", status: "error" });
    expect(failure?.code).toBe("malformed_event");
  });

  it("marks the reply stopped when the signal aborts while it waits", async () => {
    const controller = new AbortController();
    async function* hanging(): AsyncIterable<CrayonStreamEvent> {
      yield { type: "text-delta", text: "So far" };
      await new Promise(() => {});
    }
    const { result, updates } = read(async () => hanging(), controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(updates.at(-1)?.messages.at(-1)).toMatchObject({ content: "So far" });
    controller.abort();
    const { failure, reply } = await result;
    expect(failure).toBeNull();
    expect(reply[0]).toMatchObject({ content: "So far", status: "stopped" });
  });

  it("reports the agent state only when a state event changed it", async () => {
    const { result, updates } = read(async () =>
      events({ type: "text-delta", text: "x" }, { type: "state-snapshot", snapshot: { step: 1 } }),
    );
    const final = await result;
    expect(final.finalAgentState).toEqual({ step: 1 });
    // Published once, with whichever batch (a streamed one or the final one) saw it change.
    const reported = [...updates, final].filter((u) => u.agentState);
    expect(reported.map((u) => u.agentState!.value)).toEqual([{ step: 1 }]);
  });

  it("lets the page run between events that came together, however long each takes to decode", async () => {
    // Each event takes 5 ms to come out of the decoder (a large chunk being parsed), so the
    // reader never waits for the network; other tasks (input, rendering) must still get turns.
    let clock = 0;
    const now = vi.spyOn(performance, "now").mockImplementation(() => (clock += 5));
    try {
      let otherTaskRan = false;
      setTimeout(() => {
        otherTaskRan = true;
      }, 0);
      const ranBefore: boolean[] = [];
      const list = Array.from({ length: 200 }, () => ({ type: "text-delta", text: "a" }) as const);
      const reading = readReply({
        history,
        continues: [],
        agentState: undefined,
        signal: new AbortController().signal,
        batching: "microtask",
        open: async () => events(...list),
        onEvent: () => ranBefore.push(otherTaskRan),
        onUpdate: () => {},
      });
      const { reply } = await reading;
      expect(reply[0]).toMatchObject({ content: "a".repeat(200) });
      // The timer's task ran while the reader still had events to read.
      expect(ranBefore.at(-1)).toBe(true);
      expect(ranBefore[0]).toBe(false);
    } finally {
      now.mockRestore();
    }
  });
});
