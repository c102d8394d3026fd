import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClientTool } from "@crayonai/react-core";
import type {
  AssistantMessage,
  ChatRequest,
  ChatTrigger,
  CrayonStreamEvent,
  HumanResponse,
  JSONValue,
  Message,
  ToolMessage,
  UserMessage,
} from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import type { Hono } from "hono";
import { createDemoAgentApp } from "./app";
import { demoAgentChatParams, demoProtocolAdapter } from "./client";
import type { DemoAgentOptions } from "./options";
import type { DemoProtocol } from "./protocols/demoProtocols";

// Test support: apps on throw-away databases, requests, and decoding replies as a client does.

/** A database file in a fresh temporary directory (the directory itself does not exist yet). */
export async function temporaryDbFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), "demo-agent-")), "data", "demo.sqlite");
}

/** A demo agent app on its own database, without pacing and without a model. */
export async function testApp(options: DemoAgentOptions = {}): Promise<Hono> {
  return createDemoAgentApp({
    dbFile: await temporaryDbFile(),
    delayMs: 0,
    openai: null,
    ...options,
  });
}

let counter = 0;

/** A user message with a fresh id. */
export function userMessage(content: string, extra: Partial<UserMessage> = {}): UserMessage {
  counter += 1;
  return { id: `user-${counter}`, role: "user", content, ...extra };
}

/** `POST /api/chat` with a JSON body (Crayon's own request unless the test says otherwise). */
export function postChat(
  app: Hono,
  body: unknown,
  protocol: DemoProtocol = "crayon",
  init: RequestInit = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/chat?protocol=${protocol}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...init,
    }),
  );
}

/** The app's own fetch, so a client talks to it without a network. */
export const fetchFrom =
  (app: Hono): typeof fetch =>
  async (input, init) =>
    app.request(String(input), init);

/** A reply read the way a client reads it: its events, the thread and agent state they build. */
export type DecodedReply = { events: CrayonStreamEvent[]; messages: Message[]; state?: unknown };

/** Reads `response` with the protocol's adapter and accumulates it onto `history` and `state`. */
export async function decodeReply(
  protocol: DemoProtocol,
  response: Response,
  history: readonly Message[],
  state?: unknown,
): Promise<DecodedReply> {
  const accumulator = createMessageAccumulator({ messages: history, agentState: state });
  const events: CrayonStreamEvent[] = [];
  for await (const event of demoProtocolAdapter(protocol).parse(response)) {
    events.push(event);
    accumulator.apply(event);
  }
  accumulator.finish();
  return { events, messages: accumulator.getMessages(), state: accumulator.getAgentState() };
}

/** A request as `useChat` makes it over `params`, with the thread converted by their converter. */
export function chatRequest(
  params: ReturnType<typeof demoAgentChatParams>,
  threadId: string,
  messages: Message[],
  abortController = new AbortController(),
): ChatRequest<unknown> {
  return {
    threadId,
    messages: params.messageConverter!.toExternal(messages),
    abortController,
    runId: `run-${threadId}`,
    trigger: "submit-message",
    messageId: messages.at(-1)?.id,
    state: undefined,
    tools: (params.tools ?? []).map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    })),
  };
}

/** What one request sends besides the thread: why it is made, and the state and answer it carries. */
export type Turn = {
  messages: Message[];
  trigger?: ChatTrigger;
  state?: unknown;
  response?: ChatRequest["response"];
};

let threads = 0;

/**
 * Sends `history` (ending with a user message, or a {@link Turn}) as `useChat` does over
 * `protocol`, with `demoAgentChatParams`: converted with its converter and posted by its
 * backend, in the protocol's own request format. Then decodes the reply, and like `useChat`
 * runs the client's declared tools on the calls left to it and sends their results back.
 * Without a `threadId`, a fresh one is used.
 */
export async function converse(
  app: Hono,
  history: Message[] | Turn,
  protocol: DemoProtocol = "crayon",
  threadId = `thread-${++threads}`,
  options: { fetch?: typeof fetch } = {},
): Promise<DecodedReply> {
  const params = demoAgentChatParams({ protocol, fetch: options.fetch ?? fetchFrom(app) });
  const tools = (params.tools ?? []) as ClientTool[];
  let turn: Turn = Array.isArray(history) ? { messages: history } : history;
  const events: CrayonStreamEvent[] = [];
  for (let roundtrip = 0; ; roundtrip++) {
    const response = await params.processMessage({
      threadId,
      messages: params.messageConverter!.toExternal(turn.messages),
      abortController: new AbortController(),
      runId: `run-${threadId}-${roundtrip}`,
      trigger: turn.trigger ?? "submit-message",
      state: turn.state,
      tools: tools.map(({ execute: _execute, ...definition }) => definition),
      ...(turn.response && { response: turn.response }),
    });
    const decoded = await decodeReply(protocol, response, turn.messages, turn.state);
    events.push(...decoded.events);
    const results = await runClientTools(tools, decoded.messages);
    if (results.length === 0 || roundtrip === 5) return { ...decoded, events };
    turn = {
      messages: [...decoded.messages, ...results],
      trigger: "tool-result",
      state: decoded.state,
    };
  }
}

/** Tool messages answering the calls of the last reply that a declared client tool runs. */
async function runClientTools(tools: ClientTool[], messages: Message[]): Promise<ToolMessage[]> {
  const results: ToolMessage[] = [];
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      const tool = tools.find((t) => t.name === call.function.name && t.execute);
      if (!tool || messages.some((m) => m.role === "tool" && m.toolCallId === call.id)) continue;
      const args = JSON.parse(call.function.arguments || "{}");
      const result = await tool.execute!(args, { toolCall: call, args, threadId: "", messages });
      results.push({
        id: `tool-${call.id}`,
        role: "tool",
        toolCallId: call.id,
        content: JSON.stringify(result),
      });
    }
  }
  return results;
}

/** The reply's messages (what came after `history`). */
export function replyOf(decoded: DecodedReply, history: readonly Message[]): Message[] {
  return decoded.messages.slice(history.length);
}

/** The assistant messages of a reply. */
export function assistants(messages: readonly Message[]): AssistantMessage[] {
  return messages.filter((m): m is AssistantMessage => m.role === "assistant");
}

/** All assistant text of a reply, messages joined by a blank line. */
export function assistantText(messages: readonly Message[]): string {
  return assistants(messages)
    .map((m) => m.content ?? "")
    .filter(Boolean)
    .join("\n\n");
}

/**
 * The request after the user answers an assistant message waiting for input, as `respond` in
 * `@crayonai/react-core` builds it: the waiting message becomes `complete` and its tool call
 * records `approved` (and the reason); a hidden user message carries the answer as context;
 * the request says it is a human response and which message it answers.
 */
export function respondTo(
  messages: readonly Message[],
  response: { type: "approve" } | { type: "reject"; reason?: string },
): Turn {
  let index = messages.length - 1;
  while (index >= 0) {
    const message = messages[index]!;
    if (message.role === "assistant" && message.status === "awaiting_input") break;
    index--;
  }
  if (index === -1) throw new Error("No message waits for input.");
  const waiting = messages[index] as AssistantMessage;
  const calls = waiting.toolCalls ?? [];
  const call =
    [...calls].reverse().find((c) => c.metadata?.approvalId !== undefined) ?? calls.at(-1);
  const context: Record<string, JSONValue> = {
    type: "human-response",
    response: response.type,
    messageId: waiting.id,
  };
  const resolved: AssistantMessage = { ...waiting, status: "complete" };
  if (call) {
    const metadata: Record<string, unknown> = {
      ...call.metadata,
      approved: response.type === "approve",
    };
    if (response.type === "reject" && response.reason) metadata.reason = response.reason;
    resolved.toolCalls = calls.map((c) => (c === call ? { ...c, metadata } : c));
    context.toolCallId = call.id;
    if (call.metadata?.approvalId !== undefined)
      context.approvalId = String(call.metadata.approvalId);
  }
  if (response.type === "reject" && response.reason) context.reason = response.reason;
  const answer = userMessage(
    response.type === "approve"
      ? "Approved."
      : `Rejected${response.type === "reject" && response.reason ? `: ${response.reason}` : "."}`,
    { isVisuallyHidden: true, context: [context] },
  );
  const humanResponse: HumanResponse = call ? { ...response, toolCallId: call.id } : response;
  return {
    messages: [...messages.slice(0, index), resolved, ...messages.slice(index + 1), answer],
    trigger: "human-response",
    response: { response: humanResponse, message: resolved },
  };
}
