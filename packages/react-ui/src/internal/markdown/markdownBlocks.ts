import type { MarkdownDefinition } from "./markdownDefinitions";
import { closesFence, codeRange, type Fence, opensFence, type RawCode } from "./markdownFences";
import { type BlockGroup, groupBlocks } from "./markdownLexing";
import { isSpace } from "./markdownLines";

/**
 * Splits streamed markdown into top-level blocks, incrementally: each call lexes only from the
 * start of the last, still-growing block, so a reply costs time in proportion to its length
 * however often it is rendered. Pure (no React, no DOM).
 *
 * The block rule. `marked`'s block lexer proposes where top-level blocks start; a block counts
 * as complete only when a following block has started after it AND that start is unambiguous:
 * the line before it is blank and the new block begins in column 0. Nothing written later can
 * reach back over such a line (a list item, block quote or footnote continues only on indented
 * or `>` lines, a setext underline or table delimiter row only on the very next line, a lazy
 * paragraph continuation never after a blank line), except an open code fence or HTML block,
 * which `marked` keeps in one token. Blocks not separated that way stay together, which is
 * always safe: rendering a run of blocks together is rendering that part of the document.
 * The last block is never complete: more text may still turn a paragraph into a setext
 * heading or a table, or close a fence.
 *
 * Link reference and footnote definitions apply to the whole document, so the (simple,
 * one-line) definitions found so far, in complete blocks and in the growing one, are listed
 * with their offsets for the renderer to add to
 * the blocks that may use them.
 *
 * Bounded work: one call lexes at most `lexWindow` characters. A block larger than the format
 * limit is too big to format in one main-thread task: it becomes a `raw` block (shown as text),
 * and while it grows only its new lines are scanned for its end, never the whole block again.
 */

/** A run of complete top-level blocks, formatted (or shown) together. */
export type MarkdownSegment = {
  /** Offset of its first character in the text. */
  readonly start: number;
  /** Offset just after its last character. */
  readonly end: number;
  /** Too large to format in one task: shown as plain text. */
  readonly raw: boolean;
  /** For a raw fenced code block: its language and where the code is (between the fences). */
  readonly code?: RawCode;
};

/** Where the text stands after {@link advanceMarkdownSplit}. */
export type MarkdownSplit = {
  /** The text this split describes. */
  readonly text: string;
  /** The same object for every split that continues this one; a new one when it started over. */
  readonly lineage: object;
  /** The complete blocks, in order, covering `[0, tailStart)`. They never change again. */
  readonly segments: readonly MarkdownSegment[];
  /** Start of the last, still-growing block: `text.slice(tailStart)` is not complete. */
  readonly tailStart: number;
  /**
   * Whether the tail must be shown as plain text: it is larger than a block may be to be
   * formatted, or the lexer has not reached the end of the text yet (see `caughtUp`).
   */
  readonly tailRaw: boolean;
  /** For a raw tail that is a fenced code block: where its code is (`to` is the text's end). */
  readonly tailCode?: RawCode;
  /** False while text is left that no call has lexed yet: call again (in a later task). */
  readonly caughtUp: boolean;
  /** Definitions in complete blocks, in document order. */
  readonly definitions: readonly MarkdownDefinition[];
  /** Definitions in the growing block (they may still change). */
  readonly tailDefinitions: readonly MarkdownDefinition[];
  /** Incremental state of a raw (oversized) tail block. */
  readonly oversized?: OversizedScan;
};

/** How far the scan for the end of an oversized block got. */
type OversizedScan = {
  /** Start of the next line to look at. */
  readonly next: number;
  readonly previousLineBlank: boolean;
  /** A line that is not blank was seen (leading blank lines never make a block of their own). */
  readonly hasContent: boolean;
  /** The code fence open at `next`, if any. */
  readonly fence?: Fence;
  /** The block is that fenced code block: it ends with the fence. */
  readonly isFence: boolean;
};

/** Sizes that bound the work of one call; tests shrink them. */
export type MarkdownSplitLimits = {
  /** At most this many characters are lexed per call. */
  readonly lexWindow: number;
  /** Lines scanned per call for the end of an oversized block (a cheap scan). */
  readonly scanWindow: number;
  /** Larger blocks are shown as plain text (formatting them would take too long). */
  readonly maxBlock: number;
  /** The same for a code block (much cheaper to format than other markdown). */
  readonly maxCodeBlock: number;
  /** Complete blocks found together are grouped into segments of about this size. */
  readonly segmentSize: number;
};

const KB = 1024;

/** Limits measured to keep each step well under 200 ms on a slow machine (see the README). */
export const DEFAULT_SPLIT_LIMITS: MarkdownSplitLimits = {
  lexWindow: 128 * KB,
  scanWindow: 4096 * KB,
  maxBlock: 16 * KB,
  maxCodeBlock: 64 * KB,
  segmentSize: 8 * KB,
};

const EMPTY: Omit<MarkdownSplit, "text" | "lineage"> = {
  segments: [],
  tailStart: 0,
  tailRaw: false,
  caughtUp: true,
  definitions: [],
  tailDefinitions: [],
};

/**
 * The blocks of `text`, continuing from `previous` when `text` extends the text it described
 * (streaming only appends); otherwise it starts over. Returns `previous` itself when nothing
 * changed.
 */
export function advanceMarkdownSplit(
  previous: MarkdownSplit | undefined,
  text: string,
  limits: MarkdownSplitLimits = DEFAULT_SPLIT_LIMITS,
): MarkdownSplit {
  if (previous && previous.text === text && previous.caughtUp) return previous;
  // The same string object needs no comparison (catching up renders the same text again).
  const extends_ =
    previous !== undefined &&
    (previous.text === text ||
      (text.length >= previous.text.length && startsWithText(text, previous.text)));
  const state = new SplitBuilder(
    extends_ ? previous : { ...EMPTY, text: "", lineage: {} },
    text,
    limits,
  );
  state.run();
  return state.result();
}

/**
 * `text.startsWith(prefix)`, as a comparison of equal-length strings: in V8 (Node 20) that is
 * about 50 times faster than `startsWith` on a long reply, and every streamed version compares
 * the whole text with the last.
 */
function startsWithText(text: string, prefix: string): boolean {
  return text.slice(0, prefix.length) === prefix;
}

/** One call's work on a split. */
class SplitBuilder {
  private readonly segments: MarkdownSegment[] = [];
  private readonly definitions: MarkdownDefinition[] = [];
  private tailDefinitions: readonly MarkdownDefinition[];
  private tailStart: number;
  private tailIsCode = false;
  /** Text before this offset was lexed or scanned in this or an earlier call. */
  private reached: number;
  private oversized: OversizedScan | undefined;

  constructor(
    private readonly previous: MarkdownSplit,
    private readonly text: string,
    private readonly limits: MarkdownSplitLimits,
  ) {
    this.tailStart = previous.tailStart;
    this.tailDefinitions = previous.tailDefinitions;
    this.oversized = previous.oversized;
    this.reached = previous.oversized ? previous.oversized.next : previous.tailStart;
  }

  run(): void {
    let lexBudget = this.limits.lexWindow;
    let scanBudget = this.limits.scanWindow;
    const { text } = this;
    while (this.tailStart < text.length) {
      if (this.oversized) {
        if (scanBudget <= 0) break;
        const from = this.oversized.next;
        const ended = this.scanOversized(scanBudget);
        scanBudget -= this.oversized ? this.oversized.next - from : 1;
        if (!ended) break;
        continue;
      }
      if (lexBudget <= 0) break;
      // One window per call (plus the cheap scans): the bound on a call's work.
      this.lexWindow();
      lexBudget -= this.limits.lexWindow;
      if (this.reached >= text.length) break;
    }
  }

  result(): MarkdownSplit {
    const { previous, text, tailStart } = this;
    const caughtUp = this.oversized
      ? this.oversized.next >= lineStartAtOrBefore(text)
      : this.reached >= text.length;
    const tailCode = this.oversized?.isFence ? codeRange(text, tailStart, text.length) : undefined;
    return {
      text,
      lineage: previous.lineage,
      segments: this.segments.length ? previous.segments.concat(this.segments) : previous.segments,
      definitions: this.definitions.length
        ? previous.definitions.concat(this.definitions)
        : previous.definitions,
      tailDefinitions: this.oversized || tailStart >= text.length ? [] : this.tailDefinitions,
      tailStart,
      tailRaw:
        this.oversized !== undefined ||
        !caughtUp ||
        this.tooLarge(text.length - tailStart, this.tailIsCode),
      caughtUp,
      ...(tailCode && { tailCode }),
      ...(this.oversized && { oversized: this.oversized }),
    };
  }

  private tooLarge(size: number, isCode: boolean): boolean {
    return size > (isCode ? this.limits.maxCodeBlock : this.limits.maxBlock);
  }

  /** Lexes a window from the tail's start. */
  private lexWindow(): void {
    const { text, tailStart } = this;
    let end = Math.min(text.length, tailStart + this.limits.lexWindow);
    if (end < text.length) {
      // Cut at a line break: a partial line could look like something it is not.
      const lineEnd = text.lastIndexOf("\n", end - 1);
      if (lineEnd < tailStart) {
        // One line longer than the window: far too large to format.
        this.startOversized(false);
        return;
      }
      end = lineEnd + 1;
    }
    const groups = groupBlocks(text, tailStart, end);
    const last = groups.pop()!;
    this.addSegments(groups);
    this.tailStart = last.start;
    this.tailIsCode = last.isCode;
    this.tailDefinitions = last.definitions;
    this.reached = end;
    const noProgress = groups.length === 0 && end < text.length;
    if (noProgress || this.tooLarge(last.end - last.start, last.isCode)) {
      this.startOversized(last.fence !== undefined);
    }
  }

  /** Complete groups become segments: small neighbours are formatted together. */
  private addSegments(groups: readonly BlockGroup[]): void {
    let open: { start: number; end: number } | undefined;
    const close = () => {
      if (open) this.segments.push({ start: open.start, end: open.end, raw: false });
      open = undefined;
    };
    for (const group of groups) {
      for (const definition of group.definitions) this.definitions.push(definition);
      const size = group.end - group.start;
      if (this.tooLarge(size, group.isCode)) {
        close();
        const code = group.fence ? codeRange(this.text, group.start, group.end) : undefined;
        this.segments.push({
          start: group.start,
          end: group.end,
          raw: true,
          ...(code && { code }),
        });
        continue;
      }
      if (open && group.end - open.start > this.limits.segmentSize) close();
      if (open) open.end = group.end;
      else open = { start: group.start, end: group.end };
    }
    close();
  }

  /** The tail is too large to lex again and again: from now on only its new lines are scanned. */
  private startOversized(isFence: boolean): void {
    this.oversized = { next: this.tailStart, previousLineBlank: false, hasContent: false, isFence };
  }

  /**
   * Scans new lines of the oversized tail for its end: the closing fence of a fenced code
   * block, otherwise the rule above (a blank line, then a line in column 0), outside any code
   * fence it contains. Returns true when the block ended (it became a raw segment).
   */
  private scanOversized(budget: number): boolean {
    const { text } = this;
    let { next, previousLineBlank, hasContent, fence } = this.oversized!;
    const { isFence } = this.oversized!;
    const stop = Math.min(text.length, next + budget);
    let ended: number | undefined;
    while (next < stop) {
      const first = text.charCodeAt(next);
      const newline = text.indexOf("\n", next);
      if (newline === -1) break; // The line is not complete yet.
      if (!fence && previousLineBlank && hasContent && !isSpace(first)) {
        ended = next;
        break;
      }
      const line = text.slice(next, newline).replace(/\r$/, "");
      next = newline + 1;
      if (fence) {
        if (closesFence(line, fence)) {
          fence = undefined;
          if (isFence) {
            ended = next;
            break;
          }
        }
      } else {
        fence = opensFence(line);
      }
      previousLineBlank = !fence && /^[ \t]*$/.test(line);
      hasContent ||= !previousLineBlank;
    }
    if (ended === undefined) {
      this.oversized = { next, previousLineBlank, hasContent, isFence, ...(fence && { fence }) };
      this.reached = next;
      return false;
    }
    const code = isFence ? codeRange(text, this.tailStart, ended) : undefined;
    this.segments.push({ start: this.tailStart, end: ended, raw: true, ...(code && { code }) });
    this.tailStart = ended;
    this.reached = ended;
    this.tailIsCode = false;
    this.oversized = undefined;
    return true;
  }
}

/** The start of the text's last line (a scan cannot finish a line that has not ended). */
function lineStartAtOrBefore(text: string): number {
  return text.lastIndexOf("\n") + 1;
}
