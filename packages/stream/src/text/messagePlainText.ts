import type { Message } from "../message";
import { markdownToPlainText, tidyLines } from "./markdownToPlainText";

/** A text part's text, or "" for anything else (rows from storage are not trusted). */
function textOf(part: unknown): string {
  const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
  return type === "text" && typeof text === "string" ? text : "";
}

/**
 * The words a reader sees of a message, as plain text: a user's text (its text parts on separate
 * lines, shown as written) and a reply's markdown made plain by {@link markdownToPlainText}.
 * Tool, system and hidden messages, and anything that is not text, give "" (never a throw: the
 * message may be a stored row of any shape).
 *
 * @param wanted - How many characters of plain text the caller needs (a title's or a preview's):
 * only as much of the message's start is read as gives more than that (all of it when it is
 * shorter), so a reply of megabytes costs what a paragraph does. Without it the whole message
 * is read.
 *
 * @example
 * ```ts
 * import { messagePlainText } from "@crayonai/stream/text";
 * messagePlainText({ id: "1", role: "assistant", content: "**Paris**: sunny" }); // "Paris: sunny"
 * ```
 */
export function messagePlainText(message: Message, wanted = Infinity): string {
  const { role } = message;
  const content: unknown = message.content;
  if (role !== "user" && role !== "assistant") return "";
  // A hidden message (a card's edit sent as context, say) is never shown, so never previewed.
  if (role === "user" && message.isVisuallyHidden) return "";
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map(textOf).join("\n")
        : "";
  const plain = role === "assistant" ? markdownToPlainText : tidyLines;
  // Whole lines from the start are read, more of them while markup leaves too little.
  for (let read = wanted * 16; read < text.length; read *= 8) {
    const start = plain(text.slice(0, text.lastIndexOf("\n", read) + 1));
    if (start.length > wanted) return start;
  }
  return plain(text);
}

/** Longest {@link threadPreview}, in characters. */
export const PREVIEW_LENGTH = 140;

/**
 * A thread list's one line for a thread: the plain text of the last of `messages` that has any,
 * on one line, cut to {@link PREVIEW_LENGTH} characters with "…"; undefined when none has text.
 *
 * @example
 * ```ts
 * import { threadPreview } from "@crayonai/stream/text";
 * threadPreview([{ id: "1", role: "user", content: "Weather in\nParis?" }]); // "Weather in Paris?"
 * ```
 */
export function threadPreview(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = messagePlainText(messages[i]!, PREVIEW_LENGTH).replace(/\s+/g, " ");
    if (text.length > PREVIEW_LENGTH)
      // Never split a surrogate pair (an emoji) in two.
      return `${text.slice(0, PREVIEW_LENGTH - 1).replace(/[\uD800-\uDBFF]$/, "")}…`;
    if (text) return text;
  }
  return undefined;
}
