// Conformance of vercelAIAdapter + the message accumulator against the AI SDK itself. Real
// producers write the bytes: `streamText` over mock models and `createUIMessageStream` from `ai`
// (6) and `ai-v5`, and `streamText` / `createDataStreamResponse` from `ai-v4`. The AI SDK's own
// readers are the oracle on the same bytes: `readUIMessageStream` from `ai` for the UI message
// stream (what `useChat` runs), and `callChatApi` from `@ai-sdk/ui-utils` (the `useChat` of
// AI SDK 4) for the data stream.
//
// Both sides are reduced to a transcript before comparing. The normalisation, i.e. the
// representation differences that are by design:
// - Content order: the AI SDK keeps one message with ordered parts; Crayon keeps a list of
//   messages (assistant text and tool calls, tool results, reasoning, activities). Both become
//   a sequence of items (text, reasoning, tool call, data). Adjacent text items are joined and
//   empty ones dropped (the AI SDK keeps one part per text block, Crayon one string per message).
// - Tool calls: ours carry JSON `arguments`, the AI SDK the parsed `input` (`rawInput` when the
//   input was invalid); compared parsed. Results: the AI SDK keeps `output` as a value, Crayon
//   a string (strings as they are, anything else JSON-encoded); the oracle's output is encoded
//   that way. A denied call is an error on our tool message (`The tool call was denied.`).
// - Data parts become activity messages: `data-x` → activityType `x`, the data as content
//   (`{ value }` when it is not an object). AI SDK 4 stream data (`2:`) is a `custom` event.
// - Sources: `sourceId` → `id`, `source-url` / `source-document` → kind `url` / `document`;
//   provider metadata is not carried. AI SDK 4 files (base64) are compared as data URLs.
// - Message ids: the first assistant message of a response has the AI SDK message id (and a
//   made-up one when the stream names none, where the AI SDK has ""). AI SDK 4 names its one
//   message after the last step; we keep one message per step, named by the step, so its id is
//   our last message's. Data parts without an id get a derived id.
// - Metadata: merged over the response's assistant messages (the split keeps it in one place
//   per key); AI SDK 4 message annotations are our `metadata.annotations`.
// - Errors: the AI SDK reports `error` chunks through `onError` (AI SDK 4 throws); we keep them
//   on the assistant message (`status: "error"`, `error`).

import { createRequire } from "node:module";
import { parseJsonEventStream } from "@ai-sdk/provider-utils";
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  jsonSchema,
  readUIMessageStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
  uiMessageChunkSchema,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import * as v4 from "ai-v4";
import { MockLanguageModelV1 } from "ai-v4/test";
import * as v5 from "ai-v5";
import { MockLanguageModelV2 } from "ai-v5/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMessageAccumulator } from "../src/accumulator/messageAccumulator";
import { vercelAIAdapter } from "../src/adapters/vercel/vercelAIAdapter";
import type { CrayonStreamEvent } from "../src/events";
import type { GeneratedFile, Message, SourceReference } from "../src/message";
import { collect, cutsArbitrary, responseFromChunks, splitBytes, utf8 } from "./streams";

// ─── Transcript: what both sides are compared as ───

type Item =
  | { text: string }
  | { reasoning: string }
  | {
      tool: string;
      id: string;
      args: unknown;
      result?: string;
      error?: string;
      approvalId?: string;
    }
  | { data: string; id?: string; content: unknown };

type Transcript = {
  messageId?: unknown;
  items: Item[];
  sources: SourceReference[];
  files: GeneratedFile[];
  metadata: Record<string, unknown>;
  errors: string[];
  data?: unknown[];
};

const DENIED = "The tool call was denied.";
const asContent = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const asRecord = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value : { value };
/** Drops undefined fields, so that `toEqual` diffs stay readable. */
const clean = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function joinText(items: Item[]): Item[] {
  const out: Item[] = [];
  for (const item of items) {
    if ("text" in item) {
      if (!item.text) continue;
      const last = out.at(-1);
      if (last && "text" in last) {
        out[out.length - 1] = { text: last.text + item.text };
        continue;
      }
    }
    out.push(item);
  }
  return out;
}

/** Our side: the adapter's events applied by the accumulator. */
function ourTranscript(events: CrayonStreamEvent[], oracle: "ui" | "data" = "ui"): Transcript {
  const acc = createMessageAccumulator();
  for (const event of events) acc.apply(event);
  acc.finish();
  const messages: Message[] = acc.getMessages();
  const results = new Map(
    messages.flatMap((m) => (m.role === "tool" ? [[m.toolCallId, m] as const] : [])),
  );
  const items: Item[] = [];
  const transcript: Transcript = { items, sources: [], files: [], metadata: {}, errors: [] };
  for (const message of messages) {
    if (message.role === "reasoning") items.push({ reasoning: message.content });
    else if (message.role === "activity")
      items.push({ data: message.activityType, id: message.id, content: message.content });
    else if (message.role === "assistant") {
      if (oracle === "data" || transcript.messageId === undefined)
        transcript.messageId = message.id;
      items.push({ text: message.content ?? "" });
      for (const call of message.toolCalls ?? []) {
        const result = results.get(call.id);
        items.push(
          clean({
            tool: call.function.name,
            id: call.id,
            args: call.function.arguments ? JSON.parse(call.function.arguments) : undefined,
            result: result && result.error === undefined ? (result.content as string) : undefined,
            error: result?.error,
            approvalId: call.metadata?.approvalId,
          }),
        );
      }
      transcript.sources.push(...(message.sources ?? []).map(clean));
      transcript.files.push(...(message.files ?? []));
      Object.assign(transcript.metadata, message.metadata);
      if (message.error) transcript.errors.push(...message.error.split("\n"));
    }
  }
  transcript.items = joinText(items);
  const data = events.flatMap((e) =>
    e.type === "custom" && e.name === "vercel:data" ? (e.value as unknown[]) : [],
  );
  if (data.length) transcript.data = data;
  return transcript;
}

/** The oracle for the UI message stream: `readUIMessageStream` on the same bytes. */
async function uiOracle(body: string): Promise<Transcript> {
  const errors: string[] = [];
  const chunks = parseJsonEventStream({
    stream: responseFromChunks([body]).body!,
    schema: uiMessageChunkSchema,
  }).pipeThrough(
    new TransformStream<
      { success: boolean; value?: UIMessageChunk; error?: unknown },
      UIMessageChunk
    >({
      transform(result, controller) {
        if (!result.success) throw result.error;
        controller.enqueue(result.value!);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({
    stream: chunks,
    onError: (e) => errors.push((e as Error).message),
  }))
    message = snapshot;
  const items: Item[] = [];
  const transcript: Transcript = {
    messageId: message?.id || expect.any(String),
    items,
    sources: [],
    files: [],
    metadata: (message?.metadata as Record<string, unknown>) ?? {},
    errors,
  };
  for (const part of message?.parts ?? []) {
    const p = part as any;
    if (p.type === "text") items.push({ text: p.text });
    else if (p.type === "reasoning") items.push({ reasoning: p.text });
    else if (p.type === "source-url")
      transcript.sources.push(clean({ id: p.sourceId, kind: "url", url: p.url, title: p.title }));
    else if (p.type === "source-document")
      transcript.sources.push(
        clean({
          id: p.sourceId,
          kind: "document",
          title: p.title,
          mediaType: p.mediaType,
          filename: p.filename,
        }),
      );
    else if (p.type === "file") transcript.files.push({ url: p.url, mediaType: p.mediaType });
    else if (p.type.startsWith("data-"))
      items.push({
        data: p.type.slice(5),
        id: p.id ?? expect.any(String),
        content: asRecord(p.data),
      });
    else if (p.type === "dynamic-tool" || p.type.startsWith("tool-"))
      items.push(
        clean({
          tool: p.type === "dynamic-tool" ? p.toolName : p.type.slice(5),
          id: p.toolCallId,
          args: p.input ?? p.rawInput,
          result: p.state === "output-available" ? asContent(p.output) : undefined,
          error:
            p.state === "output-error"
              ? p.errorText
              : p.state === "output-denied"
                ? DENIED
                : undefined,
          approvalId: p.approval?.id,
        }),
      );
  }
  transcript.items = joinText(items);
  return transcript;
}

/** The oracle for the data stream: AI SDK 4's `callChatApi` (what its `useChat` runs). */
async function dataOracle(body: string, headers: Record<string, string>): Promise<Transcript> {
  // `@ai-sdk/ui-utils` is a dependency of `ai-v4`, so it is resolved from there.
  const require = createRequire(import.meta.url);
  const uiUtils = createRequire(require.resolve("ai-v4"))("@ai-sdk/ui-utils");
  let message: any;
  let data: unknown[] = [];
  const errors: string[] = [];
  await uiUtils
    .callChatApi({
      api: "/api/chat",
      body: {},
      streamProtocol: "data",
      credentials: undefined,
      headers: undefined,
      abortController: undefined,
      restoreMessagesOnFailure() {},
      onResponse: undefined,
      onUpdate(update: { message: any; data?: unknown[] }) {
        message = update.message;
        data = update.data ?? [];
      },
      onFinish: undefined,
      onToolCall: undefined,
      generateId: () => "generated",
      fetch: async () => responseFromChunks([body], { headers }),
      lastMessage: undefined,
    })
    .catch((error: Error) => errors.push(error.message));
  const items: Item[] = [];
  const transcript: Transcript = {
    messageId: message?.id,
    items,
    sources: [],
    files: [],
    metadata: message?.annotations ? { annotations: message.annotations } : {},
    errors,
  };
  for (const part of message?.parts ?? []) {
    if (part.type === "text") items.push({ text: part.text });
    else if (part.type === "reasoning") items.push({ reasoning: part.reasoning });
    else if (part.type === "source")
      transcript.sources.push(
        clean({ id: part.source.id, kind: "url", url: part.source.url, title: part.source.title }),
      );
    else if (part.type === "file")
      transcript.files.push({
        url: `data:${part.mimeType};base64,${part.data}`,
        mediaType: part.mimeType,
      });
    else if (part.type === "tool-invocation") {
      const call = part.toolInvocation;
      items.push(
        clean({
          tool: call.toolName,
          id: call.toolCallId,
          args: call.args,
          result: call.state === "result" ? asContent(call.result) : undefined,
        }),
      );
    }
  }
  transcript.items = joinText(items);
  if (data.length) transcript.data = data;
  return transcript;
}

async function ours(body: string, headers: Record<string, string>, cuts: number[] = []) {
  const bytes = utf8(body);
  return collect(vercelAIAdapter().parse(responseFromChunks(splitBytes(bytes, cuts), { headers })));
}

/** Runs both sides on the bytes of `response` and returns them with the transcripts. */
async function compare(response: Response, oracle: "ui" | "data") {
  const headers = Object.fromEntries(response.headers);
  const body = await response.text();
  const events = await ours(body, headers);
  const expected = oracle === "ui" ? await uiOracle(body) : await dataOracle(body, headers);
  const actual = ourTranscript(events, oracle);
  expect(actual).toEqual(expected);
  return { body, headers, events, transcript: actual };
}

// ─── Producers ───

const weatherSchema = {
  type: "object",
  properties: { city: { type: "string" } },
  required: ["city"],
} as const;

/** Step one: reasoning, text, a streamed tool call. Step two: sources, a file and the answer. */
function agentSteps(finish: (reason: string) => object) {
  return [
    [
      { type: "stream-start", warnings: [] },
      { type: "reasoning-start", id: "r1" },
      { type: "reasoning-delta", id: "r1", delta: "The user wants " },
      { type: "reasoning-delta", id: "r1", delta: "the weather." },
      { type: "reasoning-end", id: "r1" },
      { type: "text-start", id: "t1" },
      { type: "text-delta", id: "t1", delta: "Let me check " },
      { type: "text-delta", id: "t1", delta: "Zürich 🌦️." },
      { type: "text-end", id: "t1" },
      { type: "tool-input-start", id: "call-1", toolName: "weather" },
      { type: "tool-input-delta", id: "call-1", delta: '{"city":' },
      { type: "tool-input-delta", id: "call-1", delta: '"Zürich"}' },
      { type: "tool-input-end", id: "call-1" },
      { type: "tool-call", toolCallId: "call-1", toolName: "weather", input: '{"city":"Zürich"}' },
      { type: "tool-call", toolCallId: "call-2", toolName: "broken", input: "{}" },
      finish("tool-calls"),
    ],
    [
      { type: "stream-start", warnings: [] },
      {
        type: "source",
        sourceType: "url",
        id: "s1",
        url: "https://meteo.example/zh",
        title: "Meteo",
      },
      {
        type: "source",
        sourceType: "document",
        id: "s2",
        mediaType: "application/pdf",
        title: "Report",
        filename: "r.pdf",
      },
      { type: "file", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "text-start", id: "t2" },
      { type: "text-delta", id: "t2", delta: "It is 18 °C and sunny." },
      { type: "text-end", id: "t2" },
      finish("stop"),
    ],
  ];
}

const v6Usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};
const v6Finish = (reason: string) => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: v6Usage,
});
const v5Finish = (reason: string) => ({
  type: "finish",
  finishReason: reason,
  usage: { inputTokens: 10, outputTokens: 20, totalTokens: 30 },
});

/** A readable stream of these parts. */
const streamOf = (parts: object[]) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

/** A mock model that streams `steps[i]` on its i-th call. */
function stepModel<M>(Model: new (options: any) => M, steps: object[][]): M {
  let call = 0;
  return new Model({ doStream: async () => ({ stream: streamOf(steps[call++] ?? []) }) });
}

const metadata = ({ part }: { part: { type: string; finishReason?: string } }) =>
  part.type === "start"
    ? { createdAt: 1_735_000_000 }
    : part.type === "finish"
      ? { finishReason: part.finishReason }
      : undefined;

function v6Agent() {
  const result = streamText({
    model: stepModel(MockLanguageModelV3, agentSteps(v6Finish)),
    prompt: "Weather in Zürich?",
    stopWhen: stepCountIs(3),
    tools: {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>(weatherSchema),
        execute: async ({ city }) => ({ city, celsius: 18, sky: "sunny" }),
      }),
      broken: tool({
        inputSchema: jsonSchema<Record<string, never>>({ type: "object" }),
        execute: async (): Promise<string> => {
          throw new Error("the tool broke");
        },
      }),
    },
  });
  return result.toUIMessageStreamResponse({
    sendReasoning: true,
    sendSources: true,
    generateMessageId: () => "msg-agent",
    messageMetadata: metadata,
  });
}

function v5Agent() {
  const result = v5.streamText({
    model: stepModel(MockLanguageModelV2, agentSteps(v5Finish)),
    prompt: "Weather in Zürich?",
    stopWhen: v5.stepCountIs(3),
    tools: {
      weather: v5.tool({
        inputSchema: v5.jsonSchema<{ city: string }>(weatherSchema),
        execute: async ({ city }) => ({ city, celsius: 18, sky: "sunny" }),
      }),
      broken: v5.tool({
        inputSchema: v5.jsonSchema<Record<string, never>>({ type: "object" }),
        execute: async (): Promise<string> => {
          throw new Error("the tool broke");
        },
      }),
    },
  });
  return result.toUIMessageStreamResponse({
    sendReasoning: true,
    sendSources: true,
    generateMessageId: () => "msg-agent",
    messageMetadata: metadata,
  });
}

/** A custom stream: data parts (updated, anonymous, transient), metadata, a merged model reply. */
function v6Custom(fail: boolean) {
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId: "msg-custom", messageMetadata: { plan: "pro" } });
      writer.write({ type: "data-weather", id: "w1", data: { city: "Zürich", status: "loading" } });
      writer.write({ type: "data-notification", data: { text: "Working…" }, transient: true });
      const result = streamText({
        model: stepModel(MockLanguageModelV3, [
          [
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "Here you go." },
            { type: "text-end", id: "t" },
            v6Finish("stop"),
          ],
        ]),
        prompt: "hi",
      });
      writer.merge(result.toUIMessageStream({ sendStart: false, sendFinish: false }));
      await result.consumeStream();
      writer.write({
        type: "data-weather",
        id: "w1",
        data: { city: "Zürich", status: "done", celsius: 18 },
      });
      writer.write({ type: "data-count", data: 3 });
      writer.write({ type: "message-metadata", messageMetadata: { tokens: 42 } });
      if (fail) throw new Error("database unavailable");
      writer.write({ type: "finish" });
    },
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
  return createUIMessageStreamResponse({ stream });
}

function v5Custom() {
  const stream = v5.createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: "start", messageId: "msg-custom" });
      writer.write({ type: "data-progress", id: "p", data: { step: 1 } });
      writer.write({ type: "text-start", id: "t" });
      writer.write({ type: "text-delta", id: "t", delta: "Half" });
      writer.write({ type: "data-progress", id: "p", data: { step: 2 } });
      writer.write({ type: "text-delta", id: "t", delta: "way" });
      writer.write({ type: "text-end", id: "t" });
      writer.write({ type: "error", errorText: "quota exceeded" });
      writer.write({ type: "finish" });
    },
  });
  return v5.createUIMessageStreamResponse({ stream });
}

/** A tool that needs the user's approval (AI SDK 6). */
function v6Approval() {
  const result = streamText({
    model: stepModel(MockLanguageModelV3, [
      [
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "Sending 5 €." },
        { type: "text-end", id: "t" },
        { type: "tool-call", toolCallId: "pay-1", toolName: "pay", input: '{"amount":5}' },
        v6Finish("tool-calls"),
      ],
    ]),
    prompt: "Pay Bob",
    tools: {
      pay: tool({
        inputSchema: jsonSchema<{ amount: number }>({
          type: "object",
          properties: { amount: { type: "number" } },
        }),
        needsApproval: true,
        execute: async () => "paid",
      }),
    },
  });
  return result.toUIMessageStreamResponse();
}

const v4Usage = { promptTokens: 10, completionTokens: 20 };

function v4Model(steps: object[][]) {
  let call = 0;
  return new MockLanguageModelV1({
    doStream: async () => ({
      stream: streamOf(steps[call++] ?? []) as never,
      rawCall: { rawPrompt: null, rawSettings: {} },
    }),
  });
}

function v4Agent() {
  const result = v4.streamText({
    model: v4Model([
      [
        { type: "reasoning", textDelta: "The user wants " },
        { type: "reasoning", textDelta: "the weather." },
        { type: "reasoning-signature", signature: "sig-1" },
        { type: "text-delta", textDelta: "Let me check " },
        { type: "text-delta", textDelta: "Zürich 🌦️." },
        {
          type: "tool-call-delta",
          toolCallType: "function",
          toolCallId: "call-1",
          toolName: "weather",
          argsTextDelta: '{"city":',
        },
        {
          type: "tool-call-delta",
          toolCallType: "function",
          toolCallId: "call-1",
          toolName: "weather",
          argsTextDelta: '"Zürich"}',
        },
        {
          type: "tool-call",
          toolCallType: "function",
          toolCallId: "call-1",
          toolName: "weather",
          args: '{"city":"Zürich"}',
        },
        { type: "finish", finishReason: "tool-calls", usage: v4Usage },
      ],
      [
        {
          type: "source",
          source: { sourceType: "url", id: "s1", url: "https://meteo.example/zh", title: "Meteo" },
        },
        { type: "file", mimeType: "image/png", data: "iVBORw0KGgo=" },
        { type: "text-delta", textDelta: "It is 18 °C and sunny." },
        { type: "finish", finishReason: "stop", usage: v4Usage },
      ],
    ]),
    prompt: "Weather in Zürich?",
    maxSteps: 3,
    toolCallStreaming: true,
    tools: {
      weather: v4.tool({
        parameters: v4.jsonSchema<{ city: string }>(weatherSchema),
        execute: async ({ city }) => ({ city, celsius: 18, sky: "sunny" }),
      }),
    },
  });
  return result.toDataStreamResponse({ sendReasoning: true, sendSources: true });
}

function v4Custom(fail: boolean) {
  return v4.createDataStreamResponse({
    execute: async (writer) => {
      writer.writeData({ status: "started" });
      writer.writeMessageAnnotation({ model: "mock" });
      const result = v4.streamText({
        model: v4Model([
          [
            { type: "text-delta", textDelta: "Here you go." },
            {
              type: "tool-call",
              toolCallType: "function",
              toolCallId: "c",
              toolName: "lookup",
              args: '{"q":"x"}',
            },
            { type: "finish", finishReason: "tool-calls", usage: v4Usage },
          ],
        ]),
        prompt: "hi",
        tools: {
          lookup: v4.tool({
            parameters: v4.jsonSchema<{ q: string }>({
              type: "object",
              properties: { q: { type: "string" } },
            }),
            execute: async () => "found",
          }),
        },
      });
      result.mergeIntoDataStream(writer);
      await result.consumeStream();
      writer.writeMessageAnnotation({ done: true });
      writer.writeData({ status: "done" });
      if (fail) throw new Error("database unavailable");
    },
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
}

// ─── Tests ───

describe("vercelAIAdapter conformance: UI message stream (AI SDK 6 and 5)", () => {
  for (const [name, produce] of [
    ["AI SDK 6", v6Agent],
    ["AI SDK 5", v5Agent],
  ] as const) {
    it(`${name} streamText agent: reasoning, text, tools with results and errors, sources, files, metadata`, async () => {
      const { transcript, events } = await compare(produce(), "ui");
      // The comparison above is only meaningful if the producer sent what we think it did.
      expect(transcript).toMatchObject({
        messageId: "msg-agent",
        metadata: { createdAt: 1_735_000_000, finishReason: "stop" },
      });
      expect(transcript.items).toEqual([
        { reasoning: "The user wants the weather." },
        { text: "Let me check Zürich 🌦️." },
        {
          tool: "weather",
          id: "call-1",
          args: { city: "Zürich" },
          result: '{"city":"Zürich","celsius":18,"sky":"sunny"}',
        },
        // toUIMessageStreamResponse() masks error messages by default.
        { tool: "broken", id: "call-2", args: {}, error: "An error occurred." },
        { text: "It is 18 °C and sunny." },
      ]);
      expect(transcript.sources).toHaveLength(2);
      expect(transcript.files).toEqual([
        { url: "data:image/png;base64,iVBORw0KGgo=", mediaType: "image/png" },
      ]);
      expect(events.filter((event) => event.type === "error")).toEqual([]);
    });
  }

  it("AI SDK 6 createUIMessageStream: data parts, transient data, metadata, merged reply", async () => {
    const { transcript, events } = await compare(v6Custom(false), "ui");
    expect(transcript).toMatchObject({
      messageId: "msg-custom",
      metadata: { plan: "pro", tokens: 42 },
    });
    expect(transcript.items).toEqual([
      { data: "weather", id: "w1", content: { city: "Zürich", status: "done", celsius: 18 } },
      { text: "Here you go." },
      expect.objectContaining({ data: "count", content: { value: 3 } }),
    ]);
    expect(events).toContainEqual({
      type: "custom",
      name: "vercel:data-notification",
      value: { text: "Working…" },
    });
  });

  it("AI SDK 6 createUIMessageStream that fails: the error is kept on the message", async () => {
    const { transcript, events } = await compare(v6Custom(true), "ui");
    expect(transcript.errors).toEqual(["database unavailable"]);
    // The stream ends with [DONE] but without a finish chunk: not a truncation.
    expect(
      events.filter((event) => event.type === "error" && event.code !== "server_error"),
    ).toEqual([]);
  });

  it("AI SDK 5 createUIMessageStream: a data part updated mid-text and an error chunk", async () => {
    const { transcript } = await compare(v5Custom(), "ui");
    expect(transcript.items).toEqual([
      { data: "progress", id: "p", content: { step: 2 } },
      { text: "Halfway" },
    ]);
    expect(transcript.errors).toEqual(["quota exceeded"]);
  });

  it("AI SDK 6 tool approval: the call waits for the user", async () => {
    const { transcript, events } = await compare(v6Approval(), "ui");
    const call = transcript.items.find((item) => "tool" in item);
    expect(call).toMatchObject({
      tool: "pay",
      args: { amount: 5 },
      approvalId: expect.any(String),
    });
    expect(events.at(-1)).toEqual({ type: "run-finish", outcome: "interrupt" });
  });

  it("gives the same transcript however the real bytes are split", async () => {
    const response = v6Agent();
    const headers = Object.fromEntries(response.headers);
    const body = await response.text();
    const expected = await uiOracle(body);
    await fc.assert(
      fc.asyncProperty(cutsArbitrary(utf8(body).length), async (cuts) => {
        expect(ourTranscript(await ours(body, headers, cuts))).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});

describe("vercelAIAdapter conformance: data stream (AI SDK 4)", () => {
  it("streamText agent: reasoning, streamed tool call with result, sources, files, steps", async () => {
    const { transcript, events } = await compare(v4Agent(), "data");
    expect(transcript.items).toEqual([
      { reasoning: "The user wants the weather." },
      { text: "Let me check Zürich 🌦️." },
      {
        tool: "weather",
        id: "call-1",
        args: { city: "Zürich" },
        result: '{"city":"Zürich","celsius":18,"sky":"sunny"}',
      },
      { text: "It is 18 °C and sunny." },
    ]);
    expect(transcript.sources).toHaveLength(1);
    expect(transcript.files).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "encrypted-value", encryptedValue: "sig-1" }),
    );
    expect(events.at(-1)).toMatchObject({
      type: "run-finish",
      usage: { promptTokens: 20, completionTokens: 40 },
    });
  });

  it("createDataStreamResponse: stream data, message annotations and a merged reply", async () => {
    const { transcript } = await compare(v4Custom(false), "data");
    expect(transcript.data).toEqual([{ status: "started" }, { status: "done" }]);
    expect(transcript.metadata).toEqual({ annotations: [{ model: "mock" }, { done: true }] });
    expect(transcript.items).toEqual([
      { text: "Here you go." },
      { tool: "lookup", id: "c", args: { q: "x" }, result: "found" },
    ]);
  });

  it("createDataStreamResponse that fails: the error is kept on the message", async () => {
    const response = v4Custom(true);
    const headers = Object.fromEntries(response.headers);
    const body = await response.text();
    const events = await ours(body, headers);
    const transcript = ourTranscript(events, "data");
    expect((await dataOracle(body, headers)).errors).toEqual(["database unavailable"]);
    expect(transcript.errors).toEqual(["database unavailable"]);
  });
});
