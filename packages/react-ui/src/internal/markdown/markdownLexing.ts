import { getDefaults, Lexer, type Token, type Tokens } from "marked";
import { isSimpleDefinition, type MarkdownDefinition } from "./markdownDefinitions";
import { type Fence, opensFence } from "./markdownFences";
import { firstLine, isSpace, lexableCopy } from "./markdownLines";

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

/** A top-level block token, and the offset in the text where it starts. */
export type PlacedToken = { readonly token: Token; readonly start: number };

/**
 * The top-level block tokens `marked` finds in `text`, with their offsets. Undefined when the
 * lexer failed or did not account for every character: then none of its boundaries is trusted.
 */
export function lexBlocks(text: string): PlacedToken[] | undefined {
  const { copy, toOriginal } = lexableCopy(text);
  let tokens: Token[];
  try {
    // Explicit defaults: an app's global `marked.use(...)` must not change how replies split.
    tokens = new Lexer({ ...getDefaults(), gfm: true, pedantic: false }).blockTokens(copy, []);
  } catch {
    return undefined;
  }
  const placed: PlacedToken[] = [];
  let position = 0;
  for (const token of tokens) {
    placed.push({ token, start: toOriginal(position) });
    position += token.raw.length;
  }
  return position === copy.length ? placed : undefined;
}

/** Groups the top-level tokens of `text[start, end)` by the block rule. */
export function groupBlocks(text: string, start: number, end: number): BlockGroup[] {
  const tokens = lexBlocks(text.slice(start, end));
  const whole: BlockGroup = { start, end, isCode: false, definitions: [] };
  const groups: BlockGroup[] = [];
  let current: BlockGroup | undefined;
  let contentTokens: Token[] = [];
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
  if (!tokens) return [whole];
  for (const { token, start: offset } of tokens) {
    const at = start + offset;
    if (token.type === "space") continue;
    const previous = contentTokens[contentTokens.length - 1] as Tokens.Code | undefined;
    // micromark reads an ordered list right after indented code differently (as if it
    // interrupted it): never split there.
    const afterIndentedCode = previous?.type === "code" && previous.codeBlockStyle === "indented";
    if (
      !current ||
      (previous &&
        !afterIndentedCode &&
        !mayContinueList(previous, token) &&
        startsBlock(text, at, start, end))
    ) {
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
  if (!current) return [whole];
  finish(end);
  return groups;
}

/**
 * Whether micromark may read a list `token` as more items of a list in the block before it,
 * which a blank line does not end: marked and micromark disagree on where some lists start
 * (marked runs a table on over `3) item`, micromark starts a list there), so a block before a
 * list that holds a line that may start an item is never split from it.
 */
function mayContinueList(previous: Token, token: Token): boolean {
  return token.type === "list" && previous.type !== "list" && LIST_ITEM_LINE.test(previous.raw);
}

/**
 * A line that may start a list item (CommonMark: up to 3 spaces, a bullet or 1–9 digits and `.`
 * or `)`, then a space, a tab or the line's end).
 */
const LIST_ITEM_LINE = /^ {0,3}(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/m;

/**
 * Whether a block starting at `at` is unambiguous: column 0, after a blank line, and its first
 * line complete (a streamed `1` may yet become `1. item`, continuing the list before it).
 */
function startsBlock(text: string, at: number, windowStart: number, windowEnd: number): boolean {
  if (at <= windowStart || isSpace(text.charCodeAt(at))) return false;
  if (text.charCodeAt(at - 1) !== 10) return false;
  const lineEnd = text.indexOf("\n", at);
  if (lineEnd === -1 || lineEnd >= windowEnd) return false;
  // The line before: from the previous line break (exclusive) to `at - 1`.
  const before = text.lastIndexOf("\n", at - 2);
  if (before < windowStart - 1) return false;
  return /^[ \t\r]*$/.test(text.slice(before + 1, at - 1));
}
