import { getDefaults, Lexer, type Token, type Tokens } from "marked";
import { isSimpleDefinition, type MarkdownDefinition } from "./markdownDefinitions";
import { type Fence, firstLine, isSpace, opensFence } from "./markdownFences";

// The block lexer: `marked` proposes where top-level blocks start, grouped here by the block
// rule (see markdownBlocks.ts).

/** Top-level blocks the lexer found, grouped by the block rule. */
export type BlockGroup = {
  start: number;
  end: number;
  /** The group is one code block (cheap to format). */
  isCode: boolean;
  /** The group is one fenced code block. */
  fence?: Fence;
  definitions: MarkdownDefinition[];
};

export function lexer(): Lexer {
  // Explicit defaults: an app's global `marked.use(...)` must not change how replies split.
  return new Lexer({ ...getDefaults(), gfm: true, pedantic: false });
}

/** Groups the top-level tokens of `text[start, end)` by the block rule. */
export function groupBlocks(text: string, start: number, end: number): BlockGroup[] {
  const window = text.slice(start, end);
  // marked reads "\r\n" as "\n": lex a normalised copy and map offsets back.
  const normalised = window.includes("\r") ? window.replace(/\r\n?/g, "\n") : window;
  let tokens: Token[];
  try {
    tokens = lexer().blockTokens(normalised, []);
  } catch {
    tokens = [];
  }
  const toOriginal = offsetMapper(window, normalised);
  const whole: BlockGroup = { start, end, isCode: false, definitions: [] };
  const groups: BlockGroup[] = [];
  let current: BlockGroup | undefined;
  let contentTokens: Token[] = [];
  let position = 0;
  const finish = (groupEnd: number) => {
    if (!current) return;
    current.end = groupEnd;
    const only = contentTokens.length === 1 ? (contentTokens[0] as Tokens.Code) : undefined;
    if (only?.type === "code") {
      current.isCode = true;
      const fence =
        only.codeBlockStyle === "indented" ? undefined : opensFence(firstLine(only.raw));
      if (fence) current.fence = fence;
    }
    groups.push(current);
  };
  for (const token of tokens) {
    const at = start + toOriginal(position);
    position += token.raw.length;
    if (token.type === "space") continue;
    const previous = contentTokens[contentTokens.length - 1] as Tokens.Code | undefined;
    // micromark reads an ordered list right after indented code differently (as if it
    // interrupted it): never split there.
    const afterIndentedCode = previous?.type === "code" && previous.codeBlockStyle === "indented";
    if (!current || (previous && !afterIndentedCode && startsBlock(text, at, start, end))) {
      finish(at);
      current = {
        start: groups.length === 0 && !current ? start : at,
        end,
        isCode: false,
        definitions: [],
      };
      contentTokens = [];
    }
    contentTokens.push(token);
    if (token.type === "def" && isSimpleDefinition(token.raw)) {
      current.definitions.push({ start: at, source: token.raw.replace(/\n+$/, "") });
    }
  }
  // The lexer must account for every character; if it did not, trust none of its boundaries.
  if (position !== normalised.length || !current) return [whole];
  finish(end);
  return groups;
}

/** Maps an offset in the normalised window to the original (which may have "\r\n"). */
export function offsetMapper(window: string, normalised: string): (offset: number) => number {
  if (window === normalised) return (offset) => offset;
  // Normalised offsets at which a "\r\n" (two characters) became one.
  const shrunk: number[] = [];
  for (let i = 0, removed = 0; i < window.length; i++) {
    if (window.charCodeAt(i) === 13 && window.charCodeAt(i + 1) === 10) {
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

/**
 * Whether a block starting at `at` is unambiguous: column 0, after a blank line, and its first
 * line complete (a streamed `1` may yet become `1. item`, continuing the list before it).
 */
export function startsBlock(
  text: string,
  at: number,
  windowStart: number,
  windowEnd: number,
): boolean {
  if (at <= windowStart || isSpace(text.charCodeAt(at))) return false;
  if (text.charCodeAt(at - 1) !== 10) return false;
  if (text.slice(at, windowEnd).indexOf("\n") === -1) return false;
  // The line before: from the previous line break (exclusive) to `at - 1`.
  const before = text.lastIndexOf("\n", at - 2);
  if (before < windowStart - 1) return false;
  return /^[ \t\r]*$/.test(text.slice(before + 1, at - 1));
}
