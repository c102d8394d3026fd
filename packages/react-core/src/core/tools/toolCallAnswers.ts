import type { Message, ToolCall, ToolMessage } from "@crayonai/stream";
import type { ClientTool, ToolCallRequest } from "../../types";
import { toolResultMessage } from "./toolResultMessage";

/** The arguments of a call, parsed from JSON (undefined if they are not valid JSON). */
function parseArgs(call: ToolCall): unknown {
  try {
    return JSON.parse(call.function.arguments || "{}");
  } catch {
    return undefined;
  }
}

/** What {@link answerOpenToolCalls} needs: the reply, the thread and how to answer. */
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

/** Answers the open tool calls (see `answerToolCalls`, which loads this module when needed). */
export async function answerOpenToolCalls(options: AnswerToolCallsOptions): Promise<boolean> {
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
