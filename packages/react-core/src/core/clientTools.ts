import type { ChatRequest, Message, ToolCall, ToolMessage } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import type { ClientTool, ToolCallRequest } from "../types";

// Client-side tools: what the backend is told about them, and answering the calls a reply made.

/** The declared tools as the backend sees them: definitions without `execute`. */
export function toolDefinitions(tools: readonly ClientTool[] | undefined): ChatRequest["tools"] {
  return (tools ?? []).map(({ name, description, parameters }) => ({
    name,
    ...(description !== undefined && { description }),
    ...(parameters !== undefined && { parameters }),
  }));
}

/** The arguments of a call, parsed from JSON (undefined if they are not valid JSON). */
function parseArgs(call: ToolCall): unknown {
  try {
    return JSON.parse(call.function.arguments || "{}");
  } catch {
    return undefined;
  }
}

/** The tool message that answers a call. */
export function toolResultMessage(
  toolCallId: string,
  result: unknown,
  error?: string,
): ToolMessage {
  const message: ToolMessage = {
    id: createId(),
    role: "tool",
    toolCallId,
    content:
      result === undefined ? "" : typeof result === "string" ? result : JSON.stringify(result),
  };
  if (error !== undefined) message.error = error;
  return message;
}

/** How many client-answered round trips a thread makes by default: 5 once a tool executes. */
export function defaultToolRoundtrips(tools: readonly ClientTool[] | undefined): number {
  return tools?.some((tool) => tool.execute) ? 5 : 0;
}

export type AnswerToolCallsOptions = {
  /** The calls' thread after the reply (its tool messages tell which calls are answered). */
  messages: () => readonly Message[];
  reply: readonly Message[];
  threadId: string;
  tools?: readonly ClientTool[];
  onToolCall?: (request: ToolCallRequest) => unknown | Promise<unknown>;
  /** Called with each answer as soon as it is known. */
  onResult: (message: ToolMessage) => void;
};

/**
 * Answers the reply's open tool calls with the declared tools' `execute` or `onToolCall`.
 * Returns true when there were calls and every one of them got a result (so the conversation
 * can go on). Calls that wait for approval are left to the user.
 */
export async function answerToolCalls(options: AnswerToolCallsOptions): Promise<boolean> {
  const { onToolCall, tools = [], reply, threadId } = options;
  const executable = tools.filter((tool) => tool.execute);
  if (!onToolCall && executable.length === 0) return false;
  const answered = new Set(
    options
      .messages()
      .filter((m): m is ToolMessage => m.role === "tool")
      .map((m) => m.toolCallId),
  );
  const pending = reply
    .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
    .filter((call) => !answered.has(call.id) && call.metadata?.approvalId === undefined);
  if (pending.length === 0) return false;

  let allAnswered = true;
  for (const call of pending) {
    let result: unknown;
    let error: string | undefined;
    const request: ToolCallRequest = {
      toolCall: call,
      args: parseArgs(call),
      threadId,
      messages: options.messages() as Message[],
    };
    const tool = executable.find((t) => t.name === call.function.name);
    try {
      if (tool) result = await tool.execute!(request.args, request);
      else if (onToolCall) result = await onToolCall(request);
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    if (result === undefined && error === undefined) {
      allAnswered = false;
      continue;
    }
    options.onResult(toolResultMessage(call.id, result, error));
  }
  return allAnswered;
}
