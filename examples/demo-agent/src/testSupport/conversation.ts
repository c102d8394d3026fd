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
} from "@crayonai/stream";
import type { Hono } from "hono";
import { demoAgentChatParams } from "../client";
import type { DemoProtocol } from "../protocols/demoProtocols";
import { fetchFrom, userMessage } from "./clientRequests";
import { type DecodedReply, decodeReply } from "./decodedReply";

// Test support: whole turns as useChat takes them, client tools and answers to approvals included.

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
    const results = await runClientTools(tools, decoded.messages, threadId);
    if (results.length === 0 || roundtrip === 5) return { ...decoded, events };
    turn = {
      messages: [...decoded.messages, ...results],
      trigger: "tool-result",
      state: decoded.state,
    };
  }
}

/** Tool messages answering the calls of the last reply that a declared client tool runs. */
async function runClientTools(
  tools: ClientTool[],
  messages: Message[],
  threadId: string,
): Promise<ToolMessage[]> {
  const results: ToolMessage[] = [];
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      const tool = tools.find((t) => t.name === call.function.name && t.execute);
      if (!tool || messages.some((m) => m.role === "tool" && m.toolCallId === call.id)) continue;
      const args = JSON.parse(call.function.arguments || "{}");
      const result = await tool.execute!(args, { toolCall: call, args, threadId, messages });
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
