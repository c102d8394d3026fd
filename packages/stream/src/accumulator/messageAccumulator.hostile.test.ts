import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { responseFromChunks } from "../../test/streams";
import { crayonSSEAdapter } from "../adapters/crayon/crayonSSEAdapter";
import type { CrayonStreamEvent, StreamErrorEvent } from "../events";
import type { AssistantMessage, Message } from "../message";
import { validateMessages } from "../validation/validateMessages";
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

const replyTexts = (messages: Message[]) =>
  messages.filter((m): m is AssistantMessage => m.role === "assistant").map((m) => m.content ?? "");

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
    [
      "a source whose filename is an object",
      { type: "source", source: { id: "s", kind: "url", filename: {} } },
    ],
    ["a source of an unknown kind", { type: "source", source: { id: "s", kind: "rumour" } }],
    [
      "an activity patch that does not fit",
      {
        type: "activity-delta",
        activityType: "plan",
        patch: [{ op: "replace", path: "/a/b", value: 1 }],
      },
    ],
    [
      "an activity patch that makes the content a number",
      {
        type: "activity-delta",
        activityType: "plan",
        patch: [{ op: "replace", path: "", value: 1 }],
      },
    ],
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

  it.each(["hologram", "constructor", "toString", "__proto__", "valueOf"])(
    "ignores an unknown event type (%s) without an error",
    (type) => {
      const { acc, errors, apply } = accumulate();
      const before = acc.getMessages();
      expect(() => apply({ type, payload: 1 })).not.toThrow();
      expect(acc.getMessages()).toBe(before);
      expect(errors).toEqual([]);
    },
  );

  it("keeps an activity's content when a patch to it does not fit", () => {
    const { acc, errors, apply } = accumulate();
    apply({ type: "activity-snapshot", activityType: "plan", content: { steps: ["a"] } });
    const before = acc.getMessages();
    apply({
      type: "activity-delta",
      activityType: "plan",
      patch: [{ op: "replace", path: "/x/y", value: 1 }],
    });
    expect(acc.getMessages()).toBe(before);
    expect(errors).toEqual([expect.objectContaining({ code: "malformed_event" })]);
    apply({
      type: "activity-delta",
      activityType: "plan",
      patch: [{ op: "add", path: "/steps/-", value: "b" }],
    });
    expect(acc.getMessages()[1]).toMatchObject({ content: { steps: ["a", "b"] } });
  });

  it("gives a message named with an empty id a usable one", () => {
    const { acc, errors, apply } = accumulate();
    apply({ type: "text-delta", messageId: "", text: "Text" });
    apply({ type: "message-update", id: "" });
    apply({ type: "reasoning-delta", messageId: "", text: "Hmm" });
    apply({ type: "activity-snapshot", messageId: "", activityType: "plan", content: {} });
    apply({ type: "tool-call-result", messageId: "", toolCallId: "c", content: "42" });
    const added = acc.getMessages().slice(1);
    expect(added.map((m) => m.role)).toEqual(["assistant", "reasoning", "activity", "tool"]);
    expect(added.map((m) => m.id)).toEqual(["gen-1", "gen-2", "gen-3", "gen-4"]);
    expect(added[0]).toMatchObject({ content: "Text" });
    expect(errors).toEqual([]);
  });

  it("never throws, never lists a non-message and never loses text, whatever the events", async () => {
    const textEvent = fc
      .string({ minLength: 1, maxLength: 8 })
      .map((text) => ({ type: "text-delta", text }));
    const known = fc.constantFrom(
      "constructor",
      "toString",
      "__proto__",
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
              fc.oneof(
                fc.anything(),
                fc.constantFrom("a1", "c1", "x", "", "constructor", "__proto__"),
              ),
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
          let texts: string[] = [];
          for (const event of stream) {
            expect(() => apply(event)).not.toThrow();
            const messages = acc.getMessages();
            // Every entry is a valid message, as validateMessages sees it.
            const check = validateMessages(messages);
            expect(check.errors).toEqual([]);
            expect(check.messages).toHaveLength(messages.length);
            // Only a snapshot that replaces the thread may take text away; one holding an entry
            // that cannot be a message (no object, no id) is not applied.
            const now = replyTexts(messages);
            const snapshot = event as { type?: unknown; messages?: unknown };
            const replaces =
              snapshot?.type === "messages-snapshot" &&
              Array.isArray(snapshot.messages) &&
              snapshot.messages.every((m) => typeof m?.id === "string" && m.id !== "");
            // Each reply's text so far is still there, maybe longer (or under a new id).
            if (!replaces)
              for (const before of texts) expect(now.some((t) => t.startsWith(before))).toBe(true);
            texts = now;
          }
          expect(() => acc.finish()).not.toThrow();
        }
      }),
      { numRuns: 150 },
    );
  });
});
