import { isRecord } from "../../internal/jsonData";
import type { ReasoningMessage } from "../../message";
import type { OpenResponsesReasoningItem } from "./openResponsesItem";

/** A blank line that starts a new paragraph (the first of a run of line breaks, kept whole). */
const PARAGRAPH = /\n\n(?=[^\n])/;

/**
 * A reasoning item's text as the Open Responses adapter streams it: the summary parts, then the
 * raw reasoning text parts, each non-empty one after the first starting with a blank line.
 */
export function reasoningText(item: Record<string, unknown>): string {
  const texts = (parts: unknown, type: string) =>
    Array.isArray(parts)
      ? parts.map((part) =>
          isRecord(part) && part.type === type && typeof part.text === "string" ? part.text : "",
        )
      : [];
  const parts = [...texts(item.summary, "summary_text"), ...texts(item.content, "reasoning_text")];
  return parts.map((text, index) => (text && index > 0 ? `\n\n${text}` : text)).join("");
}

/**
 * A reasoning message as a reasoning item: its text split into summary parts at blank lines
 * (so that {@link reasoningText} gives it back exactly), its encrypted value as
 * `encrypted_content`.
 */
export function toReasoningItem(message: ReasoningMessage): OpenResponsesReasoningItem {
  const { content, encryptedValue } = message;
  return {
    type: "reasoning",
    id: message.id,
    summary: content
      ? content.split(PARAGRAPH).map((text) => ({ type: "summary_text", text }))
      : [],
    ...(encryptedValue && { encrypted_content: encryptedValue }),
  };
}
