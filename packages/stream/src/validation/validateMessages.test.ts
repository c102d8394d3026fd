import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "../message";
import { validateMessages } from "./validateMessages";

const valid: Message[] = [
  { id: "s1", role: "system", content: "Be brief." },
  { id: "u1", role: "user", content: "Hi", metadata: { a: 1 } },
  {
    id: "u2",
    role: "user",
    content: [
      { type: "text", text: "Look" },
      { type: "image", source: { type: "url", value: "https://x.test/a.png" } },
      { type: "document", source: { type: "data", value: "QQ==", mimeType: "application/pdf" } },
      { type: "binary", mimeType: "image/png", data: "QQ==" },
    ],
  },
  {
    id: "a1",
    role: "assistant",
    content: "Hello",
    status: "complete",
    toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
    sources: [{ id: "src", kind: "url", url: "https://x.test" }],
    files: [{ url: "https://x.test/f.png", mediaType: "image/png" }],
  },
  { id: "t1", role: "tool", toolCallId: "c1", content: "42" },
  { id: "r1", role: "reasoning", content: "Thinking", isThinking: false },
  { id: "d1", role: "developer", content: "Dev" },
  { id: "act", role: "activity", activityType: "plan", content: { steps: [] } },
];

describe("validateMessages", () => {
  it("keeps valid messages as the same objects and reports nothing", () => {
    const result = validateMessages(valid);
    expect(result.errors).toEqual([]);
    expect(result.messages).toHaveLength(valid.length);
    for (const [i, message] of result.messages.entries()) expect(message).toBe(valid[i]);
  });

  // The shapes that used to blank the page, each next to valid neighbours.
  it.each([
    [
      "a user message with object content",
      { id: "x", role: "user", content: { text: "hi" } },
      null,
      "content",
    ],
    [
      "content: [null]",
      { id: "x", role: "user", content: [null] },
      { id: "x", role: "user", content: [] },
      "content[0]",
    ],
    [
      "an image part with no source",
      { id: "x", role: "user", content: [{ type: "text", text: "a" }, { type: "image" }] },
      { id: "x", role: "user", content: [{ type: "text", text: "a" }] },
      "content[1]",
    ],
    [
      'toolCalls: "nope"',
      { id: "x", role: "assistant", content: "a", toolCalls: "nope" },
      { id: "x", role: "assistant", content: "a" },
      "toolCalls",
    ],
    [
      "a tool call with function: null",
      { id: "x", role: "assistant", toolCalls: [{ id: "c", type: "function", function: null }] },
      { id: "x", role: "assistant", toolCalls: [] },
      "toolCalls[0]",
    ],
    [
      "sources: [null, 3]",
      { id: "x", role: "assistant", content: "a", sources: [null, 3] },
      { id: "x", role: "assistant", content: "a", sources: [] },
      "sources[0]",
    ],
    [
      "files: {}",
      { id: "x", role: "assistant", content: "a", files: {} },
      { id: "x", role: "assistant", content: "a" },
      "files",
    ],
    [
      "activity content: null",
      { id: "x", role: "activity", activityType: "plan", content: null },
      { id: "x", role: "activity", activityType: "plan", content: {} },
      "content",
    ],
    ["a message without an id", { role: "user", content: "a" }, null, "id"],
    ["an unknown role", { id: "x", role: "wizard", content: "a" }, null, "role"],
    ["null", null, null, ""],
    [
      "a tool message without toolCallId",
      { id: "x", role: "tool", content: "a" },
      null,
      "toolCallId",
    ],
    [
      "a system message with list content",
      { id: "x", role: "system", content: ["a"] },
      null,
      "content",
    ],
    [
      "a wrong status",
      { id: "x", role: "assistant", content: "a", status: "done" },
      { id: "x", role: "assistant", content: "a" },
      "status",
    ],
  ])("%s: keeps the rest, repairs or leaves it out, and says where", (_, bad, repaired, path) => {
    const input = [valid[1], bad, valid[3]];
    const { messages, errors } = validateMessages(input);
    expect(messages[0]).toBe(valid[1]);
    expect(messages.at(-1)).toBe(valid[3]);
    expect(messages).toHaveLength(repaired ? 3 : 2);
    if (repaired) expect(messages[1]).toEqual(repaired);
    expect(errors[0]).toMatchObject({ code: "malformed_message", index: 1, path });
    expect(errors[0]!.message).toMatch(repaired ? /removed|replaced/ : /left out/);
  });

  it("repairs tool calls whose arguments are not JSON text and that lack their type", () => {
    const { messages, errors } = validateMessages([
      {
        id: "a",
        role: "assistant",
        toolCalls: [{ id: "c", function: { name: "f", arguments: { q: 1 } } }],
      },
    ]);
    expect(messages[0]).toEqual({
      id: "a",
      role: "assistant",
      toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: '{"q":1}' } }],
    });
    expect(errors).toHaveLength(1);
  });

  it("treats null in an optional field as absent, without an error", () => {
    const { messages, errors } = validateMessages([{ id: "a", role: "assistant", content: null }]);
    expect(messages).toEqual([{ id: "a", role: "assistant" }]);
    expect(errors).toEqual([]);
  });

  it("leaves out a message that repeats an earlier id", () => {
    const { messages, errors } = validateMessages([valid[1], { ...valid[1] }]);
    expect(messages).toEqual([valid[1]]);
    expect(errors[0]).toMatchObject({ index: 1, id: "u1", path: "id" });
  });

  it("reports a non-list input instead of throwing", () => {
    for (const input of [null, undefined, 3, "x", { messages: [] }]) {
      const { messages, errors } = validateMessages(input);
      expect(messages).toEqual([]);
      expect(errors).toHaveLength(1);
    }
  });

  it("never throws, and what it returns is valid", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.anything(), fc.constantFrom(...valid))), (input) => {
        const first = validateMessages(input);
        const again = validateMessages(first.messages);
        expect(again.errors).toEqual([]);
        for (const [i, message] of again.messages.entries())
          expect(message).toBe(first.messages[i]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every valid message of a list, in order", () => {
    const entry = fc.oneof(
      fc.record({ garbage: fc.anything() }),
      fc.record({ valid: fc.integer({ min: 0, max: valid.length - 1 }) }),
    );
    fc.assert(
      fc.property(fc.array(entry), (entries) => {
        // Valid messages get ids garbage cannot have, so none collide.
        const input = entries.map((entry, i) =>
          "valid" in entry ? { ...valid[entry.valid]!, id: `valid-${i}` } : entry.garbage,
        );
        const expected = entries.flatMap((entry, i) => ("valid" in entry ? [`valid-${i}`] : []));
        const kept = validateMessages(input).messages.map((message) => message.id);
        expect(kept.filter((id) => id.startsWith("valid-"))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
