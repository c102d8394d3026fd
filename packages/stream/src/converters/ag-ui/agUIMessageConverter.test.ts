import type { Message as CoreMessage } from "@ag-ui/core";
import { MessageSchema } from "@ag-ui/core/schemas";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { JSONValue, Message } from "../../message";
import { type AgUIMessage, agUIMessageConverter } from "./agUIMessageConverter";
import { undeclaredFields } from "./undeclaredFields";

const { toExternal, fromExternal } = agUIMessageConverter();

/** Problems `@ag-ui/core` and the closed AG-UI 1.0 schema find in one outgoing message. */
function problemsOf(message: unknown): string[] {
  const parsed = MessageSchema.safeParse(message);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  return undeclaredFields(message, MessageSchema).map((path) => `undeclared ${path}`);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

// ─── Arbitrary AG-UI 1.0 messages, built from the fields its schema defines ───

const id = fc.string({ minLength: 1, maxLength: 6 });
const text = fc.string({ maxLength: 10 });
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as JSONValue);
const metadata = fc.dictionary(fc.string({ maxLength: 5 }), json, { maxKeys: 3 });

const source = fc.oneof(
  fc.record({ type: fc.constant("data"), value: text, mimeType: text }),
  fc.record(
    { type: fc.constant("url"), value: text, mimeType: text },
    { requiredKeys: ["type", "value"] },
  ),
  fc.record(
    { type: fc.constant("file"), value: text, provider: text, mimeType: text },
    { requiredKeys: ["type", "value"] },
  ),
);
const part = fc.oneof(
  fc.record({ type: fc.constant("text"), text, id, metadata }, { requiredKeys: ["type", "text"] }),
  fc.record(
    { type: fc.constantFrom("image", "audio", "video", "document"), source, id, metadata },
    { requiredKeys: ["type", "source"] },
  ),
);
const parts = fc.array(part, { maxLength: 3 });
const toolCall = fc.record(
  {
    id,
    type: fc.constant("function"),
    function: fc.record({ name: text, arguments: text }),
    encryptedValue: text,
    metadata,
  },
  { requiredKeys: ["id", "type", "function"] },
);

const common = { id, subagentRunId: id, metadata };
const authored = { ...common, name: text, encryptedValue: text };
const agUIMessage = fc.oneof(
  fc.record(
    { ...authored, role: fc.constantFrom("developer", "system"), content: text },
    { requiredKeys: ["id", "role", "content"] },
  ),
  fc.record(
    { ...authored, role: fc.constant("user"), content: fc.oneof(text, parts) },
    { requiredKeys: ["id", "role", "content"] },
  ),
  fc.record(
    {
      ...authored,
      role: fc.constant("assistant"),
      content: text,
      toolCalls: fc.array(toolCall, { maxLength: 2 }),
    },
    { requiredKeys: ["id", "role"] },
  ),
  fc.record(
    {
      ...common,
      role: fc.constant("tool"),
      content: fc.oneof(text, parts),
      toolCallId: id,
      error: text,
      encryptedValue: text,
    },
    { requiredKeys: ["id", "role", "content", "toolCallId"] },
  ),
  fc.record(
    { ...common, role: fc.constant("reasoning"), content: text, encryptedValue: text },
    { requiredKeys: ["id", "role", "content"] },
  ),
  fc.record(
    { ...common, role: fc.constant("activity"), activityType: text, content: metadata },
    { requiredKeys: ["id", "role", "activityType", "content"] },
  ),
) as fc.Arbitrary<AgUIMessage>;

// ─── What Crayon adds on top (per role: fields Crayon has and AG-UI's message of that role lacks) ───

const hidden = { isVisuallyHidden: fc.boolean() };
const context = fc.array(json, { maxLength: 2 });
const crayonOnlyFields: Record<AgUIMessage["role"], fc.Arbitrary<Record<string, unknown>>> = {
  developer: fc.record(hidden, { requiredKeys: [] }),
  system: fc.record(hidden, { requiredKeys: [] }),
  user: fc.record({ ...hidden, context }, { requiredKeys: [] }),
  assistant: fc.record(
    {
      ...hidden,
      context,
      status: fc.constantFrom("streaming", "complete", "awaiting_input", "stopped", "error"),
      error: text,
      sources: fc.array(fc.record({ id, kind: fc.constant("url"), url: text }), { maxLength: 1 }),
      files: fc.array(fc.record({ url: text, mediaType: text }), { maxLength: 1 }),
    },
    { requiredKeys: [] },
  ),
  tool: fc.record({ ...hidden, name: text }, { requiredKeys: [] }),
  reasoning: fc.record({ ...hidden, name: text, isThinking: fc.boolean() }, { requiredKeys: [] }),
  activity: fc.record({ ...hidden, name: text, encryptedValue: text }, { requiredKeys: [] }),
};

/** A Crayon message (`crayon`) and the AG-UI message it is without its Crayon-only fields (`base`). */
const crayonAndBase = agUIMessage.chain((base) =>
  fc.record({ extra: crayonOnlyFields[base.role], filename: text }).map(({ extra, filename }) => {
    const crayon = { ...base, ...extra } as Message;
    // A media part's `filename` is Crayon's too.
    if (Array.isArray(crayon.content)) {
      crayon.content = crayon.content.map((p) => (p.type === "text" ? p : { ...p, filename }));
    }
    return { crayon, base };
  }),
);

describe("agUIMessageConverter – types", () => {
  it("produces @ag-ui/core messages and loads them without casts", () => {
    const messages: Message[] = [{ id: "u1", role: "user", content: "hi" }];
    const sent: CoreMessage[] = agUIMessageConverter().toExternal(messages);
    expect(sent).toEqual([{ id: "u1", role: "user", content: "hi" }]);
    expectTypeOf(agUIMessageConverter().toExternal).returns.toEqualTypeOf<CoreMessage[]>();
    expectTypeOf(agUIMessageConverter().fromExternal).parameter(0).toEqualTypeOf<CoreMessage[]>();
    expectTypeOf<AgUIMessage>().toEqualTypeOf<CoreMessage>();
  });
});

describe("agUIMessageConverter – toExternal", () => {
  it("the schema check used here rejects a field AG-UI does not define", () => {
    const valid = { id: "a", role: "assistant", content: "Hi" };
    expect(problemsOf(valid)).toEqual([]);
    expect(problemsOf({ ...valid, status: "complete" })).toEqual(["undeclared /status"]);
    expect(problemsOf({ ...valid, content: 1 })).not.toEqual([]);
  });

  it("keeps every AG-UI field and drops exactly the Crayon-only ones", () => {
    fc.assert(
      fc.property(fc.array(crayonAndBase, { maxLength: 4 }), (pairs) => {
        const crayon = deepFreeze(pairs.map((pair) => pair.crayon));
        expect(toExternal(crayon)).toEqual(pairs.map((pair) => pair.base));
      }),
      { numRuns: 300 },
    );
  });

  it("every message it sends is a valid AG-UI 1.0 message", () => {
    fc.assert(
      fc.property(fc.array(crayonAndBase, { maxLength: 4 }), (pairs) => {
        for (const message of toExternal(pairs.map((pair) => pair.crayon))) {
          expect(problemsOf(message)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("drops the Crayon-only fields of each role (example)", () => {
    const crayon: Message[] = [
      {
        id: "u",
        role: "user",
        content: "Hi",
        isVisuallyHidden: true,
        context: [{ page: "home" }],
      },
      {
        id: "a",
        role: "assistant",
        content: "Partial",
        status: "error",
        error: "boom",
        sources: [{ id: "s", kind: "url", url: "https://x" }],
        files: [{ url: "https://f", mediaType: "text/plain" }],
        context: [1],
        metadata: { model: "m" },
      },
      { id: "r", role: "reasoning", content: "Hmm", isThinking: true, name: "r1" },
      { id: "t", role: "tool", content: "42", toolCallId: "c", error: "late", name: "calc" },
      {
        id: "p",
        role: "activity",
        activityType: "plan",
        content: { steps: [] },
        encryptedValue: "x",
        name: "planner",
      },
    ];
    expect(toExternal(crayon)).toEqual([
      { id: "u", role: "user", content: "Hi" },
      { id: "a", role: "assistant", content: "Partial", metadata: { model: "m" } },
      { id: "r", role: "reasoning", content: "Hmm" },
      { id: "t", role: "tool", content: "42", toolCallId: "c", error: "late" },
      { id: "p", role: "activity", activityType: "plan", content: { steps: [] } },
    ]);
  });

  it("converts legacy binary parts to AG-UI 1.0 media parts (AG-UI 1.0 has no binary part)", () => {
    const PNG = "iVBORw0KGgo=";
    const sent = toExternal([
      {
        id: "u",
        role: "user",
        content: [
          { type: "text", text: "Look" },
          { type: "binary", mimeType: "image/png", data: PNG, filename: "cat.png" },
          { type: "binary", mimeType: "application/pdf", url: "https://x/doc.pdf", id: "p2" },
        ],
      },
    ]);
    expect(sent).toEqual([
      {
        id: "u",
        role: "user",
        content: [
          { type: "text", text: "Look" },
          { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
          {
            type: "document",
            id: "p2",
            source: { type: "url", value: "https://x/doc.pdf", mimeType: "application/pdf" },
          },
        ],
      },
    ]);
    expect(problemsOf(sent[0])).toEqual([]);
  });

  it("leaves out what AG-UI 1.0 cannot carry: unknown roles and part types, null fields", () => {
    const odd = [
      { id: "x", role: "function", content: "legacy" },
      {
        id: "u",
        role: "user",
        name: null,
        metadata: null,
        content: [
          { type: "text", text: "ok" },
          { type: "hologram", uri: "x" },
          { type: "binary" },
          "not a part",
        ],
      },
      {
        id: "a",
        role: "assistant",
        toolCalls: [{ id: "c", type: "function" }, null],
        content: "x",
      },
    ] as unknown as Message[];
    const sent = toExternal(odd);
    expect(sent).toEqual([
      { id: "u", role: "user", content: [{ type: "text", text: "ok" }] },
      { id: "a", role: "assistant", toolCalls: [], content: "x" },
    ]);
    for (const message of sent) expect(problemsOf(message)).toEqual([]);
  });
});

describe("agUIMessageConverter – fromExternal", () => {
  it("loads valid AG-UI messages with every field, and sends them back unchanged", () => {
    fc.assert(
      fc.property(fc.array(agUIMessage, { maxLength: 4 }), (messages) => {
        // The generator itself must only make valid AG-UI 1.0 messages.
        for (const message of messages) expect(problemsOf(message)).toEqual([]);
        const loaded = fromExternal(deepFreeze(messages));
        expect(loaded).toEqual(messages);
        expect(toExternal(loaded)).toEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it("round trip: fromExternal(toExternal(x)) is x without its Crayon-only fields", () => {
    fc.assert(
      fc.property(fc.array(crayonAndBase, { maxLength: 4 }), (pairs) => {
        const sent = toExternal(pairs.map((pair) => pair.crayon));
        expect(fromExternal(sent)).toEqual(pairs.map((pair) => pair.base));
      }),
      { numRuns: 300 },
    );
  });

  it("skips entries that are not objects with a string id and a known role", () => {
    const loaded = fromExternal([
      null,
      "hi",
      [],
      { role: "user", content: "no id" },
      { id: 7, role: "user", content: "numeric id" },
      { id: "x", role: "robot", content: "unknown role" },
      { id: "y", role: "constructor", content: "inherited key" },
      { id: "u", role: "user", content: "kept", extra: "dropped" },
    ] as unknown as AgUIMessage[]);
    expect(loaded).toEqual([{ id: "u", role: "user", content: "kept" }]);
  });

  it("never throws, whatever it is given", () => {
    const entry = fc.oneof(
      fc.anything(),
      fc.record({
        id: fc.oneof(id, fc.anything()),
        role: fc.constantFrom("user", "assistant", "tool", "activity", "reasoning"),
        content: fc.anything(),
        toolCalls: fc.anything(),
        metadata: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), (entries) => {
        const loaded = fromExternal(entries as AgUIMessage[]);
        for (const message of loaded) expect(typeof message.id).toBe("string");
      }),
      { numRuns: 300 },
    );
    expect(fromExternal(undefined as unknown as AgUIMessage[])).toEqual([]);
  });
});
