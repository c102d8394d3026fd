import type { UserMessage } from "@crayonai/stream";
import { messagePlainText } from "@crayonai/stream/text";

/** Longest title made from a first message, in characters. */
export const MAX_TITLE_LENGTH = 48;

/** A new thread's title: its first message's text on one line, cut to 48 characters. */
export function threadTitle(firstMessage: UserMessage): string {
  const text = messagePlainText(firstMessage).replace(/\s+/g, " ").trim();
  if (!text) return "New chat";
  if (text.length <= MAX_TITLE_LENGTH) return text;
  return `${text.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…`;
}
