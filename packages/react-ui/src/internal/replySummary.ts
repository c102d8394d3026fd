import { markdownToPlainText } from "@crayonai/stream/text";
import type { LocaleValue } from "../locale/format";

/** How many characters of a reply are read out: the rest is in the message list. */
export const SUMMARY_LENGTH = 300;

// Markdown shrinks when made plain: four times the summary is plenty to fill it, and a reply
// of many megabytes is never converted (or copied into the page) whole.
const INPUT_LENGTH = SUMMARY_LENGTH * 4;

/** Cuts `text` to at most `length` characters, at a word when there is one in its second half. */
function cutAtWord(text: string, length: number): string {
  const space = text.lastIndexOf(" ", length);
  let end = space > length / 2 ? space : length;
  // Never split a surrogate pair (an emoji) in two.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * What the live region reads for a finished reply: its plain text when short, otherwise its
 * first {@link SUMMARY_LENGTH} characters cut at a word, "…", and how long the whole reply is
 * (in the locale: "(continues in the conversation, 12 thousand characters in all)").
 */
export function replySummary(
  content: string,
  { messages, format }: Pick<LocaleValue, "messages" | "format">,
): string {
  const head = content.slice(0, INPUT_LENGTH);
  const text = markdownToPlainText(head).replace(/\s+/g, " ");
  if (head.length === content.length && text.length <= SUMMARY_LENGTH) return text;
  const size = format.number(content.length, {
    notation: "compact",
    compactDisplay: "long",
    maximumSignificantDigits: 2,
  });
  return `${cutAtWord(text, SUMMARY_LENGTH)}… ${messages.conversation.continues(size)}`;
}
