import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { responseFromChunks } from "../../test/streams";
import { crayonSSEAdapter } from "../adapters/crayonSSEAdapter";
import type { CrayonStreamEvent, StreamErrorEvent } from "../events";
import type { AssistantMessage, Message } from "../message";
import { createMessageAccumulator } from "./messageAccumulator";

const history: Message[] = [{ id: "u1", role: "user", content: "Hi" }];

function accumulate() {
  const errors: StreamErrorEvent[] = [];
  const acc = createMessageAccumulator({
    messages: history,
    generateId: (() => {
      let n = 0;
      return () => `gen-${++n}`;
    })(),
    onError: (error) => errors.push(error),
  });
  return { acc, errors, apply: (event: unknown) => acc.apply(event as CrayonStreamEvent) };
}

const replyText = (messages: Message[]) =>
  messages
    .filter((m): m is AssistantMessage => m.role === "assistant")
    .map((m) => m.content ?? "")
    .join("");

describe("createMessageAccumulator with hostile input", () => {
  it("keeps the reply when a messages snapshot holds null, and reports it", () => {
    const { acc, errors, apply } = accumulate();
    apply({ type: "text-delta", messageId: "a1", text: "Half a rep" });
    const before = acc.getMessages();
    apply({ type: "messages-snapshot", messages: [...history, null] });
    expect(acc.getMessages()).toBe(before);
    apply({ type: "text-delta", messageId: "a1", text: "ly." });
    acc.finish();
    expect(acc.getMessages()).toEqual([
      history[0],
      { id: "a1", role: "assistant", content: "Half a reply.", status: "complete" },
    ]);
    expect(errors).toEqual([
      expect.objectContaining({
        code: "malformed_message",
        error: expect.stringMatching(/not applied: message 1/),
      }),
    ]);
  });

  it("applies a snapshot whose messages could be repaired, and says so", () => {
    const { acc, errors, apply } = accumulate();
    apply({
      type: "messages-snapshot",
      messages: [history[0], { id: "a1", role: "assistant", content: "Hi", sources: [null, 3] }],
    });
    expect(acc.getMessages()[1]).toEqual({
      id: "a1",
      role: "assistant",
      content: "Hi",
      sources: [],
    });
    expect(errors[0]).toMatchObject({
      code: "malformed_message",
      error: expect.stringMatching(/repaired/),
    });
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a number", 3],
    ["an object without type", { text: "x" }],
    ["a snapshot without messages", { type: "messages-snapshot" }],
    ["a snapshot of a string", { type: "messages-snapshot", messages: "x" }],
    ["a text delta of a number", { type: "text-delta", text: 3 }],
    ["a tool call without id", { type: "tool-call-args", delta: "{" }],
    ["an unknown status", { type: "status-update", status: "done" }],
    ["a source of null", { type: "source", source: null }],
    ["a file without url", { type: "file", file: { mediaType: "image/png" } }],
    ["a state delta that is not a list", { type: "state-delta", delta: { op: "add" } }],
    [
      "activity content of null",
      { type: "activity-snapshot", activityType: "plan", content: null },
    ],
  ])("does not apply %s, reports it, and changes nothing", (_, event) => {
    const { acc, errors, apply } = accumulate();
    apply({ type: "text-delta", text: "Kept" });
    const before = acc.getMessages();
    expect(() => apply(event)).not.toThrow();
    expect(acc.getMessages()).toBe(before);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toMatch(/^malformed_/);
  });

  it("ignores an unknown event type from a newer protocol without an error", () => {
    const { acc, errors, apply } = accumulate();
    const before = acc.getMessages();
    apply({ type: "hologram", payload: 1 });
    expect(acc.getMessages()).toBe(before);
    expect(errors).toEqual([]);
  });

  it("never throws, never lists a non-message and never loses text, whatever the events", async () => {
    const textEvent = fc
      .string({ minLength: 1, maxLength: 8 })
      .map((text) => ({ type: "text-delta", text }));
    const known = fc.constantFrom(
      "text-delta",
      "message-start",
      "message-end",
      "message-update",
      "tool-call-start",
      "tool-call-args",
      "tool-call-result",
      "tool-approval-request",
      "reasoning-delta",
      "activity-snapshot",
      "activity-delta",
      "messages-snapshot",
      "status-update",
      "source",
      "file",
      "message-metadata",
      "state-delta",
      "run-finish",
      "error",
      "encrypted-value",
    );
    // Known types with arbitrary fields, arbitrary values, and plain text deltas.
    const hostile = fc.oneof(
      textEvent,
      fc
        .record({ type: known }, { requiredKeys: [] })
        .chain((base) =>
          fc
            .dictionary(
              fc.constantFrom(
                "text",
                "messageId",
                "id",
                "toolCallId",
                "toolCallName",
                "delta",
                "messages",
                "status",
                "source",
                "file",
                "metadata",
                "content",
                "activityType",
                "patch",
                "entity",
                "entityId",
                "encryptedValue",
                "approvalId",
                "outcome",
                "error",
                "code",
              ),
              fc.oneof(fc.anything(), fc.constantFrom("a1", "c1", "x")),
            )
            .map((fields) => ({ ...fields, ...base })),
        ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { maxLength: 25 }), async (events) => {
        // Through the Crayon SSE wire and the adapter, as a server would send them…
        const frames = events.map((event) => `data: ${JSON.stringify(event) ?? "null"}\n\n`);
        const decoded: CrayonStreamEvent[] = [];
        for await (const event of crayonSSEAdapter().parse(responseFromChunks(frames)))
          decoded.push(event);
        // …and straight into the accumulator.
        for (const stream of [decoded, events]) {
          const { acc, apply } = accumulate();
          let text = "";
          for (const event of stream) {
            expect(() => apply(event)).not.toThrow();
            const messages = acc.getMessages();
            for (const message of messages) expect(typeof message?.id).toBe("string");
            // Only a snapshot that replaces the thread may take text away.
            const now = replyText(messages);
            if ((event as { type?: unknown })?.type !== "messages-snapshot")
              expect(now.length).toBeGreaterThanOrEqual(text.length);
            expect(now.startsWith(text) || now.length >= text.length).toBe(true);
            text = now;
          }
          expect(() => acc.finish()).not.toThrow();
        }
      }),
      { numRuns: 150 },
    );
  });
});
