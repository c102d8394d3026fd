// A thread streamed from a real AI SDK route through `vercelAIAdapter` and the accumulator, sent
// back with `vercelUIMessageConverter`, must be what the AI SDK's own client holds after reading
// the same bytes (`readUIMessageStream`, what `useChat` runs). And a thread loaded from the
// server's UI messages must be the thread that was streamed.
//
// Normalised on purpose (the adapter does not carry these to Crayon messages, see its README):
// the AI SDK keeps a reasoning part's `id`; the loaded thread keeps such AI SDK-only fields in
// `metadata.vercelPart`, which a streamed thread does not have.

import {
  convertToModelMessages,
  jsonSchema,
  type ModelMessage,
  readUIMessageStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import * as v5 from "ai-v5";
import { MockLanguageModelV2 } from "ai-v5/test";
import { describe, expect, it } from "vitest";
import { responseFromChunks } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import { vercelAIAdapter } from "../../adapters/vercel/vercelAIAdapter";
import type { AssistantMessage, Message, UserMessage } from "../../message";
import { VERCEL_PART } from "./extraFields";
import { vercelUIMessageConverter } from "./vercelUIMessageConverter";

const converter = vercelUIMessageConverter();

const streamOf = (parts: object[]) =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

/** A mock model that streams `steps[i]` on its i-th call and records the prompts it got. */
function stepModel<M>(Model: new (options: any) => M, steps: object[][], prompts: unknown[] = []) {
  let call = 0;
  return new Model({
    doStream: async ({ prompt }: { prompt: unknown }) => {
      prompts.push(prompt);
      return { stream: streamOf(steps[call++] ?? []) };
    },
  });
}

const finishV6 = (reason: string) => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
});
const finishV5 = (reason: string) => ({
  type: "finish",
  finishReason: reason,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
});

/** Reasoning, text and two tool calls (one fails); after the results, text, a source, a file. */
const agentSteps = (finish: (reason: string) => object) => [
  [
    { type: "stream-start", warnings: [] },
    { type: "reasoning-start", id: "r1" },
    { type: "reasoning-delta", id: "r1", delta: "The user wants the weather." },
    { type: "reasoning-end", id: "r1" },
    { type: "text-start", id: "t1" },
    { type: "text-delta", id: "t1", delta: "Let me check." },
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
    { type: "text-start", id: "t2" },
    { type: "text-delta", id: "t2", delta: "It is 18 °C." },
    { type: "text-end", id: "t2" },
    { type: "source", sourceType: "url", id: "s1", url: "https://meteo.example", title: "Meteo" },
    { type: "file", mediaType: "image/png", data: "iVBORw0KGgo=" },
    finish("stop"),
  ],
];

const weatherSchema = { type: "object", properties: { city: { type: "string" } } } as const;
const startMetadata = ({ part }: { part: { type: string } }) =>
  part.type === "start" ? { model: "mock" } : undefined;

const user: UserMessage = { id: "u1", role: "user", content: "Weather in Zürich?" };
const userUI: UIMessage = {
  id: "u1",
  role: "user",
  parts: [{ type: "text", text: "Weather in Zürich?" }],
};

/** The UI message chunks of an SSE body (the `data:` frames but `[DONE]`). */
function chunksOf(body: string): ReadableStream<UIMessageChunk> {
  const frames = body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)));
  return streamOf(frames) as ReadableStream<UIMessageChunk>;
}

/**
 * Reads one response both ways: Crayon (adapter + accumulator over `history`) and the AI SDK
 * (`readUIMessageStream`, continuing `continues` as `useChat` does when the last message is the
 * assistant's).
 */
async function readBoth(
  response: Response,
  history: Message[],
  read: typeof readUIMessageStream,
  continues?: UIMessage,
) {
  const headers = Object.fromEntries(response.headers);
  const body = await response.text();
  const accumulator = createMessageAccumulator({ messages: history });
  for await (const event of vercelAIAdapter().parse(responseFromChunks([body], { headers })))
    accumulator.apply(event);
  accumulator.finish();
  let message: UIMessage | undefined;
  for await (const snapshot of read({
    stream: chunksOf(body),
    ...(continues && { message: structuredClone(continues) }),
  }))
    message = snapshot;
  // The AI SDK's useChat measures no reasoning duration: compared without Crayon's.
  const thread = accumulator
    .getMessages()
    .map((m) => (m.role === "reasoning" ? { ...m, durationMs: undefined } : m));
  return { thread: thread as Message[], message: message! };
}

/** The AI SDK's message without the reasoning part ids the adapter does not keep. */
function withoutReasoningIds(message: UIMessage): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (part.type !== "reasoning") return part;
      const { id: _id, ...rest } = part as { id?: string };
      return rest as typeof part;
    }),
  };
}

/** A loaded thread without the AI SDK-only fields a streamed one has no place for. */
function withoutKeptFields(messages: Message[]): Message[] {
  return JSON.parse(JSON.stringify(messages), (key, value) => {
    if (value && typeof value === "object" && !Array.isArray(value) && VERCEL_PART in value) {
      const { [VERCEL_PART]: _kept, ...rest } = value;
      return Object.keys(rest).length ? rest : undefined;
    }
    return key === "metadata" && value === undefined ? undefined : value;
  });
}

/** The text of every part of the model messages, to check what the model is told. */
const promptText = (messages: unknown) => JSON.stringify(messages);

describe("a streamed thread, sent back", () => {
  it("AI SDK 6 agent: equals what useChat holds, and loading it gives the streamed thread", async () => {
    const result = streamText({
      model: stepModel(MockLanguageModelV3, agentSteps(finishV6)),
      prompt: "Weather in Zürich?",
      stopWhen: stepCountIs(3),
      tools: {
        weather: tool({
          inputSchema: jsonSchema<{ city: string }>(weatherSchema),
          execute: async ({ city }) => ({ city, celsius: 18 }),
        }),
        broken: tool({
          inputSchema: jsonSchema<Record<string, never>>({ type: "object" }),
          execute: async (): Promise<string> => {
            // After the other tool: results are listed in call order, as loading lists them.
            await new Promise((resolve) => setTimeout(resolve, 5));
            throw new Error("the tool broke");
          },
        }),
      },
    });
    const response = result.toUIMessageStreamResponse({
      sendReasoning: true,
      sendSources: true,
      generateMessageId: () => "msg-1",
      messageMetadata: startMetadata,
    });
    const { thread, message } = await readBoth(response, [user], readUIMessageStream);

    // The comparison is only meaningful if the reply has what the test is about.
    expect(message.parts.map((part) => part.type)).toEqual([
      "step-start",
      "reasoning",
      "text",
      "tool-weather",
      "tool-broken",
      "step-start",
      "text",
      "source-url",
      "file",
    ]);
    expect(thread.map((m) => `${m.role}:${m.id}`)).toEqual([
      "user:u1",
      "reasoning:msg-1-1",
      "assistant:msg-1",
      "tool:msg-1-tool-call-1",
      "tool:msg-1-tool-call-2",
      "assistant:msg-1-2",
    ]);
    expect(converter.toExternal(thread)).toEqual([userUI, withoutReasoningIds(message)]);
    expect(withoutKeptFields(converter.fromExternal([userUI, message]))).toEqual(thread);
  });

  it("AI SDK 5 agent: equals what AI SDK 5's useChat holds", async () => {
    const result = v5.streamText({
      model: stepModel(MockLanguageModelV2, agentSteps(finishV5)),
      prompt: "Weather in Zürich?",
      stopWhen: v5.stepCountIs(3),
      tools: {
        weather: v5.tool({
          inputSchema: v5.jsonSchema<{ city: string }>(weatherSchema),
          execute: async ({ city }) => ({ city, celsius: 18 }),
        }),
        broken: v5.tool({
          inputSchema: v5.jsonSchema<Record<string, never>>({ type: "object" }),
          execute: async (): Promise<string> => {
            // After the other tool: results are listed in call order, as loading lists them.
            await new Promise((resolve) => setTimeout(resolve, 5));
            throw new Error("the tool broke");
          },
        }),
      },
    });
    const response = result.toUIMessageStreamResponse({
      sendReasoning: true,
      sendSources: true,
      generateMessageId: () => "msg-1",
    });
    const { thread, message } = await readBoth(
      response,
      [user],
      v5.readUIMessageStream as unknown as typeof readUIMessageStream,
    );
    expect(message.parts).toHaveLength(9);
    expect(converter.toExternal(thread)).toEqual([userUI, withoutReasoningIds(message)]);
    expect(withoutKeptFields(converter.fromExternal([userUI, message]))).toEqual(thread);
  });

  for (const answer of ["approve", "reject"] as const) {
    it(`AI SDK 6 tool approval (${answer}): the answer reaches the tool, the reply continues the message`, async () => {
      const prompts: ModelMessage[][] = [];
      const model = stepModel(
        MockLanguageModelV3,
        [
          [
            { type: "text-start", id: "t1" },
            { type: "text-delta", id: "t1", delta: "Sending 5 €." },
            { type: "text-end", id: "t1" },
            { type: "tool-call", toolCallId: "pay-1", toolName: "pay", input: '{"amount":5}' },
            finishV6("tool-calls"),
          ],
          [
            { type: "text-start", id: "t2" },
            { type: "text-delta", id: "t2", delta: "Done." },
            { type: "text-end", id: "t2" },
            finishV6("stop"),
          ],
        ],
        prompts,
      );
      const tools = {
        pay: tool({
          inputSchema: jsonSchema<{ amount: number }>({ type: "object" }),
          needsApproval: true,
          execute: async () => "paid",
        }),
      };
      /** The route handler of the README, unchanged. */
      const route = async (messages: UIMessage[]) =>
        streamText({
          model,
          messages: await convertToModelMessages(messages),
          tools,
        }).toUIMessageStreamResponse({ originalMessages: messages });

      const first = await readBoth(
        await route(converter.toExternal([user]) as UIMessage[]),
        [user],
        readUIMessageStream,
      );
      const waiting = first.thread.at(-1) as AssistantMessage;
      expect(waiting.status).toBe("awaiting_input");
      const call = waiting.toolCalls![0]!;
      const approvalId = String(call.metadata?.approvalId);

      // What `respond` does: the answer on the call, and a hidden user message saying it.
      const approved = answer === "approve";
      const resolved: AssistantMessage = {
        ...waiting,
        status: "complete",
        toolCalls: [
          {
            ...call,
            metadata: { ...call.metadata, approved, ...(!approved && { reason: "Too much" }) },
          },
        ],
      };
      const hidden: UserMessage = {
        id: "answer-1",
        role: "user",
        isVisuallyHidden: true,
        content: approved ? "Approved." : "Rejected: Too much",
        context: [
          {
            type: "human-response",
            response: answer,
            messageId: waiting.id,
            toolCallId: call.id,
            approvalId,
          },
        ],
      };
      const history = [...first.thread.slice(0, -1), resolved, hidden];
      const sent = converter.toExternal(history) as UIMessage[];
      // The answer is on the tool part, in the last message, as the AI SDK's client sends it.
      expect(sent.at(-1)?.parts.at(-1)).toMatchObject({
        state: "approval-responded",
        approval: { id: approvalId, approved },
      });

      const second = await readBoth(await route(sent), history, readUIMessageStream, sent.at(-1));
      expect(promptText(prompts[1])).toContain(approved ? "paid" : "Too much");
      expect(second.message.parts.find((part) => part.type === "tool-pay")).toMatchObject({
        state: approved ? "output-available" : "output-denied",
      });
      expect(converter.toExternal(second.thread)).toEqual([userUI, second.message]);
      // Loaded, the answer is on the call; the hidden message that said it is not needed.
      expect(withoutKeptFields(converter.fromExternal([userUI, second.message]))).toEqual(
        second.thread.filter((message) => message !== hidden),
      );
    });
  }
});
