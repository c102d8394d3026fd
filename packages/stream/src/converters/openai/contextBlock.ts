import type { JSONValue } from "../../message";

/** A trailing context block. JSON has no raw line breaks, so the block is the text's last line. */
const BLOCK = /(?:^|\n\n)<context>([^\n]*)<\/context>$/;

/** The text block that carries a message's Crayon `context` to the model; `""` when there is none. */
export function contextBlock(context: JSONValue[] | undefined): string {
  return context?.length ? `<context>${JSON.stringify(context)}</context>` : "";
}

/** Appends `block` to `text` after a blank line (either may be empty). */
export function appendBlock(text: string, block: string): string {
  return text && block ? `${text}\n\n${block}` : text || block;
}

/**
 * Splits a trailing block written by {@link contextBlock} (and {@link appendBlock}) off `text`.
 * Text without a well-formed block comes back whole.
 */
export function splitContextBlock(text: string): [text: string, context?: JSONValue[]] {
  const match = BLOCK.exec(text);
  try {
    const context = match && JSON.parse(match[1]!);
    if (Array.isArray(context)) return [text.slice(0, match!.index), context];
  } catch {
    // Not a block this converter wrote: keep the text as it is.
  }
  return [text];
}
