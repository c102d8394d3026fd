// Round trips of vercelUIMessageConverter. UI messages are generated with every part kind
// and tool state, in any order; `fromExternal` of them is a thread as the Vercel adapter would
// have streamed it, and `toExternal` of that is what is sent. Both must survive a round trip:
// - a loaded thread: fromExternal(toExternal(thread)) equals thread;
// - a sent thread: toExternal(fromExternal(sent)) equals sent.
// What is not kept by design (README): text part provider metadata, JSON-looking string
// outputs, consecutive assistant messages without a user message between them, and the
// placement of step-start, source and file parts (derived from the thread's order).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { VercelUIMessage } from "./vercelUIMessage";
import { vercelUIMessageConverter } from "./vercelUIMessageConverter";

const converter = vercelUIMessageConverter();
const load = (messages: unknown[]) => converter.fromExternal(messages as VercelUIMessage[]);

const name = fc.stringMatching(/^[a-z][a-z_-]{0,7}$/);
/** JSON values as they come back from JSON (no `-0`). */
const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)));
const record = fc.dictionary(name, json, { maxKeys: 3 });
const providerMetadata = fc.dictionary(name, fc.dictionary(name, json, { maxKeys: 2 }), {
  minKeys: 1,
  maxKeys: 2,
});
/** Outputs that come back as they were: a string output is sent parsed when it is JSON. */
const output = fc.oneof(
  json.filter((value) => typeof value !== "string"),
  fc.string().map((text) => `Result: ${text}`),
);

const toolExtras = fc.record(
  {
    providerExecuted: fc.boolean(),
    title: fc.string(),
    callProviderMetadata: providerMetadata,
  },
  { requiredKeys: [] },
);

const toolPart = fc
  .record({
    name,
    dynamic: fc.boolean(),
    extras: toolExtras,
    input: json,
    output,
    errorText: fc.string(),
    rawInput: fc.string(),
    reason: fc.option(fc.string(), { nil: undefined }),
    approval: fc.option(fc.constant({ id: "ap" }), { nil: undefined }),
    state: fc.constantFrom(
      "input-streaming",
      "input-available",
      "output-available",
      "output-error",
      "output-error-raw",
      "approval-requested",
      "approval-responded",
      "output-denied",
    ),
  })
  .map(({ name, dynamic, extras, input, output, errorText, rawInput, reason, approval, state }) => {
    const base = {
      ...(dynamic ? { type: "dynamic-tool", toolName: name } : { type: `tool-${name}` }),
      ...extras,
      toolCallId: "",
    };
    const granted = approval && { approval: { ...approval, approved: true } };
    switch (state) {
      case "input-streaming":
        return { ...base, state, input, rawInput };
      case "input-available":
        return { ...base, state, input };
      case "output-available":
        return { ...base, state, input, output, ...granted };
      case "output-error":
        return { ...base, state, input, errorText, ...granted };
      case "output-error-raw":
        return { ...base, state: "output-error", input: undefined, rawInput, errorText };
      case "approval-requested":
        return { ...base, state, input, approval: { id: "ap", signature: "sig" } };
      case "approval-responded":
        return { ...base, state, input, approval: { id: "ap", approved: input !== null, reason } };
      default:
        return { ...base, state, input, approval: { id: "ap", approved: false, reason } };
    }
  });

const assistantPart = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.string({ minLength: 1 }).map((text) => ({ type: "text", text, state: "done" })),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.constant("reasoning"),
        text: fc.string(),
        state: fc.constant("done"),
        id: fc.string(),
        providerMetadata,
      },
      { requiredKeys: ["type", "text", "state"] },
    ),
  },
  { weight: 4, arbitrary: toolPart },
  {
    weight: 1,
    arbitrary: fc.record({
      type: name.map((n) => `data-${n}`),
      id: fc.oneof(fc.constant(undefined), fc.constant("")),
      data: json,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record(
        {
          type: fc.constant("source-url"),
          sourceId: fc.string(),
          url: fc.webUrl(),
          title: fc.string(),
          providerMetadata,
        },
        { requiredKeys: ["type", "sourceId", "url"] },
      ),
      fc.record(
        {
          type: fc.constant("source-document"),
          sourceId: fc.string(),
          mediaType: fc.constant("application/pdf"),
          title: fc.string(),
          filename: fc.string(),
        },
        { requiredKeys: ["type", "sourceId", "mediaType", "title"] },
      ),
      fc.record({
        type: fc.constant("file"),
        mediaType: fc.constant("image/png"),
        url: fc.webUrl(),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.constant({ type: "step-start" }) },
);

const userPart = fc.oneof(
  fc.string().map((text) => ({ type: "text", text })),
  fc.base64String().map((data) => ({
    type: "file",
    mediaType: "image/png",
    url: `data:image/png;base64,${data}`,
  })),
  fc
    .webUrl()
    .map((url) => ({ type: "file", mediaType: "application/pdf", url, filename: "a.pdf" })),
);

const metadata = fc.option(fc.oneof(record, json), { nil: undefined });

/** A user message and the assistant's reply (with text or a tool call, so it names a message). */
const turn = fc
  .record({
    user: fc.record({ parts: fc.array(userPart, { maxLength: 3 }), metadata }),
    reply: fc.record({
      parts: fc.array(assistantPart, { maxLength: 8 }),
      metadata,
    }),
  })
  .map(({ user, reply }) => {
    const parts = reply.parts.some(
      (p) => p.type === "text" || p.type.startsWith("tool-") || p.type === "dynamic-tool",
    )
      ? reply.parts
      : [{ type: "text", text: "Answer", state: "done" }, ...reply.parts];
    return [
      { role: "user", ...user },
      { role: "assistant", ...reply, parts },
    ];
  });

/** Threads of turns, with unique message, tool call and data part ids. */
const uiThread = fc
  .tuple(
    fc.option(
      fc.string().map((text) => ({ role: "system", parts: [{ type: "text", text }] })),
      {
        nil: undefined,
      },
    ),
    fc.array(turn, { minLength: 1, maxLength: 3 }),
  )
  .map(([system, turns]) => {
    let n = 0;
    const messages = [...(system ? [system] : []), ...turns.flat()] as any[];
    return messages.map((message, i) => ({
      ...message,
      id: `m${i}`,
      parts: message.parts.map((part: any) => {
        if (typeof part.toolCallId === "string") return { ...part, toolCallId: `c${++n}` };
        if (part.type.startsWith("data-") && part.id === "") return { ...part, id: `d${++n}` };
        return part;
      }),
    }));
  });

describe("round trips", () => {
  it("a loaded thread survives being sent and loaded again", () => {
    fc.assert(
      fc.property(uiThread, (messages) => {
        const thread = load(messages);
        expect(load(converter.toExternal(thread))).toEqual(thread);
      }),
      { numRuns: 300 },
    );
  });

  it("what is sent survives being loaded and sent again", () => {
    fc.assert(
      fc.property(uiThread, (messages) => {
        const sent = converter.toExternal(load(messages));
        expect(converter.toExternal(load(sent))).toEqual(sent);
      }),
      { numRuns: 300 },
    );
  });

  it("a typical AI SDK 6 thread comes back exactly", () => {
    const thread = [
      {
        id: "u1",
        role: "user",
        parts: [{ type: "text", text: "Plan my trip" }],
        metadata: { at: 1 },
      },
      {
        id: "a1",
        role: "assistant",
        metadata: { model: "gpt" },
        parts: [
          { type: "step-start" },
          {
            type: "reasoning",
            id: "rs_1",
            text: "Need weather.",
            state: "done",
            providerMetadata: { openai: { itemId: "rs_1" } },
          },
          { type: "text", text: "Checking.", state: "done" },
          { type: "data-plan", id: "plan", data: { steps: 2 } },
          {
            type: "tool-weather",
            toolCallId: "c1",
            state: "output-available",
            input: { city: "Rome" },
            output: { celsius: 24 },
            callProviderMetadata: { openai: { itemId: "fc_1" } },
          },
          {
            type: "dynamic-tool",
            toolName: "mcp_search",
            toolCallId: "c2",
            state: "output-error",
            input: { q: "hotels" },
            errorText: "Timeout",
          },
          {
            type: "tool-web_search",
            toolCallId: "c3",
            state: "output-available",
            input: {},
            output: [{ url: "https://a.example" }],
            providerExecuted: true,
          },
          { type: "step-start" },
          { type: "text", text: "Book it?", state: "done" },
          {
            type: "tool-book",
            toolCallId: "c4",
            state: "approval-requested",
            input: { hotel: "Roma" },
            approval: { id: "ap-1" },
          },
          { type: "source-url", sourceId: "s1", url: "https://a.example", title: "A" },
          { type: "file", mediaType: "image/png", url: "https://a.example/map.png" },
        ],
      },
    ];
    expect(converter.toExternal(load(thread))).toEqual(thread);
  });
});
