// Lines of markdown text, scanned character by character: what the fence, lexing and healing
// code all read the same way.

/** Whether a character code is blank in markdown (space, tab, line break), or past the end. */
export function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || Number.isNaN(code);
}

/** The first line of `raw`, without its line break. */
export function firstLine(raw: string): string {
  const newline = raw.indexOf("\n");
  return newline === -1 ? raw : raw.slice(0, newline);
}

/**
 * The copy of `text` the lexer reads, and how to map an offset in it back to `text`. Line breaks
 * become "\n" (as marked reads "\r\n"), and a blank line's tabs become spaces: CommonMark
 * takes any line of spaces and tabs as blank, but some of marked's rules (a table's end, an
 * indented code block's blank lines) only a line of spaces, and would run a table on into the
 * blocks after a line holding a tab. Only line breaks change the length.
 */
export function lexableCopy(text: string): {
  readonly copy: string;
  readonly toOriginal: (offset: number) => number;
} {
  const unix = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  const copy = unix.includes("\t") ? unix.replace(BLANK_LINE, blanked) : unix;
  return { copy, toOriginal: offsetMapper(text, unix) };
}

const BLANK_LINE = /^[ \t]+$/gm;

function blanked(line: string): string {
  return " ".repeat(line.length);
}

/** Maps an offset in the normalised text to the original (which may have "\r\n"). */
function offsetMapper(text: string, normalised: string): (offset: number) => number {
  if (text === normalised) return (offset) => offset;
  // Normalised offsets at which a "\r\n" (two characters) became one.
  const shrunk: number[] = [];
  for (let i = 0, removed = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10) {
      shrunk.push(i - removed);
      removed++;
      i++;
    }
  }
  return (offset) => {
    let low = 0;
    let high = shrunk.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (shrunk[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return offset + low;
  };
}
