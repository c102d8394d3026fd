import { isSpace } from "./markdownLines";

// Fenced code blocks as CommonMark reads them: where one opens, where it closes, where its code is.

/** The opening of a fenced code block: its marker character and length, and its language. */
export type Fence = { readonly char: string; readonly length: number; readonly language?: string };

/** Where the code of a fenced code block shown as plain text is. */
export type RawCode = {
  readonly language?: string;
  /** Offset of the first character of the code (the line after the opening fence). */
  readonly from: number;
  /** Offset just after the code (the closing fence line, or the end of the text). */
  readonly to: number;
};

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** The fence a line opens (CommonMark: up to 3 spaces, 3+ backticks or tildes), if any. */
export function opensFence(line: string): Fence | undefined {
  const match = FENCE_OPEN.exec(line);
  if (!match) return undefined;
  const marker = match[1]!;
  const info = match[2]!.trim();
  if (marker[0] === "`" && info.includes("`")) return undefined;
  const language = info.split(/\s/)[0];
  return { char: marker[0]!, length: marker.length, ...(language && { language }) };
}

/** Whether `line` closes the code block `fence` opened. */
export function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE_CLOSE.exec(line);
  return !!match && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** Where the code of the fenced code block `text[start, end)` is. */
export function codeRange(text: string, start: number, end: number): RawCode | undefined {
  const firstBreak = text.indexOf("\n", start);
  const opening = text.slice(start, firstBreak === -1 || firstBreak > end ? end : firstBreak);
  const fence = opensFence(opening.replace(/\r$/, ""));
  if (!fence) return undefined;
  const from = firstBreak === -1 || firstBreak >= end ? end : firstBreak + 1;
  // The code ends at the closing fence: the last line that is not blank, if it closes.
  let lastEnd = end;
  while (lastEnd > from && isSpace(text.charCodeAt(lastEnd - 1))) lastEnd--;
  const lastStart = Math.max(from, text.lastIndexOf("\n", lastEnd - 1) + 1);
  const closed = lastEnd > from && closesFence(text.slice(lastStart, lastEnd), fence);
  return {
    ...(fence.language && { language: fence.language }),
    from,
    to: closed ? lastStart : end,
  };
}
