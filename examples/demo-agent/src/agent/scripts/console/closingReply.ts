import type { CrayonStreamEvent, Metadata } from "@crayonai/stream";
import { createId } from "../../ids";
import { textDeltas } from "../../scriptEvents";
import { type ModelUsage, usageMetadata } from "./usage";

/** The assistant message that closes a run shown as a card (see {@link closingReply}). */
export type ClosingReply = {
  messageId: string;
  /** Opens the message; yield it right after the card's snapshot. */
  open: () => CrayonStreamEvent;
  /** Reports the run's usage so far (it replaces what was reported before). */
  usage: (usage: ModelUsage) => CrayonStreamEvent;
  /** Streams the closing text and ends the message. */
  finish: (text: string, metadata?: Metadata) => Generator<CrayonStreamEvent>;
};

/**
 * A run shown as a card (workflow run, task board, subroutine run) ends with a text message.
 * Opening it right after the card, not at the end, puts what a stop marks below the card: a
 * stopped reply's last open message gets the `stopped` status (and its Regenerate), and the
 * usage reported while the run works is kept on it.
 */
export function closingReply(): ClosingReply {
  const messageId = createId("msg");
  return {
    messageId,
    open: () => ({ type: "message-start", messageId }),
    usage: (usage) => ({ type: "message-metadata", messageId, metadata: usageMetadata(usage) }),
    *finish(text, metadata) {
      yield* textDeltas(text, messageId);
      if (metadata) yield { type: "message-metadata", messageId, metadata };
      yield { type: "message-end", messageId };
    },
  };
}
