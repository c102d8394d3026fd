import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  collect,
  expectSameEventsForAnySplit,
  failingResponse,
  responseFromChunks,
  splitBytes,
  utf8,
} from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import type { CrayonStreamEvent } from "../../events";
import type { AssistantMessage, Message } from "../../message";
import { vercelAIAdapter } from "./vercelAIAdapter";

const UI_HEADERS = { "x-vercel-ai-ui-message-stream": "v1", "content-type": "text/event-stream" };
const DATA_HEADERS = { "x-vercel-ai-data-stream": "v1", "content-type": "text/plain" };

/** A UI message stream body, as `JsonToSseTransformStream` writes it. */
function uiBody(chunks: unknown[], done = true): string {
  return (
    chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("") +
    (done ? "data: [DONE]\n\n" : "")
  );
}

/** A data stream body, as `formatDataStreamPart` writes it. */
function dataBody(parts: Array<[string, unknown]>): string {
  return parts.map(([code, value]) => `${code}:${JSON.stringify(value)}\n`).join("");
}

const parse = (body: string | Uint8Array[], headers: Record<string, string> = {}) =>
  collect(
    vercelAIAdapter().parse(
      responseFromChunks(typeof body === "string" ? [body] : body, { headers }),
    ),
  );

const ui = (chunks: unknown[], done = true) => parse(uiBody(chunks, done), UI_HEADERS);
const data = (parts: Array<[string, unknown]>) => parse(dataBody(parts), DATA_HEADERS);

function messagesOf(events: CrayonStreamEvent[]): Message[] {
  let n = 0;
  const acc = createMessageAccumulator({ generateId: () => `gen-${++n}`, now: () => 0 });
  for (const event of events) acc.apply(event);
  acc.finish();
  return acc.getMessages();
}

const errors = (events: CrayonStreamEvent[]) => events.filter((event) => event.type === "error");
const withoutErrors = (events: CrayonStreamEvent[]) =>
  events.filter((event) => event.type !== "error");

const textTurn = [
  { type: "start", messageId: "m1" },
  { type: "start-step" },
  { type: "text-start", id: "t1" },
  { type: "text-delta", id: "t1", delta: "Hel" },
  { type: "text-delta", id: "t1", delta: "lo" },
  { type: "text-end", id: "t1" },
  { type: "finish-step" },
  { type: "finish", finishReason: "stop" },
];

describe("vercelAIAdapter: UI message stream", () => {
  it("turns a text response into one assistant message named by the start chunk", async () => {
    const events = await ui(textTurn);
    expect(events).toEqual([
      { type: "step-start", stepName: "1" },
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "Hel", messageId: "m1" },
      { type: "text-delta", text: "lo", messageId: "m1" },
      { type: "step-finish", stepName: "1" },
      { type: "message-end", messageId: "m1" },
      { type: "run-finish", outcome: "success" },
    ]);
    expect(messagesOf(events)).toEqual([
      { id: "m1", role: "assistant", content: "Hello", status: "complete" },
    ]);
  });

  it("gives every event of a response without a message id the same made-up id", async () => {
    const events = await ui([
      { type: "start" },
      { type: "text-delta", id: "0", delta: "Hi" },
      { type: "finish" },
    ]);
    const ids = new Set(events.flatMap((event) => ("messageId" in event ? [event.messageId] : [])));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/\S/);
  });

  it("reads the stream with or without headers, and a stream that starts with an SSE comment", async () => {
    const expected = await ui(textTurn);
    expect(await parse(uiBody(textTurn))).toEqual(expected);
    expect(await parse(`: keep-alive\n\n${uiBody(textTurn)}`)).toEqual(expected);
    expect(await parse(uiBody(textTurn), { "content-type": "text/plain" })).toEqual(expected);
  });

  it("accepts a finish chunk without [DONE] and [DONE] without a finish chunk", async () => {
    expect(errors(await ui(textTurn, false))).toEqual([]);
    const noFinish = await ui(textTurn.slice(0, -1));
    expect(errors(noFinish)).toEqual([]);
    expect(noFinish.at(-1)).toEqual({ type: "message-end", messageId: "m1" });
  });

  it("reports a stream that ends without finish and [DONE] as truncated, after its content", async () => {
    const events = await ui(textTurn.slice(0, 4), false);
    expect(events.at(-1)).toMatchObject({ type: "error", code: "truncated" });
    const messages = messagesOf(events);
    expect(messages).toEqual([
      expect.objectContaining({ id: "m1", content: "Hel", status: "error" }),
    ]);
  });

  describe("metadata", () => {
    it("merges start, message-metadata and finish metadata into the message", async () => {
      const events = await ui([
        { type: "start", messageId: "m1", messageMetadata: { createdAt: 1 } },
        { type: "message-metadata", messageMetadata: { model: "x" } },
        { type: "text-delta", id: "t", delta: "a" },
        { type: "finish", messageMetadata: { tokens: 3 } },
      ]);
      expect(messagesOf(events)[0]).toMatchObject({
        metadata: { createdAt: 1, model: "x", tokens: 3 },
      });
      // The metadata waited for the message to start.
      expect(events.slice(0, 3).map((event) => event.type)).toEqual([
        "message-start",
        "message-metadata",
        "message-metadata",
      ]);
    });

    it("wraps metadata that is not an object as { value }", async () => {
      const events = await ui([
        { type: "start", messageId: "m", messageMetadata: 42 },
        { type: "finish" },
      ]);
      expect(messagesOf(events)[0]).toMatchObject({ id: "m", metadata: { value: 42 } });
    });
  });

  describe("reasoning", () => {
    it("puts reasoning before the answer as its own message, thinking until it ends", async () => {
      const events = await ui([
        { type: "start", messageId: "m1" },
        { type: "reasoning-start", id: "r" },
        { type: "reasoning-delta", id: "r", delta: "Let me " },
        { type: "reasoning-delta", id: "r", delta: "think." },
        { type: "reasoning-end", id: "r" },
        { type: "text-delta", id: "t", delta: "42" },
        { type: "finish" },
      ]);
      expect(events.slice(0, 4)).toEqual([
        { type: "reasoning-start", messageId: "m1-1" },
        { type: "reasoning-delta", text: "Let me ", messageId: "m1-1" },
        { type: "reasoning-delta", text: "think.", messageId: "m1-1" },
        { type: "reasoning-end", messageId: "m1-1" },
      ]);
      expect(messagesOf(events)).toEqual([
        {
          id: "m1-1",
          role: "reasoning",
          content: "Let me think.",
          isThinking: false,
          durationMs: 0,
        },
        { id: "m1", role: "assistant", content: "42", status: "complete" },
      ]);
    });

    it("keeps reasoning parts that reuse a part id apart, and interleaved text in order", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "reasoning-start", id: "0" },
        { type: "reasoning-delta", id: "0", delta: "a" },
        { type: "reasoning-end", id: "0" },
        { type: "text-delta", id: "t", delta: "one" },
        { type: "reasoning-start", id: "0" },
        { type: "reasoning-delta", id: "0", delta: "b" },
        { type: "reasoning-end", id: "0" },
        { type: "text-delta", id: "t2", delta: "two" },
        { type: "finish" },
      ]);
      expect(messagesOf(events).map((m) => [m.id, m.role, m.content])).toEqual([
        ["m-1", "reasoning", "a"],
        ["m", "assistant", "one"],
        ["m-2", "reasoning", "b"],
        ["m-3", "assistant", "two"],
      ]);
    });

    it("still shows reasoning deltas that arrive before their start", async () => {
      const events = await ui([
        { type: "reasoning-delta", id: "x", delta: "hm" },
        { type: "finish" },
      ]);
      expect(errors(events)).toEqual([]);
      expect(messagesOf(events)).toEqual([
        expect.objectContaining({ role: "reasoning", content: "hm", isThinking: false }),
      ]);
    });
  });

  describe("tool calls", () => {
    const toolTurn = [
      { type: "start", messageId: "m1" },
      { type: "start-step" },
      { type: "text-delta", id: "t1", delta: "Let me check." },
      { type: "tool-input-start", toolCallId: "c1", toolName: "weather" },
      { type: "tool-input-delta", toolCallId: "c1", inputTextDelta: '{"city":' },
      { type: "tool-input-delta", toolCallId: "c1", inputTextDelta: '"Paris"}' },
      {
        type: "tool-input-available",
        toolCallId: "c1",
        toolName: "weather",
        input: { city: "Paris" },
      },
      { type: "tool-output-available", toolCallId: "c1", output: { sunny: true } },
      { type: "finish-step" },
      { type: "start-step" },
      { type: "text-delta", id: "t2", delta: "It is sunny." },
      { type: "finish-step" },
      { type: "finish" },
    ];

    it("streams the arguments, then the result as a tool message, and text after it as a new message", async () => {
      const events = await ui(toolTurn);
      expect(events.filter((event) => event.type.startsWith("tool-"))).toEqual([
        {
          type: "tool-call-start",
          toolCallId: "c1",
          toolCallName: "weather",
          parentMessageId: "m1",
        },
        { type: "tool-call-args", toolCallId: "c1", delta: '{"city":' },
        { type: "tool-call-args", toolCallId: "c1", delta: '"Paris"}' },
        { type: "tool-call-end", toolCallId: "c1" },
        {
          type: "tool-call-result",
          toolCallId: "c1",
          content: '{"sunny":true}',
          messageId: "m1-tool-c1",
        },
      ]);
      expect(messagesOf(events)).toEqual([
        {
          id: "m1",
          role: "assistant",
          content: "Let me check.",
          status: "complete",
          toolCalls: [
            {
              id: "c1",
              type: "function",
              function: { name: "weather", arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { id: "m1-tool-c1", role: "tool", toolCallId: "c1", content: '{"sunny":true}' },
        { id: "m1-1", role: "assistant", content: "It is sunny.", status: "complete" },
      ]);
    });

    it("sends the whole input when no delta streamed it, and string output as it is", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "search", input: { q: "x" } },
        { type: "tool-output-available", toolCallId: "c", output: "found it" },
        { type: "finish" },
      ]);
      const [assistant, tool] = messagesOf(events) as [AssistantMessage, Message];
      expect(assistant.toolCalls?.[0]?.function).toEqual({
        name: "search",
        arguments: '{"q":"x"}',
      });
      expect(tool).toMatchObject({ role: "tool", toolCallId: "c", content: "found it" });
    });

    it("replaces preliminary outputs with the final one", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "job", input: {} },
        {
          type: "tool-output-available",
          toolCallId: "c",
          output: { progress: 0.5 },
          preliminary: true,
        },
        { type: "tool-output-available", toolCallId: "c", output: { done: true } },
        { type: "finish" },
      ]);
      const tools = messagesOf(events).filter((m) => m.role === "tool");
      expect(tools).toEqual([
        { id: "m-tool-c", role: "tool", toolCallId: "c", content: '{"done":true}' },
      ]);
    });

    it("reports tool failures, invalid inputs and denials on the tool message", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "a", toolName: "t", input: {} },
        { type: "tool-output-error", toolCallId: "a", errorText: "boom" },
        {
          type: "tool-input-error",
          toolCallId: "b",
          toolName: "t",
          input: "{oops",
          errorText: "bad input",
        },
        { type: "tool-input-available", toolCallId: "c", toolName: "t", input: {} },
        { type: "tool-output-denied", toolCallId: "c" },
        { type: "finish" },
      ]);
      const messages = messagesOf(events);
      expect(messages.filter((m) => m.role === "tool")).toEqual([
        { id: "m-tool-a", role: "tool", toolCallId: "a", content: "", error: "boom" },
        { id: "m-tool-b", role: "tool", toolCallId: "b", content: "", error: "bad input" },
        {
          id: "m-tool-c",
          role: "tool",
          toolCallId: "c",
          content: "",
          error: "The tool call was denied.",
        },
      ]);
      const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
      expect(calls.map((call) => call.function)).toEqual([
        { name: "t", arguments: "{}" },
        { name: "t", arguments: '"{oops"' },
        { name: "t", arguments: "{}" },
      ]);
    });

    it("holds back raw-text input deltas and sends the final input as JSON", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-start", toolCallId: "c", toolName: "patch", inputEncoding: "text" },
        { type: "tool-input-delta", toolCallId: "c", inputTextDelta: 'line "1"\n' },
        { type: "tool-input-available", toolCallId: "c", toolName: "patch", input: 'line "1"\n' },
        { type: "finish" },
      ]);
      const [assistant] = messagesOf(events) as [AssistantMessage];
      expect(JSON.parse(assistant.toolCalls![0]!.function.arguments)).toBe('line "1"\n');
    });

    it("keeps input deltas that arrive before their start, and fills in the name later", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-delta", toolCallId: "c", inputTextDelta: '{"a":1}' },
        { type: "tool-input-available", toolCallId: "c", toolName: "late", input: { a: 1 } },
        { type: "finish" },
      ]);
      expect(errors(events)).toEqual([]);
      const [assistant] = messagesOf(events) as [AssistantMessage];
      expect(assistant.toolCalls).toEqual([
        { id: "c", type: "function", function: { name: "late", arguments: '{"a":1}' } },
      ]);
    });

    it("keeps text, tool calls, results and more text in the order they streamed", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "text-delta", id: "1", delta: "A" },
        { type: "tool-input-available", toolCallId: "x", toolName: "t", input: {} },
        { type: "text-delta", id: "2", delta: "B" },
        { type: "tool-input-available", toolCallId: "y", toolName: "t", input: {} },
        { type: "tool-output-available", toolCallId: "y", output: 1 },
        { type: "tool-input-available", toolCallId: "z", toolName: "t", input: {} },
        { type: "finish" },
      ]);
      expect(
        messagesOf(events).map((m) =>
          m.role === "assistant" ? [m.id, m.content, (m.toolCalls ?? []).map((c) => c.id)] : [m.id],
        ),
      ).toEqual([["m", "A", ["x"]], ["m-1", "B", ["y"]], ["m-tool-y"], ["m-2", "", ["z"]]]);
    });

    it("waits for approval: the message is awaiting input and the run is interrupted", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "pay", input: { amount: 5 } },
        { type: "tool-approval-request", toolCallId: "c", approvalId: "ap1" },
        { type: "finish", finishReason: "tool-calls" },
      ]);
      expect(events).toContainEqual({
        type: "tool-approval-request",
        toolCallId: "c",
        approvalId: "ap1",
      });
      expect(events.at(-1)).toEqual({ type: "run-finish", outcome: "interrupt" });
      const [assistant] = messagesOf(events) as [AssistantMessage];
      expect(assistant.status).toBe("awaiting_input");
      expect(assistant.toolCalls?.[0]?.metadata).toEqual({ approvalId: "ap1" });
    });

    it("does not wait for an approval that was decided automatically (AI SDK 7)", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-input-available", toolCallId: "c", toolName: "t", input: {} },
        { type: "tool-approval-request", toolCallId: "c", approvalId: "a", isAutomatic: true },
        { type: "tool-approval-response", approvalId: "a", approved: true },
        { type: "finish" },
      ]);
      expect(events.some((event) => event.type === "tool-approval-request")).toBe(false);
      expect(events).toContainEqual({
        type: "custom",
        name: "vercel:tool-approval-response",
        value: { type: "tool-approval-response", approvalId: "a", approved: true },
      });
      expect((messagesOf(events)[0] as AssistantMessage).status).toBe("complete");
    });

    it("continues after an approval in a new message, not in the message of the earlier response", async () => {
      const history: Message[] = [
        {
          id: "m",
          role: "assistant",
          content: "Paying.",
          status: "awaiting_input",
          toolCalls: [{ id: "c", type: "function", function: { name: "pay", arguments: "{}" } }],
        },
      ];
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "tool-output-available", toolCallId: "c", output: "paid" },
        { type: "text-delta", id: "t", delta: "Done." },
        { type: "finish" },
      ]);
      const acc = createMessageAccumulator({ messages: history });
      for (const event of events) acc.apply(event);
      acc.finish();
      expect(acc.getMessages().map((m) => [m.id, m.role, m.content])).toEqual([
        ["m", "assistant", "Paying."],
        ["m-tool-c", "tool", "paid"],
        ["m-1", "assistant", "Done."],
      ]);
    });
  });

  describe("sources, files and data parts", () => {
    it("attaches URL and document sources and files to the assistant message", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "text-delta", id: "t", delta: "See" },
        { type: "source-url", sourceId: "s1", url: "https://a.example", title: "A" },
        {
          type: "source-document",
          sourceId: "s2",
          mediaType: "application/pdf",
          title: "Doc",
          filename: "d.pdf",
        },
        { type: "file", url: "https://a.example/x.png", mediaType: "image/png" },
        { type: "reasoning-file", url: "data:image/png;base64,AA==", mediaType: "image/png" },
        { type: "finish" },
      ]);
      expect(messagesOf(events)[0]).toMatchObject({
        sources: [
          { id: "s1", kind: "url", url: "https://a.example", title: "A" },
          {
            id: "s2",
            kind: "document",
            title: "Doc",
            mediaType: "application/pdf",
            filename: "d.pdf",
          },
        ],
        files: [
          { url: "https://a.example/x.png", mediaType: "image/png" },
          { url: "data:image/png;base64,AA==", mediaType: "image/png" },
        ],
      });
    });

    it("turns data parts into activities (updated by id) and transient ones into custom events", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "data-weather", id: "w1", data: { city: "Paris", status: "loading" } },
        { type: "text-delta", id: "t", delta: "Here:" },
        { type: "data-weather", id: "w1", data: { city: "Paris", status: "done" } },
        { type: "text-delta", id: "t", delta: " sunny" },
        { type: "data-count", data: 3 },
        { type: "data-notice", data: { text: "hi" }, transient: true },
        { type: "finish" },
      ]);
      expect(events).toContainEqual({
        type: "custom",
        name: "vercel:data-notice",
        value: { text: "hi" },
      });
      expect(messagesOf(events)).toEqual([
        {
          id: "w1",
          role: "activity",
          activityType: "weather",
          content: { city: "Paris", status: "done" },
        },
        { id: "m", role: "assistant", content: "Here: sunny", status: "complete" },
        { id: "m-1", role: "activity", activityType: "count", content: { value: 3 } },
      ]);
    });
  });

  describe("errors, aborts and boundaries", () => {
    it("marks the message as failed on an error chunk and keeps it failed after finish", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "text-delta", id: "t", delta: "partial" },
        { type: "error", errorText: "model overloaded" },
        { type: "finish" },
      ]);
      expect(events).toContainEqual({
        type: "error",
        code: "server_error",
        error: "model overloaded",
        messageId: "m",
      });
      expect(messagesOf(events)[0]).toMatchObject({
        content: "partial",
        status: "error",
        error: "model overloaded",
      });
    });

    it("shows an error that arrives before any content as a failed assistant message", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "error", errorText: "401" },
      ]);
      expect(messagesOf(events)).toEqual([
        { id: "m", role: "assistant", content: "", status: "error", error: "401" },
      ]);
    });

    it("marks an aborted message as stopped and the run as cancelled", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "text-delta", id: "t", delta: "par" },
        { type: "abort", reason: "user" },
        { type: "finish" },
      ]);
      expect(events.at(-1)).toEqual({ type: "run-finish", outcome: "cancelled" });
      expect(messagesOf(events)[0]).toMatchObject({ content: "par", status: "stopped" });
    });

    it("starts a new message when a start chunk names another message", async () => {
      const events = await ui([
        { type: "start", messageId: "a" },
        { type: "text-delta", id: "t", delta: "one" },
        { type: "finish" },
        { type: "start", messageId: "b" },
        { type: "text-delta", id: "t", delta: "two" },
        { type: "finish" },
      ]);
      expect(messagesOf(events).map((m) => [m.id, m.content])).toEqual([
        ["a", "one"],
        ["b", "two"],
      ]);
    });

    it("passes AI SDK 7 custom parts on and starts a new message after reset-step", async () => {
      const custom = {
        type: "custom",
        kind: "openai.compaction",
        providerMetadata: { openai: {} },
      };
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "start-step" },
        { type: "text-delta", id: "t", delta: "first try" },
        { type: "reset-step" },
        { type: "text-delta", id: "t", delta: "second try" },
        custom,
        { type: "finish" },
      ]);
      expect(events).toContainEqual({
        type: "custom",
        name: "vercel:reset-step",
        value: { type: "reset-step" },
      });
      expect(events).toContainEqual({ type: "custom", name: "vercel:custom", value: custom });
      expect(messagesOf(events).map((m) => [m.id, m.content])).toEqual([
        ["m", "first try"],
        ["m-1", "second try"],
      ]);
    });

    it("skips unknown chunk types and text part boundaries", async () => {
      const events = await ui([
        { type: "start", messageId: "m" },
        { type: "future-thing", x: 1 },
        { type: "text-start", id: "t" },
        { type: "text-end", id: "t" },
        { type: "finish" },
      ]);
      expect(events).toEqual([{ type: "run-finish", outcome: "success" }]);
    });
  });

  describe("hostile input", () => {
    it("reports invalid JSON, non-objects and wrong field types as malformed and goes on", async () => {
      const body =
        "data: {nope\n\n" +
        "data: 42\n\n" +
        'data: {"no":"type"}\n\n' +
        'data: {"type":"text-delta","id":"t","delta":7}\n\n' +
        'data: {"type":"tool-input-start","toolCallId":1,"toolName":"x"}\n\n' +
        'data: {"type":"source-url","sourceId":"s"}\n\n' +
        'data: {"type":"text-delta","id":"t","delta":"ok"}\n\n' +
        'data: {"type":"finish"}\n\n';
      const events = await parse(body, UI_HEADERS);
      expect(errors(events).map((event) => event.type === "error" && event.code)).toEqual(
        Array(6).fill("malformed_event"),
      );
      expect(messagesOf(withoutErrors(events))).toEqual([
        expect.objectContaining({ role: "assistant", content: "ok", status: "complete" }),
      ]);
    });

    it("ignores everything after [DONE]", async () => {
      const events = await parse(
        `${uiBody(textTurn)}data: {"type":"text-delta","id":"t","delta":"late"}\n\n`,
      );
      expect(events.filter((event) => event.type === "text-delta")).toHaveLength(2);
    });

    it("decodes a 10 MB text delta", async () => {
      const big = "x".repeat(10 * 1024 * 1024);
      const body = uiBody([
        { type: "start", messageId: "m" },
        { type: "text-delta", id: "t", delta: big },
        { type: "finish" },
      ]);
      const bytes = utf8(body);
      const chunks = splitBytes(
        bytes,
        Array.from({ length: 160 }, (_, i) => i * 65536),
      );
      const events = await parse(chunks, UI_HEADERS);
      expect(errors(events)).toEqual([]);
      expect((messagesOf(events)[0] as AssistantMessage).content?.length).toBe(big.length);
    });

    it("never throws or hangs on random bytes, and always ends with a verdict", async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.boolean(), async (bytes, sse) => {
          const prefix = utf8(sse ? "data: " : "0:");
          const body = new Uint8Array([...prefix, ...bytes]);
          const events = await parse([body]);
          expect(events.length).toBeGreaterThan(0);
          messagesOf(events);
        }),
        { numRuns: 150 },
      );
    });
  });

  it("yields the same events however the body is split into chunks", async () => {
    const body = utf8(
      uiBody([
        { type: "start", messageId: "m", messageMetadata: { t: 1 } },
        { type: "reasoning-start", id: "r" },
        { type: "reasoning-delta", id: "r", delta: "думаю 🤔" },
        { type: "reasoning-end", id: "r" },
        { type: "text-delta", id: "t", delta: "héllo 👋🏽 世界" },
        { type: "tool-input-start", toolCallId: "c", toolName: "t" },
        { type: "tool-input-delta", toolCallId: "c", inputTextDelta: '{"q":"ü"}' },
        { type: "tool-input-available", toolCallId: "c", toolName: "t", input: { q: "ü" } },
        { type: "tool-output-available", toolCallId: "c", output: "ok" },
        { type: "data-x", id: "d", data: { a: 1 } },
        { type: "finish" },
      ]).replaceAll("\n", "\r\n"),
    );
    const expected = await parse([body]);
    expect(errors(expected)).toEqual([]);
    await expectSameEventsForAnySplit(parse, body, expected, 60);
  });
});

describe("vercelAIAdapter: data stream (AI SDK 3/4)", () => {
  const stepTurn: Array<[string, unknown]> = [
    ["f", { messageId: "msg-1" }],
    ["g", "Think"],
    ["g", "ing"],
    ["j", { signature: "sig" }],
    ["0", "Let me "],
    ["0", "check."],
    ["b", { toolCallId: "c1", toolName: "weather" }],
    ["c", { toolCallId: "c1", argsTextDelta: '{"city":' }],
    ["c", { toolCallId: "c1", argsTextDelta: '"Paris"}' }],
    ["9", { toolCallId: "c1", toolName: "weather", args: { city: "Paris" } }],
    ["a", { toolCallId: "c1", result: { sunny: true } }],
    [
      "e",
      {
        finishReason: "tool-calls",
        usage: { promptTokens: 1, completionTokens: 2 },
        isContinued: false,
      },
    ],
    ["f", { messageId: "msg-2" }],
    ["h", { sourceType: "url", id: "s1", url: "https://a.example", title: "A" }],
    ["0", "Sunny."],
    ["k", { data: "AA==", mimeType: "image/png" }],
    ["8", [{ step: 2 }]],
    ["8", [{ final: true }]],
    [
      "e",
      { finishReason: "stop", usage: { promptTokens: 1, completionTokens: 2 }, isContinued: false },
    ],
    ["d", { finishReason: "stop", usage: { promptTokens: 2, completionTokens: 4 } }],
  ];

  it("maps every part of a multi-step response, one message per step", async () => {
    const events = await data(stepTurn);
    expect(errors(events)).toEqual([]);
    expect(events).toContainEqual({
      type: "encrypted-value",
      entity: "message",
      entityId: "msg-1-1",
      encryptedValue: "sig",
    });
    expect(events.at(-1)).toEqual({
      type: "run-finish",
      outcome: "success",
      usage: { promptTokens: 2, completionTokens: 4 },
    });
    expect(events.filter((event) => event.type.startsWith("step-"))).toEqual([
      { type: "step-start", stepName: "1" },
      { type: "step-finish", stepName: "1" },
      { type: "step-start", stepName: "2" },
      { type: "step-finish", stepName: "2" },
    ]);
    expect(messagesOf(events)).toEqual([
      {
        id: "msg-1-1",
        role: "reasoning",
        content: "Thinking",
        isThinking: false,
        durationMs: 0,
        encryptedValue: "sig",
      },
      {
        id: "msg-1",
        role: "assistant",
        content: "Let me check.",
        status: "complete",
        toolCalls: [
          {
            id: "c1",
            type: "function",
            function: { name: "weather", arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { id: "msg-1-tool-c1", role: "tool", toolCallId: "c1", content: '{"sunny":true}' },
      {
        id: "msg-2",
        role: "assistant",
        content: "Sunny.",
        status: "complete",
        sources: [{ id: "s1", kind: "url", url: "https://a.example", title: "A" }],
        files: [{ url: "data:image/png;base64,AA==", mediaType: "image/png" }],
        metadata: { annotations: [{ step: 2 }, { final: true }] },
      },
    ]);
  });

  it("is recognised from its first bytes without a header, and reads CRLF line endings", async () => {
    const expected = await data(stepTurn);
    expect(await parse(dataBody(stepTurn))).toEqual(expected);
    expect(await parse(dataBody(stepTurn).replaceAll("\n", "\r\n"))).toEqual(expected);
  });

  it("maps tool calls sent whole, redacted reasoning, data, errors and text without a step", async () => {
    const events = await data([
      ["0", "Hi"],
      ["i", { data: "secret" }],
      ["9", { toolCallId: "c", toolName: "t", args: { a: 1 } }],
      ["2", [{ progress: 1 }]],
      ["3", "rate limited"],
      ["d", { finishReason: "error" }],
    ]);
    expect(events).toContainEqual({
      type: "custom",
      name: "vercel:data",
      value: [{ progress: 1 }],
    });
    const messages = messagesOf(events);
    expect(messages.map((m) => m.role)).toEqual(["assistant", "reasoning", "assistant"]);
    expect(messages[0]).toMatchObject({ content: "Hi", status: "complete" });
    expect(messages[1]).toMatchObject({ content: "", encryptedValue: "secret", isThinking: false });
    expect(messages[2]).toMatchObject({
      toolCalls: [{ id: "c", function: { name: "t", arguments: '{"a":1}' } }],
      status: "error",
      error: "rate limited",
    });
  });

  it("skips codes of other streams and reports malformed lines, then goes on", async () => {
    const body = [
      '1:{"name":"legacy"}', // v3 function call: skipped
      '4:{"id":"x"}', // assistant stream: skipped
      "z:1", // unknown code: skipped
      "no colon here",
      'ab:"two-char code"',
      "0:not json",
      "0:42",
      '9:{"toolCallId":"c"}',
      '0:"ok"',
      'd:{"finishReason":"stop"}',
    ].join("\n");
    const events = await parse(body, DATA_HEADERS);
    expect(errors(events).map((event) => event.type === "error" && event.code)).toEqual(
      Array(5).fill("malformed_event"),
    );
    expect(messagesOf(withoutErrors(events))).toEqual([
      expect.objectContaining({ content: "ok", status: "complete" }),
    ]);
  });

  it("reports a stream without its finish part as truncated", async () => {
    const events = await data([["0", "Hel"]]);
    expect(events.at(-1)).toMatchObject({ type: "error", code: "truncated" });
  });

  it("decodes a final line without a newline and a 10 MB line split into many chunks", async () => {
    const big = "y".repeat(10 * 1024 * 1024);
    const body = utf8(`0:${JSON.stringify(big)}\nd:{"finishReason":"stop"}`);
    const events = await parse(
      splitBytes(
        body,
        Array.from({ length: 160 }, (_, i) => i * 65536 + 1),
      ),
    );
    expect(errors(events)).toEqual([]);
    expect((messagesOf(events)[0] as AssistantMessage).content?.length).toBe(big.length);
  });

  it("yields the same events however the body is split into chunks", async () => {
    const body = utf8(
      dataBody([
        ["f", { messageId: "m" }],
        ["g", "думаю 🤔"],
        ["0", "héllo 👋🏽 世界"],
        ["b", { toolCallId: "c", toolName: "t" }],
        ["c", { toolCallId: "c", argsTextDelta: '{"q":"ü"}' }],
        ["9", { toolCallId: "c", toolName: "t", args: { q: "ü" } }],
        ["a", { toolCallId: "c", result: "ok" }],
        ["d", { finishReason: "stop" }],
      ]),
    );
    const expected = await parse([body]);
    expect(errors(expected)).toEqual([]);
    await expectSameEventsForAnySplit(parse, body, expected, 60);
  });
});

describe("vercelAIAdapter: the data stream decoder is loaded on demand", () => {
  it("reads text/event-stream without it, and reports a data stream it cannot load as a network error", async () => {
    vi.resetModules();
    vi.doMock("./formatSniffer", () => {
      throw new Error("offline");
    });
    try {
      const { vercelAIAdapter: adapter } = await import("./vercelAIAdapter");
      const read = (body: string, headers: Record<string, string>) =>
        collect(adapter().parse(responseFromChunks([body], { headers })));
      expect(await read(uiBody(textTurn), UI_HEADERS)).toEqual(await ui(textTurn));
      expect(await read(dataBody([["0", "Hi"]]), DATA_HEADERS)).toEqual([
        {
          type: "error",
          code: "network",
          error: expect.stringContaining("The AI SDK data stream decoder could not be loaded"),
        },
      ]);
    } finally {
      vi.doUnmock("./formatSniffer");
      vi.resetModules();
    }
  });
});

describe("vercelAIAdapter: transport failures", () => {
  it("reports a non-2xx response with its status", async () => {
    const response = new Response("nope", { status: 500, statusText: "Server Error" });
    const events = await collect(vercelAIAdapter().parse(response));
    expect(events).toEqual([
      expect.objectContaining({ type: "error", code: "http_error", status: 500 }),
    ]);
  });

  it("reports a response without a body", async () => {
    const events = await collect(vercelAIAdapter().parse(new Response(null, { status: 200 })));
    expect(events).toEqual([expect.objectContaining({ type: "error", code: "no_body" })]);
  });

  it("delivers what arrived before a dropped connection, then a network error", async () => {
    const response = failingResponse([uiBody(textTurn.slice(0, 4), false)], new Error("reset"));
    const events = await collect(vercelAIAdapter().parse(response));
    expect(events.filter((event) => event.type === "text-delta")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: "error", code: "network" });
  });

  it("keeps no state between responses", async () => {
    const adapter = vercelAIAdapter();
    const first = await collect(
      adapter.parse(responseFromChunks([uiBody(textTurn.slice(0, 4), false)])),
    );
    const second = await collect(adapter.parse(responseFromChunks([uiBody(textTurn)])));
    expect(errors(first)).toHaveLength(1);
    expect(second).toEqual(await ui(textTurn));
  });
});
