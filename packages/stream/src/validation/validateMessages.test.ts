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
  { id: "r1", role: "reasoning", content: "Thinking", isThinking: false, durationMs: 2_400 },
  { id: "d1", role: "developer", content: "Dev" },
  { id: "act", role: "activity", activityType: "plan", content: { steps: [] } },
];

// Arbitrary valid messages of every role, with every optional field sometimes present.
const text = fc.string({ maxLength: 5 });
const json = fc.jsonValue({ maxDepth: 2 });
const metadata = fc.dictionary(fc.string({ maxLength: 3 }), json, { maxKeys: 2 });
/** A record of `required` fields and any of the `rest`. */
const optional = (
  required: Record<string, fc.Arbitrary<unknown>>,
  rest: Record<string, fc.Arbitrary<unknown>>,
) => fc.record({ ...rest, ...required }, { requiredKeys: Object.keys(required) });
const base = {
  name: text,
  isVisuallyHidden: fc.boolean(),
  metadata,
  encryptedValue: text,
  subagentRunId: text,
  parentId: text,
};
const partSource = fc.oneof(
  fc.record({ type: fc.constant("data"), value: text, mimeType: text }),
  optional({ type: fc.constant("url"), value: text }, { mimeType: text }),
  optional({ type: fc.constant("file"), value: text }, { provider: text, mimeType: text }),
);
const part = fc.oneof(
  optional({ type: fc.constant("text"), text }, { id: text, metadata }),
  optional(
    { type: fc.constantFrom("image", "audio", "video", "document"), source: partSource },
    { id: text, metadata, filename: text },
  ),
  optional(
    { type: fc.constant("binary"), mimeType: text, data: text },
    { url: text, id: text, filename: text },
  ),
  optional(
    { type: fc.constant("binary"), mimeType: text, url: text },
    { id: text, filename: text },
  ),
);
const content = fc.oneof(text, fc.array(part, { maxLength: 3 }));
const toolCall = optional(
  {
    id: text,
    type: fc.constant("function"),
    function: fc.record({ name: text, arguments: text }),
  },
  { encryptedValue: text, metadata },
);
const source = optional(
  { id: text, kind: fc.constantFrom("url", "document") },
  { url: text, title: text, mediaType: text, filename: text, metadata },
);
const file = optional({ url: text, mediaType: text }, { filename: text });
const messageId = fc.string({ minLength: 1, maxLength: 6 });
const validMessage = fc.oneof(
  optional(
    { id: messageId, role: fc.constant("user"), content },
    { ...base, context: fc.array(json) },
  ),
  optional(
    { id: messageId, role: fc.constant("assistant") },
    {
      ...base,
      content: text,
      toolCalls: fc.array(toolCall, { maxLength: 2 }),
      status: fc.constantFrom("streaming", "complete", "awaiting_input", "stopped", "error"),
      error: text,
      context: fc.array(json),
      sources: fc.array(source, { maxLength: 2 }),
      files: fc.array(file, { maxLength: 2 }),
    },
  ),
  optional({ id: messageId, role: fc.constantFrom("system", "developer"), content: text }, base),
  optional(
    { id: messageId, role: fc.constant("tool"), toolCallId: text, content },
    { ...base, error: text },
  ),
  optional(
    { id: messageId, role: fc.constant("reasoning"), content: text },
    { ...base, isThinking: fc.boolean(), durationMs: fc.nat() },
  ),
  optional(
    {
      id: messageId,
      role: fc.constant("activity"),
      activityType: text,
      content: fc.dictionary(text, json, { maxKeys: 2 }),
    },
    base,
  ),
) as fc.Arbitrary<Message>;

// Anything, shaped like messages often enough to reach every check: objects whose keys are
// message fields, values that are field values, names objects inherit, holes, BigInts.
const leaf = fc.oneof(
  fc.anything({
    withSparseArray: true,
    withBigInt: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withMap: true,
  }),
  fc.constantFrom(
    ...["", "x", "constructor", "__proto__", "toString", "user", "assistant", "tool"],
    ...["activity", "system", "reasoning", "text", "image", "binary", "data", "url", "function"],
  ),
);
const { nearMessage } = fc.letrec((tie) => ({
  nearMessage: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.dictionary(
      fc.constantFrom(
        ...["id", "role", "content", "toolCalls", "sources", "files", "status", "type", "text"],
        ...["toolCallId", "activityType", "source", "function", "name", "arguments", "kind"],
        ...["value", "mimeType", "url", "mediaType", "filename", "metadata", "data", "title"],
      ),
      tie("nearMessage"),
      { maxKeys: 6 },
    ),
    fc.sparseArray(tie("nearMessage"), { maxLength: 4 }),
  ),
}));

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

  /** A list whose first entry is a hole, as `[, entry]` makes. */
  const afterHole = (entry: unknown) => {
    const list: unknown[] = new Array(2);
    list[1] = entry;
    return list;
  };

  it.each([
    ["content", { id: "x", role: "user", content: afterHole({ type: "text", text: "a" }) }],
    [
      "toolCalls",
      {
        id: "x",
        role: "assistant",
        toolCalls: afterHole({ id: "c", type: "function", function: { name: "f", arguments: "" } }),
      },
    ],
    ["sources", { id: "x", role: "assistant", sources: afterHole({ id: "s", kind: "url" }) }],
    [
      "files",
      { id: "x", role: "assistant", files: afterHole({ url: "u", mediaType: "image/png" }) },
    ],
  ])("removes a hole in %s like any invalid entry", (key, bad) => {
    const { messages, errors } = validateMessages([bad]);
    const kept = (messages[0] as unknown as Record<string, unknown[]>)[key]!;
    expect(kept).toEqual([(bad as unknown as Record<string, unknown[]>)[key]![1]]);
    expect(0 in kept).toBe(true);
    expect(errors).toEqual([expect.objectContaining({ index: 0, path: `${key}[0]` })]);
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "leaves out a message whose role is %s, a name every object inherits",
    (role) => {
      const { messages, errors } = validateMessages([{ id: "x", role, content: "a" }, valid[1]]);
      expect(messages).toEqual([valid[1]]);
      expect(errors).toEqual([
        {
          code: "malformed_message",
          index: 0,
          id: "x",
          path: "role",
          message: "invalid; left out",
        },
      ]);
    },
  );

  it("gives tool call arguments that cannot be written as JSON empty text", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const args of [cyclic, 10n, () => 1]) {
      const { messages, errors } = validateMessages([
        {
          id: "a",
          role: "assistant",
          toolCalls: [{ id: "c", function: { name: "f", arguments: args } }],
        },
      ]);
      expect(messages[0]).toEqual({
        id: "a",
        role: "assistant",
        toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: "" } }],
      });
      expect(errors).toEqual([
        expect.objectContaining({ path: "toolCalls[0].function.arguments" }),
      ]);
    }
  });

  it("leaves out what cannot be read (a getter or proxy that throws) and keeps the rest", () => {
    const throwing = {
      id: "x",
      role: "user",
      get content(): string {
        throw new Error("boom");
      },
    };
    const { messages, errors } = validateMessages([valid[1], throwing, valid[3]]);
    expect(messages).toEqual([valid[1], valid[3]]);
    expect(errors).toEqual([
      expect.objectContaining({ index: 1, message: "could not be read; left out" }),
    ]);

    const { proxy, revoke } = Proxy.revocable([valid[1]], {});
    revoke();
    const hostile = new Proxy([valid[1]], {
      get(target, key) {
        if (key === "length") throw new Error("boom");
        return Reflect.get(target, key);
      },
    });
    for (const input of [proxy, hostile]) {
      expect(validateMessages(input)).toEqual({
        messages: [],
        errors: [expect.objectContaining({ index: -1, message: "could not be read" })],
      });
    }
  });

  it("removes wrong-typed optional fields of parts, tool calls and sources, keeping the entry", () => {
    const { messages, errors } = validateMessages([
      {
        id: "u",
        role: "user",
        content: [
          { type: "text", text: "a", id: 3 },
          { type: "image", source: { type: "url", value: "https://x.test/a.png" }, filename: {} },
          { type: "binary", mimeType: "image/png", data: "QQ==", url: 5 },
        ],
      },
      {
        id: "a",
        role: "assistant",
        toolCalls: [
          { id: "c", type: "function", function: { name: "f", arguments: "{}" }, metadata: 5 },
        ],
        sources: [{ id: "s", kind: "document", title: "Doc", filename: { name: "x" } }],
        files: [{ url: "u", mediaType: "image/png", filename: null }],
      },
    ]);
    expect(messages).toEqual([
      {
        id: "u",
        role: "user",
        content: [
          { type: "text", text: "a" },
          { type: "image", source: { type: "url", value: "https://x.test/a.png" } },
          { type: "binary", mimeType: "image/png", data: "QQ==" },
        ],
      },
      {
        id: "a",
        role: "assistant",
        toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }],
        sources: [{ id: "s", kind: "document", title: "Doc" }],
        files: [{ url: "u", mediaType: "image/png" }],
      },
    ]);
    expect(errors.map((error) => error.path)).toEqual([
      "content[0].id",
      "content[1].filename",
      "content[2].url",
      "toolCalls[0].metadata",
      "sources[0].filename",
    ]);
  });

  it.each([
    ["an unknown source type", { type: "image", source: { type: "blob", value: "x" } }],
    [
      "a data source without its mime type",
      { type: "image", source: { type: "data", value: "QQ==" } },
    ],
    ["a binary part with neither data nor url", { type: "binary", mimeType: "image/png" }],
    ["an unknown part type", { type: "hologram", text: "a" }],
    ["the type media", { type: "media", source: { type: "url", value: "https://x.test/a.png" } }],
  ])("removes a content part with %s", (_, part) => {
    const { messages, errors } = validateMessages([
      { id: "u", role: "user", content: [part, { type: "text", text: "kept" }] },
    ]);
    expect(messages).toEqual([
      { id: "u", role: "user", content: [{ type: "text", text: "kept" }] },
    ]);
    expect(errors).toEqual([expect.objectContaining({ path: "content[0]" })]);
  });

  it("removes a source of an unknown kind", () => {
    const { messages, errors } = validateMessages([
      { id: "a", role: "assistant", sources: [{ id: "s", kind: "rumour" }] },
    ]);
    expect(messages).toEqual([{ id: "a", role: "assistant", sources: [] }]);
    expect(errors).toEqual([expect.objectContaining({ path: "sources[0]" })]);
  });

  it("reports a wrong status once, and a null one not at all", () => {
    expect(validateMessages([{ id: "a", role: "assistant", status: 3 }]).errors).toHaveLength(1);
    expect(validateMessages([{ id: "a", role: "assistant", status: null }])).toEqual({
      messages: [{ id: "a", role: "assistant" }],
      errors: [],
    });
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

  it("never throws, and what it returns is valid and comes back unchanged", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(nearMessage, validMessage)), (input) => {
        const first = validateMessages(input);
        const again = validateMessages(first.messages);
        expect(again.errors).toEqual([]);
        expect(again.messages).toHaveLength(first.messages.length);
        for (const [i, message] of again.messages.entries())
          expect(message).toBe(first.messages[i]);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps any list of valid messages as it is: the same objects, no errors", () => {
    fc.assert(
      fc.property(fc.uniqueArray(validMessage, { selector: (m) => m.id }), (input) => {
        const { messages, errors } = validateMessages(input);
        expect(errors).toEqual([]);
        expect(messages).toHaveLength(input.length);
        for (const [i, message] of messages.entries()) expect(message).toBe(input[i]);
      }),
      { numRuns: 500 },
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
