import type { Message, UserMessage } from "@crayonai/stream";

/** A user message's text: its content, or its text parts on separate lines. */
export function userText(message: UserMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** Longest preview, in characters. */
export const PREVIEW_LENGTH = 140;

/**
 * The list's one line for a thread: the text of the last of `messages` that has any (a user's
 * text, a reply's markdown), cut to {@link PREVIEW_LENGTH}; undefined when none has text.
 */
export function previewOf(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const text =
      message.role === "user"
        ? userText(message)
        : message.role === "assistant" && typeof message.content === "string"
          ? message.content
          : "";
    // Lines are kept, so a client can drop line-start markdown (quotes, lists) from it.
    const kept = text.trim();
    if (kept) return kept.length > PREVIEW_LENGTH ? `${kept.slice(0, PREVIEW_LENGTH - 1)}…` : kept;
  }
  return undefined;
}
