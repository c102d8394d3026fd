import type { Message } from "@crayonai/stream";
import { markdownToPlainText } from "@crayonai/stream/text";

/** Each message's text as search reads it, lower-cased, computed once per message version. */
const lowerCaseTexts = new WeakMap<Message, string>();

/**
 * The text of a message a reader can see: a user message's text parts, a reply's markdown as
 * plain text (markers dropped, so `**word**` reads `word`) and its tool names, a reasoning's text.
 */
export function searchableText(message: Message): string {
  // A hand-built list may hold malformed messages: what is not text is skipped, never thrown on.
  const content: unknown = message.content;
  switch (message.role) {
    case "user":
      if (typeof content === "string") return content;
      return Array.isArray(content) ? content.map(textOfPart).filter(Boolean).join("\n") : "";
    case "assistant": {
      const calls: unknown = message.toolCalls;
      const tools = Array.isArray(calls) ? calls.map(toolNameOf) : [];
      return [typeof content === "string" ? content : "", ...tools].filter(Boolean).join("\n");
    }
    case "reasoning":
      return typeof content === "string" ? content : "";
    default:
      return "";
  }
}

function textOfPart(part: unknown): string {
  const { type, text } = (part ?? {}) as { type?: unknown; text?: unknown };
  return type === "text" && typeof text === "string" ? text : "";
}

function toolNameOf(call: unknown): string {
  const name = (call as { function?: { name?: unknown } } | null)?.function?.name;
  return typeof name === "string" ? name : "";
}

function lowerCaseTextOf(message: Message): string {
  let text = lowerCaseTexts.get(message);
  if (text === undefined) {
    const plain = searchableText(message);
    // Only replies are markdown; a user's text is shown as written.
    text = (message.role === "assistant" ? markdownToPlainText(plain) : plain)
      .replace(/\s+/g, " ")
      .toLowerCase();
    lowerCaseTexts.set(message, text);
  }
  return text;
}

/**
 * The positions in `messages` of those whose text contains `query`, in order, ignoring case and
 * runs of white space. Reads the messages' text, never the page: rows scrolled out of the list
 * are not in the DOM. Each message's text is prepared once, so typing a query costs a scan of
 * the thread's text, and nothing while no one searches.
 */
export function messagesMatching(messages: readonly Message[], query: string): number[] {
  const needle = query.trim().replace(/\s+/g, " ").toLowerCase();
  if (!needle) return [];
  const found: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    if (lowerCaseTextOf(messages[index]!).includes(needle)) found.push(index);
  }
  return found;
}
