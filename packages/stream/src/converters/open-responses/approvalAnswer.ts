import type { JSONValue, UserMessage } from "../../message";

/**
 * The hidden user message that answers a tool approval, as `respond` in `@crayonai/react-core`
 * adds it: "Approved." or "Rejected[: reason].", with a `human-response` context naming the
 * message that waited, the call and the approval.
 */
export function approvalAnswer(
  id: string,
  answered: { messageId: string; toolCallId: string; approvalId: string },
  approve: boolean,
  reason: string | undefined,
): UserMessage {
  const context: Record<string, JSONValue> = {
    type: "human-response",
    response: approve ? "approve" : "reject",
    ...answered,
  };
  if (reason) context.reason = reason;
  return {
    id,
    role: "user",
    isVisuallyHidden: true,
    content: approve ? "Approved." : `Rejected${reason ? `: ${reason}` : "."}`,
    context: [context],
  };
}
