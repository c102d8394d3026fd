import type { CrayonStreamEvent, Metadata } from "@crayonai/stream";
import { createId } from "../../ids";
import { textDeltas } from "../../scriptEvents";

/**
 * One complete assistant message, streamed word by word; `metadata` (e.g. model usage) is
 * attached before it ends.
 */
export function* textReply(
  text: string,
  options: { messageId?: string; metadata?: Metadata } = {},
): Generator<CrayonStreamEvent> {
  const messageId = options.messageId ?? createId("msg");
  yield { type: "message-start", messageId };
  yield* textDeltas(text, messageId);
  if (options.metadata) yield { type: "message-metadata", metadata: options.metadata, messageId };
  yield { type: "message-end", messageId };
}
