import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "./ids";
import { textChunks } from "./textChunks";

/** Text deltas for `text`, one per word, addressed to `messageId`. */
export function* textDeltas(text: string, messageId: string): Generator<CrayonStreamEvent> {
  for (const chunk of textChunks(text)) yield { type: "text-delta", text: chunk, messageId };
}

/** A complete assistant message: `message-start`, its text word by word, `message-end`. */
export async function* assistantMessage(
  text: string,
  messageId = createId("msg"),
): AsyncGenerator<CrayonStreamEvent> {
  yield { type: "message-start", messageId };
  yield* textDeltas(text, messageId);
  yield { type: "message-end", messageId };
}
