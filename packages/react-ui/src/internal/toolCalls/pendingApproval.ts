import type { Message } from "@crayonai/stream";

/**
 * Whether the reply waiting for the user asks to approve a tool call: its card then carries
 * Approve / Reject, and the composer does not repeat them.
 */
export function hasPendingApproval(messages: readonly Message[]): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "user") return false;
    if (message?.role !== "assistant" || message.status !== "awaiting_input") continue;
    const calls: unknown = message.toolCalls;
    if (!Array.isArray(calls)) return false;
    return calls.some((call) => {
      const metadata = (call as { metadata?: { approvalId?: unknown; approved?: unknown } } | null)
        ?.metadata;
      return metadata?.approvalId !== undefined && metadata.approved === undefined;
    });
  }
  return false;
}
