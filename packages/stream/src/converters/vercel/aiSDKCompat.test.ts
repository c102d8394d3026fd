// What an unchanged AI SDK route handler does with what `toExternal` sends:
// `validateUIMessages` and `convertToModelMessages` of AI SDK 6 (`ai`) and 5 (`ai-v5`), and a
// `streamText` call with the result. The model must see what the user saw.

import {
  convertToModelMessages,
  type ModelMessage,
  streamText,
  type UIMessage,
  validateUIMessages,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import * as v5 from "ai-v5";
import { MockLanguageModelV2 } from "ai-v5/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  AssistantMessage,
  AssistantStatus,
  InputContent,
  Message,
  ToolCall,
} from "../../message";
import { vercelUIMessageConverter } from "./vercelUIMessageConverter";

const converter = vercelUIMessageConverter();
const PNG = "iVBORw0KGgo=";
const INTERRUPTED = "The tool call was interrupted before it returned a result.";

const call = (
  id: string,
  name: string,
  args: string,
  metadata?: ToolCall["metadata"],
): ToolCall => ({
  id,
  type: "function",
  function: { name, arguments: args },
  ...(metadata && { metadata }),
});

/** Every kind of message and part the converter sends, except approvals. */
const thread: Message[] = [
  { id: "s", role: "system", content: "Be brief." },
  { id: "d", role: "developer", content: "Prefer tools." },
  {
    id: "u1",
    role: "user",
    content: [
      { type: "text", text: "What is in this picture?" },
      { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
      {
        type: "document",
        source: { type: "url", value: "https://a.example/r.pdf", mimeType: "application/pdf" },
        filename: "r.pdf",
      },
    ],
    context: [{ page: "gallery" }],
  },
  { id: "a1-1", role: "reasoning", content: "Looking at the image.", isThinking: false },
  {
    id: "a1",
    role: "assistant",
    content: "Let me look it up.",
    status: "complete",
    toolCalls: [call("c1", "lookup", '{"q":"cat"}'), call("c2", "broken", "{}")],
  },
  { id: "a1-tool-c1", role: "tool", toolCallId: "c1", content: '{"animal":"cat"}' },
  { id: "a1-tool-c2", role: "tool", toolCallId: "c2", content: "", error: "Service down" },
  { id: "plan", role: "activity", activityType: "plan", content: { steps: ["look", "answer"] } },
  {
    id: "a1-2",
    role: "assistant",
    content: "A cat.",
    status: "complete",
    sources: [{ id: "s1", kind: "url", url: "https://a.example/cats", title: "Cats" }],
    files: [{ url: `data:image/png;base64,${PNG}`, mediaType: "image/png" }],
  },
  { id: "u2", role: "user", content: "Search again." },
  {
    id: "a2",
    role: "assistant",
    content: "Searching",
    status: "stopped",
    toolCalls: [call("c3", "lookup", '{"q":')],
  },
  { id: "u3", role: "user", content: "Never mind." },
];

/** A reply waiting for approvals, and the answers `respond` would give. */
const approvals = (approved: [boolean | undefined, boolean | undefined]): Message[] => [
  { id: "u4", role: "user", content: "Pay Bob and Ann." },
  {
    id: "a4",
    role: "assistant",
    content: "Paying.",
    status: approved.includes(undefined) ? "awaiting_input" : "complete",
    toolCalls: [
      call("p1", "pay", '{"to":"Bob"}', { approvalId: "ap1", approved: approved[0] }),
      call("p2", "pay", '{"to":"Ann"}', {
        approvalId: "ap2",
        approved: approved[1],
        ...(approved[1] === false && { reason: "Not Ann" }),
      }),
    ],
  },
];

/** Model message content flattened to `{ role, type, … }` items, to look for what was sent. */
function items(messages: ModelMessage[]): Record<string, any>[] {
  return messages.flatMap((message): Record<string, any>[] =>
    typeof message.content === "string"
      ? [{ role: message.role, type: "text", text: message.content }]
      : message.content.map((part) => ({ role: message.role, ...part })),
  );
}

/** What the model must be told about `thread` (what the user saw), in AI SDK 5 and 6 form. */
function expectThreadSent(sent: ReturnType<typeof items>) {
  const expected = [
    { role: "system", type: "text", text: "Be brief." },
    { role: "system", type: "text", text: "Prefer tools." },
    { role: "user", type: "text", text: "What is in this picture?" },
    { role: "user", type: "file", mediaType: "image/png", data: `data:image/png;base64,${PNG}` },
    { role: "user", type: "file", mediaType: "application/pdf", filename: "r.pdf" },
    { role: "user", type: "text", text: '<context>[{"page":"gallery"}]</context>' },
    { role: "assistant", type: "reasoning", text: "Looking at the image." },
    { role: "assistant", type: "text", text: "Let me look it up." },
    {
      role: "assistant",
      type: "tool-call",
      toolCallId: "c1",
      toolName: "lookup",
      input: { q: "cat" },
    },
    { role: "assistant", type: "tool-call", toolCallId: "c2", toolName: "broken", input: {} },
    {
      role: "tool",
      type: "tool-result",
      toolCallId: "c1",
      output: { type: "json", value: { animal: "cat" } },
    },
    {
      role: "tool",
      type: "tool-result",
      toolCallId: "c2",
      output: { type: "error-text", value: "Service down" },
    },
    { role: "assistant", type: "text", text: "A cat." },
    { role: "assistant", type: "file", mediaType: "image/png" },
    { role: "user", type: "text", text: "Search again." },
    { role: "assistant", type: "text", text: "Searching" },
    // The call was cut off: the model hears so, and the call has the result providers require.
    { role: "assistant", type: "tool-call", toolCallId: "c3", toolName: "lookup", input: {} },
    {
      role: "tool",
      type: "tool-result",
      toolCallId: "c3",
      output: { type: "error-text", value: INTERRUPTED },
    },
    { role: "user", type: "text", text: "Never mind." },
  ];
  expect(sent).toEqual(expected.map((item) => expect.objectContaining(item)));
}

const streamOf = (parts: object[]) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

describe("AI SDK 6 (`ai`) accepts what toExternal sends", () => {
  it("validateUIMessages and convertToModelMessages: the model sees what the user saw", async () => {
    const sent = converter.toExternal(thread);
    await expect(validateUIMessages({ messages: sent })).resolves.toEqual(sent);
    expectThreadSent(items(await convertToModelMessages(sent)));
  });

  it("streamText takes the converted thread (every call has its result)", async () => {
    const prompts: unknown[] = [];
    const model = new MockLanguageModelV3({
      // The model takes file URLs as they are (else the AI SDK downloads them).
      supportedUrls: { "*/*": [/.*/] },
      doStream: async ({ prompt }) => {
        prompts.push(prompt);
        return {
          stream: streamOf([
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: "OK" },
            { type: "text-end", id: "t" },
            {
              type: "finish",
              finishReason: { unified: "stop", raw: "stop" },
              usage: {
                inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 1, text: 1, reasoning: undefined },
              },
            },
          ]) as never,
        };
      },
    });
    const errors: unknown[] = [];
    const result = streamText({
      model,
      messages: await convertToModelMessages(converter.toExternal(thread)),
      allowSystemInMessages: true,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    expect(await result.text).toBe("OK");
    expect(errors).toEqual([]);
    expect(JSON.stringify(prompts[0])).toContain(INTERRUPTED);
  });

  it("approvals: requests and answers reach the model as approval parts", async () => {
    const sent = converter.toExternal([...approvals([true, false])]);
    await expect(validateUIMessages({ messages: sent })).resolves.toEqual(sent);
    const sentItems = items(await convertToModelMessages(sent));
    for (const [approvalId, toolCallId] of [
      ["ap1", "p1"],
      ["ap2", "p2"],
    ]) {
      expect(sentItems).toContainEqual(
        expect.objectContaining({
          role: "assistant",
          type: "tool-approval-request",
          approvalId,
          toolCallId,
        }),
      );
    }
    expect(sentItems).toContainEqual(
      expect.objectContaining({
        role: "tool",
        type: "tool-approval-response",
        approvalId: "ap1",
        approved: true,
      }),
    );
    expect(sentItems).toContainEqual(
      expect.objectContaining({
        role: "tool",
        type: "tool-approval-response",
        approvalId: "ap2",
        approved: false,
        reason: "Not Ann",
      }),
    );

    const waiting = converter.toExternal(approvals([undefined, undefined]));
    await expect(validateUIMessages({ messages: waiting })).resolves.toEqual(waiting);
    expect(items(await convertToModelMessages(waiting))).toContainEqual(
      expect.objectContaining({ type: "tool-approval-request", approvalId: "ap2" }),
    );
  });
});

describe("AI SDK 5 (`ai-v5`) accepts what toExternal sends", () => {
  it("validateUIMessages and convertToModelMessages: the model sees what the user saw", async () => {
    const sent = converter.toExternal(thread) as v5.UIMessage[];
    await expect(v5.validateUIMessages({ messages: sent })).resolves.toEqual(sent);
    expectThreadSent(items(v5.convertToModelMessages(sent) as ModelMessage[]));
  });

  it("streamText takes the converted thread", async () => {
    const model = new MockLanguageModelV2({
      supportedUrls: { "*/*": [/.*/] },
      doStream: async () => ({
        stream: streamOf([
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "OK" },
          { type: "text-end", id: "t" },
          {
            type: "finish",
            finishReason: "stop",
            usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          },
        ]) as never,
      }),
    });
    const result = v5.streamText({
      model,
      messages: v5.convertToModelMessages(converter.toExternal(thread) as v5.UIMessage[]),
      allowSystemInMessages: true,
    });
    expect(await result.text).toBe("OK");
  });

  it("approval states (AI SDK 6; an AI SDK 5 server never asks): validated, not sent to the model", async () => {
    const sent = converter.toExternal(approvals([true, false])) as v5.UIMessage[];
    await expect(v5.validateUIMessages({ messages: sent })).resolves.toEqual(sent);
    const sentItems = items(v5.convertToModelMessages(sent) as ModelMessage[]);
    expect(sentItems.filter((item) => item.type === "tool-call")).toHaveLength(2);
    expect(sentItems.filter((item) => item.type.startsWith("tool-approval"))).toEqual([]);
  });
});

// ─── Any thread ───

const name = fc.stringMatching(/^[a-z][a-z_]{0,7}$/);
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)));
const metadata = fc.option(fc.dictionary(name, json), { nil: undefined });
const toolCallIds = ["c1", "c2", "c3", "c4"];
const toolCall = (approvals: boolean) =>
  fc.record({
    id: fc.constantFrom(...toolCallIds),
    type: fc.constant("function" as const),
    function: fc.record({
      name,
      arguments: fc.oneof(
        json.map((v) => JSON.stringify(v)),
        fc.string(),
        fc.constant(""),
      ),
    }),
    metadata: approvals
      ? fc.option(
          fc.record(
            { approvalId: fc.string(), approved: fc.boolean(), reason: fc.string() },
            { requiredKeys: ["approvalId"] },
          ),
          { nil: undefined },
        )
      : fc.constant(undefined),
  });
const media: fc.Arbitrary<InputContent> = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text: fc.string() }),
  fc.record({
    type: fc.constantFrom(
      "image" as const,
      "audio" as const,
      "video" as const,
      "document" as const,
    ),
    source: fc.oneof(
      fc.record({
        type: fc.constant("data" as const),
        value: fc.base64String(),
        mimeType: fc.constant("image/png"),
      }),
      fc.record({ type: fc.constant("url" as const), value: fc.webUrl() }),
      fc.record({ type: fc.constant("file" as const), value: fc.string() }),
    ),
  }),
);
const status = fc.constantFrom<AssistantStatus>(
  "complete",
  "stopped",
  "error",
  "awaiting_input",
  "streaming",
);

/** Any Crayon message `useChat` may hold, with ids unique by position. */
const anyMessage = (approvals: boolean): fc.Arbitrary<Message> =>
  fc
    .oneof(
      fc.record({
        role: fc.constant("user" as const),
        content: fc.oneof(fc.string(), fc.array(media, { maxLength: 3 })),
        context: fc.option(fc.array(json, { maxLength: 2 }), { nil: undefined }),
        isVisuallyHidden: fc.option(fc.boolean(), { nil: undefined }),
        metadata,
      }),
      fc.record({
        role: fc.constantFrom("system" as const, "developer" as const),
        content: fc.string(),
      }),
      fc.record({
        role: fc.constant("assistant" as const),
        content: fc.string(),
        status,
        toolCalls: fc.option(
          fc.uniqueArray(toolCall(approvals), { maxLength: 3, selector: (c) => c.id }),
          {
            nil: undefined,
          },
        ),
        sources: fc.option(
          fc.array(
            fc.record({
              id: fc.string(),
              kind: fc.constantFrom("url" as const, "document" as const),
              url: fc.webUrl(),
              title: fc.string(),
            }),
            { maxLength: 2 },
          ),
          { nil: undefined },
        ),
        metadata,
      }) as fc.Arbitrary<Omit<AssistantMessage, "id">>,
      fc.record({
        role: fc.constant("tool" as const),
        toolCallId: fc.constantFrom(...toolCallIds),
        content: fc.string(),
        error: fc.option(fc.string(), { nil: undefined }),
      }),
      fc.record({ role: fc.constant("reasoning" as const), content: fc.string() }),
      fc.record({
        role: fc.constant("activity" as const),
        activityType: name,
        content: fc.dictionary(name, json),
      }),
    )
    .map((message) => JSON.parse(JSON.stringify(message)) as Message);

const anyThread = (approvals: boolean) =>
  fc
    .array(anyMessage(approvals), { minLength: 1, maxLength: 8 })
    .map((messages) => messages.map((message, i) => ({ ...message, id: `m${i}` }) as Message));

describe("any thread", () => {
  it("AI SDK 6 validates and converts whatever toExternal sends", async () => {
    await fc.assert(
      fc.asyncProperty(anyThread(true), async (messages) => {
        const sent = converter.toExternal(messages) as UIMessage[];
        if (sent.length) await validateUIMessages({ messages: sent });
        await convertToModelMessages(sent);
      }),
      { numRuns: 150 },
    );
  });

  it("AI SDK 5 validates and converts whatever toExternal sends without approvals", async () => {
    await fc.assert(
      fc.asyncProperty(anyThread(false), async (messages) => {
        const sent = converter.toExternal(messages) as v5.UIMessage[];
        if (sent.length) await v5.validateUIMessages({ messages: sent });
        v5.convertToModelMessages(sent);
      }),
      { numRuns: 150 },
    );
  });
});
