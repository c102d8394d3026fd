import { isRecord } from "../../internal/jsonData";
import type { Message, ToolCall } from "../../message";

/**
 * True for the hidden user message that answers a tool approval (`respond` adds it, with a
 * `human-response` naming the approval as `context[0]`) when the call, found in `calls` by id,
 * now carries that answer (`metadata.approvalId` and a boolean `metadata.approved`). The AI SDK
 * reads the answer from the tool part instead and wants that message to be the last one.
 */
export function isAnsweredApproval(message: Message, calls: Map<string, ToolCall>): boolean {
  if (message.role !== "user" || !message.isVisuallyHidden) return false;
  const answer: unknown = message.context?.[0];
  if (!isRecord(answer) || answer.type !== "human-response") return false;
  const metadata = calls.get(answer.toolCallId)?.metadata;
  return (
    typeof answer.approvalId === "string" &&
    metadata?.approvalId === answer.approvalId &&
    typeof metadata?.approved === "boolean"
  );
}
