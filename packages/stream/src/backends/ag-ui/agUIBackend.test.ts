import {
  type BaseEvent,
  EventType,
  type Interrupt,
  type ResumeEntry,
  type RunAgentInput,
} from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { EventEncoder } from "@ag-ui/encoder";
import { describe, expect, it } from "vitest";
import { collect, responseFromChunks } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import type { ChatTrigger, HumanResponse } from "../../chatRequest";
import { undeclaredFields } from "../../converters/ag-ui/undeclaredFields";
import type { AssistantMessage, Message, UserMessage } from "../../message";
import { type AgUIBackendOptions, type AgUIChatRequest, agUIBackend } from "./agUIBackend";

const URL = "https://agent.example/run";

/** A `fetch` that records its calls and answers with an empty event stream. */
function recordingFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response("", { headers: { "Content-Type": "text/event-stream" } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Sends `request` through a backend made with `options`; returns what was POSTed. */
async function send(request: AgUIChatRequest, options: Partial<AgUIBackendOptions> = {}) {
  const { fetch, calls } = recordingFetch();
  await agUIBackend({ url: URL, fetch, ...options }).processMessage(request);
  expect(calls).toHaveLength(1);
  const { url, init } = calls[0]!;
  return { url, init, body: JSON.parse(init.body as string) as RunAgentInput };
}

/** The body must pass `@ag-ui/core`'s validator and hold no field AG-UI 1.0 does not define. */
function expectValidRunAgentInput(body: unknown) {
  const parsed = RunAgentInputSchema.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(undeclaredFields(body, RunAgentInputSchema)).toEqual([]);
}

const { messageConverter, streamProtocol } = agUIBackend({ url: URL });

function chatRequest(thread: Message[], overrides: Partial<AgUIChatRequest> = {}): AgUIChatRequest {
  return {
    threadId: "thread-1",
    runId: "run-2",
    messages: messageConverter.toExternal(thread),
    abortController: new AbortController(),
    trigger: "submit-message",
    state: undefined,
    tools: [],
    ...overrides,
  };
}

const user: UserMessage = { id: "u1", role: "user", content: "Send the report to Bob" };
const thread: Message[] = [
  { id: "s1", role: "system", content: "Be brief." },
  user,
  { id: "r1", role: "reasoning", content: "Needs the mail tool", isThinking: false },
  {
    id: "a1",
    role: "assistant",
    content: "Sending.",
    status: "complete",
    toolCalls: [{ id: "tc1", type: "function", function: { name: "send", arguments: "{}" } }],
  },
  { id: "t1", role: "tool", content: "sent", toolCallId: "tc1" },
  { id: "p1", role: "activity", activityType: "progress", content: { done: 1 } },
  { id: "u2", role: "user", content: "Thanks", isVisuallyHidden: true, context: [{ page: 1 }] },
];

describe("agUIBackend – the RunAgentInput", () => {
  const triggers: ChatTrigger[] = [
    "submit-message",
    "regenerate-message",
    "tool-result",
    "human-response",
  ];
  for (const trigger of triggers) {
    it(`is a valid AG-UI 1.0 RunAgentInput for ${trigger}`, async () => {
      const waiting: AssistantMessage = { id: "a1", role: "assistant", content: "?" };
      const request = chatRequest(thread, {
        trigger,
        messageId: "u2",
        ...(trigger === "human-response" && {
          response: { response: { type: "approve" }, message: waiting },
        }),
      });
      const { body } = await send(request);
      expectValidRunAgentInput(body);
      expect(body).toEqual({
        threadId: "thread-1",
        runId: "run-2",
        protocolVersion: "1.0",
        // The thread as AG-UI messages, except activities, which AG-UI never sends back.
        messages: request.messages.filter((message) => message.role !== "activity"),
        tools: [],
        context: [],
        state: {},
        forwardedProps: {},
      });
    });
  }

  it("sends the client's tools (description defaults to empty), the state, context and props", async () => {
    const parameters = { type: "object", properties: { to: { type: "string" } } };
    const context = [{ description: "The user's locale", value: "de-CH" }];
    const { body } = await send(
      chatRequest([user], {
        tools: [{ name: "send", description: "Sends mail", parameters }, { name: "now" }],
        state: { step: 2, draft: null },
      }),
      { context, forwardedProps: { model: "fast" } },
    );
    expectValidRunAgentInput(body);
    expect(body.tools).toEqual([
      { name: "send", description: "Sends mail", parameters },
      { name: "now", description: "" },
    ]);
    expect(body.state).toEqual({ step: 2, draft: null });
    expect(body.context).toEqual(context);
    expect(body.forwardedProps).toEqual({ model: "fast" });
  });

  it("calls context and forwardedProps functions (sync or async) with each request", async () => {
    const seen: AgUIChatRequest[] = [];
    const request = chatRequest([user], { runId: "run-9" });
    const { body } = await send(request, {
      context: async (r) => {
        seen.push(r);
        return [{ description: "run", value: r.runId }];
      },
      forwardedProps: (r) => {
        seen.push(r);
        return { thread: r.threadId };
      },
    });
    expect(seen).toEqual([request, request]);
    expect(body.context).toEqual([{ description: "run", value: "run-9" }]);
    expect(body.forwardedProps).toEqual({ thread: "thread-1" });
  });

  it("POSTs JSON to the url, asks for SSE, adds headers (object or async function) and passes the abort signal", async () => {
    const request = chatRequest([user]);
    const plain = await send(request, {
      headers: { Authorization: "Bearer a" },
      credentials: "include",
    });
    expect(plain.url).toBe(URL);
    expect(plain.init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: {
        "Content-Type": "application/json",
        Accept: "text/event-stream",
        Authorization: "Bearer a",
      },
    });
    expect(plain.init.signal).toBe(request.abortController.signal);

    let calls = 0;
    const fresh = await send(request, {
      headers: async () => ({ Authorization: `Bearer ${++calls}` }),
    });
    expect(fresh.init.headers).toMatchObject({ Authorization: "Bearer 1" });
  });

  it("converts with the AG-UI converter and reads AG-UI events", async () => {
    expect(messageConverter.toExternal([{ ...user, isVisuallyHidden: true }])).toEqual([user]);
    const body = new EventEncoder().encodeSSE({
      type: EventType.RUN_STARTED,
      threadId: "thread-1",
      runId: "run-2",
    } as BaseEvent);
    expect(await collect(streamProtocol.parse(responseFromChunks([body])))).toContainEqual({
      type: "run-start",
      threadId: "thread-1",
      runId: "run-2",
    });
  });
});

// ─── Resuming an interrupted run ───

/**
 * Runs an agent turn that ends with `interrupts` (encoded as an AG-UI server does) through the
 * backend's adapter and the accumulator; returns the thread, its last message paused.
 */
async function interruptedThread(interrupts: Interrupt[]): Promise<Message[]> {
  const encoder = new EventEncoder();
  const ids = { threadId: "thread-1", runId: "run-1" };
  const call = (toolCallId: string): BaseEvent[] => [
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "send", parentMessageId: "a1" },
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{"to":"bob"}' },
    { type: EventType.TOOL_CALL_END, toolCallId },
  ];
  const events: BaseEvent[] = [
    { type: EventType.RUN_STARTED, ...ids },
    { type: EventType.TEXT_MESSAGE_START, messageId: "a1", role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a1", delta: "I need your OK." },
    { type: EventType.TEXT_MESSAGE_END, messageId: "a1" },
    ...call("tc1"),
    ...call("tc2"),
    { type: EventType.RUN_FINISHED, ...ids, outcome: { type: "interrupt", interrupts } },
  ];
  const body = events.map((event) => encoder.encodeSSE(event)).join("");
  const accumulator = createMessageAccumulator({ messages: [user] });
  for (const event of await collect(streamProtocol.parse(responseFromChunks([body])))) {
    accumulator.apply(event);
  }
  accumulator.finish();
  const messages = accumulator.getMessages();
  expect(messages.at(-1)).toMatchObject({ id: "a1", status: "awaiting_input" });
  return messages;
}

/**
 * The request `useChat` makes when the user answers the paused message: the message resolved
 * (an approved or rejected call marked in its metadata), the answer appended as a user message.
 */
function answer(messages: Message[], response: HumanResponse): AgUIChatRequest {
  const waiting = messages.at(-1) as AssistantMessage;
  const resolved: AssistantMessage = { ...waiting, status: "complete" };
  if (response.type !== "input") {
    const calls = waiting.toolCalls ?? [];
    const call = calls.find((c) => c.id === response.toolCallId) ?? calls.at(-1);
    resolved.toolCalls = calls.map((c) =>
      c === call ? { ...c, metadata: { approved: response.type === "approve" } } : c,
    );
  }
  const reply: UserMessage = {
    id: "answer",
    role: "user",
    content: response.type === "input" ? response.content : "Approved.",
    isVisuallyHidden: response.type !== "input",
    context: [{ type: "human-response" }],
  };
  return chatRequest([...messages.slice(0, -1), resolved, reply], {
    trigger: "human-response",
    response: { response, message: resolved },
  });
}

const approval = (id: string, toolCallId: string): Interrupt => ({
  id,
  reason: "tool_approval",
  toolCallId,
});
const question: Interrupt = { id: "q1", reason: "input_required", message: "Which Bob?" };

describe("agUIBackend – resume", () => {
  it("approving a named tool call resolves its interrupt, cancels the others, and sends the answer only as resume", async () => {
    const paused = await interruptedThread([approval("i1", "tc1"), approval("i2", "tc2")]);
    const request = answer(paused, { type: "approve", toolCallId: "tc2" });
    const { body } = await send(request);
    expectValidRunAgentInput(body);
    expect(body.resume).toEqual<ResumeEntry[]>([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "resolved", payload: { approved: true } },
    ]);
    // The thread up to and including the paused message; the appended user answer is not sent.
    expect(body.messages.map((message) => message.id)).toEqual(["u1", "a1"]);
    expect(body.messages.at(-1)).toMatchObject({ metadata: { interrupts: expect.any(Array) } });
  });

  it("a rejection answers the call named, else the call the client marked, with the reason", async () => {
    const paused = await interruptedThread([approval("i1", "tc1"), approval("i2", "tc2")]);
    const { body } = await send(
      answer(paused, { type: "reject", toolCallId: "tc1", reason: "Wrong Bob" }),
    );
    expect(body.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: false, reason: "Wrong Bob" } },
      { interruptId: "i2", status: "cancelled" },
    ]);

    const request = answer(paused, { type: "reject" });
    // The client marked the last call (tc2) as the one rejected.
    expect((request.response!.message.toolCalls ?? []).at(-1)?.metadata).toEqual({
      approved: false,
    });
    const unnamed = await send(request);
    expect(unnamed.body.resume).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "resolved", payload: { approved: false } },
    ]);
  });

  it("free text answers the interrupt that names no tool call", async () => {
    const paused = await interruptedThread([approval("i1", "tc1"), question]);
    const { body } = await send(answer(paused, { type: "input", content: "Bob Smith" }));
    expectValidRunAgentInput(body);
    expect(body.resume).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "q1", status: "resolved", payload: { input: "Bob Smith" } },
    ]);
    expect(body.messages.map((message) => message.id)).toEqual(["u1", "a1"]);
  });

  it("an answer no interrupt matches goes to the latest interrupt", async () => {
    const paused = await interruptedThread([question, approval("i1", "tc1")]);
    const { body } = await send(answer(paused, { type: "input", content: "Yes" }));
    expect(body.resume).toEqual([
      { interruptId: "q1", status: "resolved", payload: { input: "Yes" } },
      { interruptId: "i1", status: "cancelled" },
    ]);
    const approved = await send(answer(paused, { type: "approve", toolCallId: "tc-unknown" }));
    expect(approved.body.resume).toEqual([
      { interruptId: "q1", status: "cancelled" },
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
    ]);
  });

  it("an expired interrupt is cancelled, not resolved (AG-UI forbids answering it)", async () => {
    const expired = { ...approval("i1", "tc1"), expiresAt: "2001-01-01T00:00:00Z" };
    const open = { ...approval("i2", "tc2"), expiresAt: "2999-01-01T00:00:00Z" };
    const paused = await interruptedThread([expired, open]);
    const first = await send(answer(paused, { type: "approve", toolCallId: "tc1" }));
    expect(first.body.resume).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "cancelled" },
    ]);
    const second = await send(answer(paused, { type: "approve", toolCallId: "tc2" }));
    expect(second.body.resume).toEqual([
      { interruptId: "i1", status: "cancelled" },
      { interruptId: "i2", status: "resolved", payload: { approved: true } },
    ]);
  });

  it("sends no resume, and keeps the answer message, when the paused message has no interrupts", async () => {
    const paused: Message[] = [
      user,
      { id: "a1", role: "assistant", content: "OK?", status: "awaiting_input" },
    ];
    const { body } = await send(answer(paused, { type: "approve" }));
    expectValidRunAgentInput(body);
    expect(body.resume).toBeUndefined();
    expect(body.messages.map((message) => message.id)).toEqual(["u1", "a1", "answer"]);
  });

  it("sends no resume for other triggers, even after an interrupt", async () => {
    const paused = await interruptedThread([approval("i1", "tc1")]);
    const follow: UserMessage = { id: "u9", role: "user", content: "Never mind" };
    const { body } = await send(chatRequest([...paused, follow], { trigger: "submit-message" }));
    expect(body.resume).toBeUndefined();
    expect(body.messages.map((message) => message.id)).toEqual(["u1", "a1", "u9"]);
  });
});
