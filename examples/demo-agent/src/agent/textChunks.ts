/**
 * Splits text into the pieces a model would stream: each word with the whitespace after it
 * (leading whitespace is a piece of its own). Joining the pieces gives the text back.
 */
export function textChunks(text: string): string[] {
  return text.match(/\s+|\S+\s*/g) ?? [];
}

/** Splits a string into pieces of at most `size` characters (tool arguments, streamed). */
export function fixedChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}
