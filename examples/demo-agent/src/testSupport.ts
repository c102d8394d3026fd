import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  AssistantMessage,
  CrayonStreamEvent,
  JSONValue,
  Message,
  UserMessage,
} from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import type { Hono } from "hono";
import { createDemoAgentApp } from "./app";
import { demoProtocolAdapter } from "./client";
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

/** `POST /api/chat` with a JSON body. */
export function postChat(
  app: Hono,
  body: { threadId?: string; messages: Message[] },
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

/** A reply read the way a client reads it: its events and the thread they build. */
export type DecodedReply = { events: CrayonStreamEvent[]; messages: Message[] };

/** Reads `response` with the protocol's adapter and accumulates it onto `history`. */
export async function decodeReply(
  protocol: DemoProtocol,
  response: Response,
  history: readonly Message[],
): Promise<DecodedReply> {
  const accumulator = createMessageAccumulator({ messages: history });
  const events: CrayonStreamEvent[] = [];
  for await (const event of demoProtocolAdapter(protocol).parse(response)) {
    events.push(event);
    accumulator.apply(event);
  }
  accumulator.finish();
  return { events, messages: accumulator.getMessages() };
}

/** Sends `history` (ending with a user message) and decodes the reply. */
export async function converse(
  app: Hono,
  history: Message[],
  protocol: DemoProtocol = "crayon",
  threadId?: string,
): Promise<DecodedReply> {
  const response = await postChat(
    app,
    { messages: history, ...(threadId ? { threadId } : {}) },
    protocol,
  );
  return decodeReply(protocol, response, history);
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
 * The thread after the user answers an assistant message waiting for input, as `respond` in
 * `@crayonai/react-core` builds it: the waiting message becomes `complete` and its tool call
 * records `approved` (and the reason); a hidden user message carries the answer as context.
 */
export function respondTo(
  messages: readonly Message[],
  response: { type: "approve" } | { type: "reject"; reason?: string },
): Message[] {
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
  return [...messages.slice(0, index), resolved, ...messages.slice(index + 1), answer];
}
