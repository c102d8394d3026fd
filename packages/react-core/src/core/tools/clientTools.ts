import type { ChatRequest } from "@crayonai/stream";
import type { ClientTool } from "../../types";
import type { AnswerToolCallsOptions } from "./toolCallAnswers";

// Client-side tools: what the backend is told about them, and answering the calls a reply made.

/** The declared tools as the backend sees them: definitions without `execute`. */
export function toolDefinitions(tools: readonly ClientTool[] | undefined): ChatRequest["tools"] {
  return (tools ?? []).map(({ name, description, parameters }) => ({
    name,
    ...(description !== undefined && { description }),
    ...(parameters !== undefined && { parameters }),
  }));
}

/** How many client-answered round trips a thread makes by default: 5 once a tool executes. */
export function defaultToolRoundtrips(tools: readonly ClientTool[] | undefined): number {
  return tools?.some((tool) => tool.execute) ? 5 : 0;
}

/**
 * Answers the reply's open tool calls with the declared tools' `execute` or `onToolCall`.
 * Returns true when there were calls and every one of them got a result (so the conversation
 * can go on). Calls that wait for approval are left to the user. The answering code is loaded
 * with `import()` the first time an app with tools that answer gets a reply: an app without
 * client tools never downloads it.
 */
export async function answerToolCalls(options: AnswerToolCallsOptions): Promise<boolean> {
  if (!options.onToolCall && !options.tools?.some((tool) => tool.execute)) return false;
  const { answerOpenToolCalls } = await import("./toolCallAnswers");
  return answerOpenToolCalls(options);
}
