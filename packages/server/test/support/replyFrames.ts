/**
 * The endless reply of `replyInstance.ts`: numbered SSE frames with characters of 2, 3 and 4
 * UTF-8 bytes (a surrogate pair in JS), so a kept text that skipped, repeated or mis-cut a piece
 * differs from the uninterrupted run.
 */
export const replyFrame = (i: number) => `data: {"text":"chunk ${i} of the reply — ✓ é 🦀"}\n\n`;

/** The uninterrupted run's first `length` characters. */
export function replyPrefix(length: number): string {
  let text = "";
  for (let i = 0; text.length < length; i++) text += replyFrame(i);
  return text.slice(0, length);
}
