import type { ToolMessage } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";

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
