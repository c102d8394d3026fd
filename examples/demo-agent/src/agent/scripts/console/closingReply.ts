import type { CrayonStreamEvent, Metadata } from "@crayonai/stream";
import { createId } from "../../ids";
import { textDeltas } from "../../scriptEvents";
import { type ModelCall, usageMetadata } from "./usage";

/** The assistant message that closes a run shown as a card (see {@link closingReply}). */
export type ClosingReply = {
  messageId: string;
  /** Opens the message; yield it right after the card's snapshot. */
  open: () => CrayonStreamEvent;
  /**
   * Records finished model calls and reports every call of the run so far, with their sum (it
   * replaces what was reported before, so each call counts once).
   */
  calls: (...calls: ModelCall[]) => CrayonStreamEvent;
  /** Streams the closing text and ends the message. */
  finish: (text: string, metadata?: Metadata) => Generator<CrayonStreamEvent>;
};

/**
 * A run shown as a card (workflow run, task board, subroutine run) ends with a text message.
 * Opening it right after the card, not at the end, puts what a stop marks below the card: a
 * stopped reply's last open message gets the `stopped` status (and its Regenerate), and the
 * usage reported while the run works is kept on it. Its text should say what the card does
 * not: see {@link conclusion}.
 */
export function closingReply(): ClosingReply {
  const messageId = createId("msg");
  const recorded: ModelCall[] = [];
  return {
    messageId,
    open: () => ({ type: "message-start", messageId }),
    calls: (...calls) => {
      recorded.push(...calls);
      return { type: "message-metadata", messageId, metadata: usageMetadata(recorded) };
    },
    *finish(text, metadata) {
      yield* textDeltas(text, messageId);
      if (metadata) yield { type: "message-metadata", messageId, metadata };
      yield { type: "message-end", messageId };
    },
  };
}

/**
 * The closing text of a run shown as a card. The card already lists every step, its status,
 * time and output; repeating them below it makes the reader scan the same facts twice. So the
 * text is what the run means (`outcome`, in bold) and what to do next (`next`).
 */
export function conclusion(outcome: string, next: string): string {
  return `**${outcome}** ${next}`;
}
