import type { Message } from "@crayonai/stream";

/** Markdown syntax that carries no words: the text of a title or preview is what remains. */
const markup: [RegExp, string][] = [
  [/```[^\n]*\n?|~~~[^\n]*\n?/g, " "],
  [/!?\[([^\]]*)\]\([^)]*\)/g, "$1"],
  [/<[^>]+>/g, " "],
  [/^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?|(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)/gm, ""],
  [/[*_~`]+/g, ""],
];

/** The plain text of markdown: markers and link targets dropped, blank lines and spaces collapsed. */
export function plainText(markdown: string): string {
  let text = markdown;
  for (const [pattern, replacement] of markup) text = text.replace(pattern, replacement);
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n\s*/g, "\n")
    .trim();
}

/** The words of a message a reader sees (a user's text parts, a reply's markdown) as plain text. */
export function messageText(message: Message): string {
  // Rows come from storage too: anything that is not text is skipped, never thrown on.
  const content: unknown = message.content;
  if (message.role !== "user" && message.role !== "assistant") return "";
  // A hidden message (e.g. a card's edit sent as context) is never shown, so never previewed.
  if (message.role === "user" && message.isVisuallyHidden) return "";
  if (typeof content === "string") return plainText(content);
  if (!Array.isArray(content)) return "";
  const texts = content.map((part: { type?: unknown; text?: unknown } | null) =>
    part?.type === "text" && typeof part.text === "string" ? part.text : "",
  );
  return plainText(texts.join("\n"));
}

/** The last message's plain text, as a thread's one-line preview (undefined without text). */
export function previewOf(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = messageText(messages[i]!).replace(/\s+/g, " ");
    if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  }
  return undefined;
}

/** Text folded for matching: lower case, accents dropped ("Café" matches "cafe"). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
