/** How many text deltas (tokens) the benchmark's reply streams. */
export const TOKENS = 4000;

/** Token `i` of the reply: words, a bold one now and then, a paragraph break every 60. */
export function token(i: number): string {
  if (i % 60 === 59) return ".\n\n";
  const word = ["stream", "token", "reply", "wire", "model", "event"][i % 6]!;
  return i % 17 === 0 ? ` **${word}**` : ` ${word}`;
}

/** A Crayon SSE frame of `event` with `text` as its data (one `data:` line per line). */
export function frame(event: string, text: string): string {
  const data = text
    .split("\n")
    .map((line) => `data: ${line}\n`)
    .join("");
  return `event: ${event}\n${data}\n`;
}
