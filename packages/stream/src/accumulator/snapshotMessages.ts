import type { Message } from "../message";
import { describeMalformed } from "../validation/malformedMessageError";
import { validateMessages } from "../validation/validateMessages";

/**
 * The messages a `messages-snapshot` sets, repaired where they can be, with the owner of each
 * of their tool calls recorded in `toolCallOwner` (and no other); undefined when one cannot be
 * kept, and then the snapshot is not applied and nothing changes. A repair or a refusal is
 * reported as `malformed_message`.
 */
export function snapshotMessages(
  sent: unknown[],
  report: (code: "malformed_message", error: string) => void,
  toolCallOwner: Map<string, string>,
): Message[] | undefined {
  const { messages, errors } = validateMessages(sent);
  if (errors.length) {
    const kept = messages.length === sent.length;
    const what = kept ? "A messages snapshot was repaired" : "A messages snapshot was not applied";
    report("malformed_message", `${what}: ${describeMalformed(errors)}.`);
    if (!kept) return;
  }
  toolCallOwner.clear();
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls ?? []) toolCallOwner.set(call.id, message.id);
    }
  }
  return messages;
}
