import remend from "remend";
import { endsInFence } from "./markdownFences";

// An image whose URL has not all arrived yet: shown as nothing until it has.
const UNFINISHED_IMAGE = /!\[[^\]\n]*(?:\]\([^)\s]*)?$/;

/**
 * The one place to repair the growing block before it is formatted, while the text streams:
 * `remend` closes an unfinished `**bold`, `` `code ``, `~~strike`, link or image, so they do
 * not flicker as raw markers. An unfinished link shows as its text (it has no URL yet), an
 * unfinished image as nothing. Complete blocks and finished text are never changed.
 */
export function healGrowingBlock(source: string): string {
  // Inline markup never spans a blank line, so only the last paragraph can hold an unfinished
  // marker: closing one an earlier paragraph left open for good would add a stray marker.
  let cut = 0;
  for (const blank of source.matchAll(BLANK_LINE)) cut = blank.index + blank[0].length;
  if (cut === 0 || endsInFence(source.slice(0, cut))) return heal(source);
  const last = source.slice(cut);
  // An indented code block is code, not markup.
  if (INDENTED_CODE.test(last)) return source;
  const healedLast = heal(last);
  if (healedLast === last) return source;
  // Closers for the last paragraph go at the end; a rewrite (an unfinished link or image)
  // needs the whole block, whose reference definitions it may use.
  return healedLast.startsWith(last) ? source + healedLast.slice(last.length) : heal(source);
}

const BLANK_LINE = /\n[ \t]*\r?\n/g;
const INDENTED_CODE = /^(?: {4}|\t)/;

function heal(source: string): string {
  return remend(source, { linkMode: "text-only", images: false }).replace(UNFINISHED_IMAGE, "");
}
