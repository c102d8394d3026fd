import type { Message } from "@crayonai/stream";
import { searchableText } from "../search/threadSearch";

/** Pixels of one line of message text (the stylesheet's 15px font at line-height 1.6). */
const LINE_HEIGHT = 24;
/** Characters that fit on one line of the message column, on average. */
const CHARACTERS_PER_LINE = 90;
/** A row's height besides its text: padding, its action row, a bubble's insets. */
const ROW_CHROME = 44;

/**
 * How tall a message's row will be before it is measured, from the length of its text. Rows
 * the user has not scrolled to keep this size, so the closer it is to the real one, the less the
 * scrollbar changes when they come into view. Linear in the message's text.
 */
export function estimateRowHeight(message: Message): number {
  const text = searchableText(message);
  let lines = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const end = text.indexOf("\n", lineStart);
    const lineEnd = end === -1 ? text.length : end;
    const length = lineEnd - lineStart;
    // A blank line between paragraphs is a margin, about half a line.
    lines += length === 0 ? 0.5 : Math.ceil(length / CHARACTERS_PER_LINE);
    if (end === -1) break;
    lineStart = end + 1;
  }
  const tools = message.role === "assistant" ? (message.toolCalls?.length ?? 0) : 0;
  return Math.round(ROW_CHROME + Math.max(1, lines) * LINE_HEIGHT + tools * 56);
}
