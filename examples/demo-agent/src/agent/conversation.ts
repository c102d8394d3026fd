import type { InputContent, JSONValue, Message, ToolCall, UserMessage } from "@crayonai/stream";

/** The text of a user message: its string content, or its text parts joined by new lines. */
export function userText(message: UserMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .filter((part): part is Extract<InputContent, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n");
}

/** The last message when it is the user's (what a reply answers), else undefined. */
export function lastUserMessage(messages: readonly Message[]): UserMessage | undefined {
  const last = messages[messages.length - 1];
  return last?.role === "user" ? last : undefined;
}

/**
 * The user's answer to an assistant message that waited for input, as `respond` in
 * `@crayonai/react-core` records it: a (hidden) user message whose context holds
 * `{ type: "human-response", response, toolCallId?, approvalId?, reason? }`.
 */
export type HumanResponseContext = {
  response: "approve" | "reject" | "input";
  toolCallId?: string;
  approvalId?: string;
  reason?: string;
};

function isObject(value: JSONValue | undefined): value is { [key: string]: JSONValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The human response the last user message carries, if it is one. */
export function humanResponse(messages: readonly Message[]): HumanResponseContext | undefined {
  const context = lastUserMessage(messages)?.context ?? [];
  for (const entry of context) {
    if (!isObject(entry) || entry.type !== "human-response") continue;
    const { response, toolCallId, approvalId, reason } = entry;
    if (response !== "approve" && response !== "reject" && response !== "input") continue;
    const result: HumanResponseContext = { response };
    if (typeof toolCallId === "string") result.toolCallId = toolCallId;
    if (typeof approvalId === "string") result.approvalId = approvalId;
    if (typeof reason === "string") result.reason = reason;
    return result;
  }
  return undefined;
}

/** Finds a tool call by id among the assistant messages. */
export function findToolCall(
  messages: readonly Message[],
  toolCallId: string,
): ToolCall | undefined {
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((c) => c.id === toolCallId);
    if (call) return call;
  }
  return undefined;
}

/** Whether a tool message already answers the tool call. */
export function isAnswered(messages: readonly Message[], toolCallId: string): boolean {
  return messages.some((m) => m.role === "tool" && m.toolCallId === toolCallId);
}
