import type { ReactElement } from "react";
import type { Components } from "react-markdown";
import { formatMarkdown } from "./formatMarkdown";
import {
  advanceMarkdownSplit,
  DEFAULT_SPLIT_LIMITS,
  type MarkdownSegment,
  type MarkdownSplit,
  type MarkdownSplitLimits,
} from "./markdownBlocks";
import { type MarkdownDefinition, segmentSource } from "./markdownDefinitions";
import type { RawCode } from "./markdownFences";
import { healGrowingBlock } from "./markdownHealing";
import { detachedCopy, RAW_CHUNK_SIZE, type RawChunk, RawChunker } from "./rawTextChunks";

/** Text not lexed yet that may be added to the page per update (see `rawStep`). */
const RAW_STEP = 512 * 1024;

/**
 * A new version of a streaming text is taken at most once every `MIN_VERSION_INTERVAL_MS`
 * (the first at once): lexing and formatting the growing block are the work of each version,
 * and tokens may come far faster than anyone reads (the AI SDK's docs throttle to 50 ms for
 * the same reason). Taking a version also costs time in proportion to the whole text (the
 * string is copied into one piece and compared with the last version), so a huge text waits
 * `length / TEXT_CHARS_PER_MS` ms instead: the work per second stays bounded, and the total
 * linear in the stream's duration, however often it is published. 20 MB: one version every
 * 200 ms. The newest text is always shown within that time (a render is scheduled for it).
 */
const MIN_VERSION_INTERVAL_MS = 50;
const TEXT_CHARS_PER_MS = 100_000;

import { taskHasFormattingTime } from "./taskBudget";

/** What one block (or run of blocks) shows: its formatted markdown, or its text as-is. */
export type BlockView = {
  /** Stable while the block exists: its start offset in the text. */
  readonly key: number;
  readonly formatted?: ReactElement;
  /** Shown until (or instead of) formatting: the text in pieces. */
  readonly raw?: {
    readonly chunks: readonly RawChunk[];
    readonly code?: { readonly language?: string; readonly copyText: () => string };
  };
  /** Waiting for formatting: formatted first when it comes near the viewport. */
  readonly pending: boolean;
};

/** What to render for the text at one moment. */
export type MarkdownStreamView = {
  readonly blocks: readonly BlockView[];
  /** The last, still-growing block. */
  readonly tail?: BlockView;
  /** Work is left (text to lex, blocks to format): render again in a later task. */
  readonly busy: boolean;
  /** The work left is text to lex or blocks in view: render again soon, not when idle. */
  readonly urgent: boolean;
  /** Render again after this many milliseconds (a newer version of a huge text waits). */
  readonly delayMs: number;
};

// `![alt](http://exa` at the end of a streaming block: hidden until its URL is complete.

/** The splitter's limits, and how raw text is shown. */
export type MarkdownStreamLimits = MarkdownSplitLimits & {
  /** The size of the pieces raw text is shown in. */
  readonly rawChunkSize: number;
  /** At most this much text the lexer has not reached yet is added to the page per update. */
  readonly rawStep: number;
  /** A new version of the text is taken at most this often (see `MIN_VERSION_INTERVAL_MS`). */
  readonly minVersionIntervalMs: number;
};

function sameDefinitions(
  a: readonly MarkdownDefinition[],
  b: readonly MarkdownDefinition[],
): boolean {
  return (
    a.length === b.length &&
    a.every(
      (definition, i) => definition.start === b[i]!.start && definition.source === b[i]!.source,
    )
  );
}

type BlockRecord = {
  readonly segment: MarkdownSegment;
  /** The block's own text, copied (see `detachedCopy`). */
  readonly source: string;
  /** It may refer to a link or footnote definition elsewhere. */
  readonly usesDefinitions: boolean;
  element?: ReactElement;
  /** The source it was formatted from (with the definitions it uses). */
  formattedSource?: string;
  /** The definitions version its source was last checked against. */
  checkedDefinitions: number;
  view: BlockView;
};

/**
 * The state behind one streamed markdown view: the incremental block split, each complete
 * block formatted once and kept, and the scheduling of the work a huge reply needs (lexing in
 * bounded steps, formatting within each task's budget, blocks in view first).
 */
export class MarkdownStream {
  private split: MarkdownSplit | undefined;
  private records: BlockRecord[] = [];
  private byStart = new Map<number, BlockRecord>();
  /** Blocks before this index are formatted (or raw). */
  private nextInOrder = 0;
  /** Pending blocks in view, by start. */
  private wanted = new Set<number>();
  /** Text before this offset is on the page (as blocks, or raw). */
  private shownTo = 0;
  private components: Components | undefined;
  /** Every definition known (complete blocks, then the growing one), and its version. */
  private definitions: readonly MarkdownDefinition[] = [];
  private definitionsVersion = 0;
  private tailChunker: RawChunker;
  /** Where the tail's raw pieces start (the tail's start, or its code's). */
  private tailRegionStart = -1;
  private tailFormatted: { source: string; element: ReactElement } | undefined;
  private text = "";
  /** The text may still grow: its growing block is healed. */
  private streaming = true;
  /** When a new version of a huge text may be taken. */
  private nextVersionAt = 0;
  private readonly limits: MarkdownStreamLimits;

  constructor(limits?: Partial<MarkdownStreamLimits>) {
    this.limits = {
      ...DEFAULT_SPLIT_LIMITS,
      rawChunkSize: RAW_CHUNK_SIZE,
      rawStep: RAW_STEP,
      minVersionIntervalMs: MIN_VERSION_INTERVAL_MS,
      ...limits,
    };
    this.tailChunker = new RawChunker(this.limits.rawChunkSize);
  }

  /**
   * Brings the view up to date with `latest` (within this task's budget); `done` says the text
   * will not change any more (its version is taken without waiting).
   */
  update(latest: string, components: Components | undefined, done = false): MarkdownStreamView {
    let text = latest;
    let delayMs = 0;
    if (text !== this.text) {
      const now = performance.now();
      // The text of a finished reply is taken at once: it is the last version.
      if (!done && this.split && now < this.nextVersionAt) {
        text = this.text;
        delayMs = this.nextVersionAt - now;
      } else {
        const wait = Math.max(this.limits.minVersionIntervalMs, text.length / TEXT_CHARS_PER_MS);
        this.nextVersionAt = now + wait;
      }
    }
    if (components !== this.components) {
      this.components = components;
      this.forgetFormatting();
    }
    this.streaming = !done;
    const previous = this.split;
    const split = advanceMarkdownSplit(previous, text, this.limits);
    if (previous && split.lineage !== previous.lineage) this.reset();
    this.split = split;
    this.text = text;
    for (let i = this.records.length; i < split.segments.length; i++) {
      this.addRecord(split.segments[i]!, text);
    }
    if (
      split.definitions !== previous?.definitions ||
      split.tailDefinitions !== previous?.tailDefinitions
    ) {
      const definitions = split.definitions.concat(split.tailDefinitions);
      if (!sameDefinitions(definitions, this.definitions)) {
        this.definitions = definitions;
        this.definitionsVersion++;
        // Blocks that refer to a definition that changed are formatted again.
        this.nextInOrder = 0;
      }
    }
    // While a huge text is lexed, only blocks in view are formatted; the rest follows in order
    // once the lexer caught up (with a stream of small updates, that is every update).
    this.formatWithinBudget(split.caughtUp);
    const tail = this.tailView(split, text);
    const pendingInView = [...this.wanted].some((start) => {
      const record = this.byStart.get(start);
      return record !== undefined && this.needsFormatting(record);
    });
    const pending = this.nextInOrder < this.records.length || pendingInView;
    const catchingUp = !split.caughtUp || this.shownTo < text.length;
    return {
      blocks: this.records.map((record) => record.view),
      ...(tail && { tail }),
      busy: catchingUp || pending || delayMs > 0,
      urgent: catchingUp || pendingInView || delayMs > 0,
      delayMs,
    };
  }

  /**
   * Blocks now in view: those still pending (and their neighbours, about to scroll in) are
   * formatted before the others.
   */
  want(starts: Iterable<number>): void {
    for (const start of starts) {
      const record = this.byStart.get(start);
      if (!record) continue;
      const index = this.records.indexOf(record);
      for (let i = Math.max(0, index - 2); i <= index + 2 && i < this.records.length; i++) {
        if (this.needsFormatting(this.records[i]!)) this.wanted.add(this.records[i]!.segment.start);
      }
    }
  }

  private reset(): void {
    this.split = undefined;
    this.records = [];
    this.byStart.clear();
    this.nextInOrder = 0;
    this.wanted.clear();
    this.shownTo = 0;
    this.definitions = [];
    this.definitionsVersion++;
    this.tailChunker = new RawChunker(this.limits.rawChunkSize);
    this.tailRegionStart = -1;
    this.tailFormatted = undefined;
  }

  private forgetFormatting(): void {
    for (const record of this.records) {
      if (record.segment.raw || !record.element) continue;
      record.element = undefined;
      record.view = this.pendingView(record);
    }
    this.nextInOrder = 0;
    this.tailFormatted = undefined;
  }

  private addRecord(segment: MarkdownSegment, text: string): void {
    const { start, end } = segment;
    let view: BlockView;
    const source = segment.raw ? "" : detachedCopy(text.slice(start, end));
    const record: BlockRecord = {
      segment,
      source,
      usesDefinitions: source.includes("]"),
      checkedDefinitions: this.definitionsVersion,
      view: { key: start, pending: false },
    };
    if (segment.raw) {
      const region = segment.code ?? { from: start, to: end };
      // When the raw tail was this block its pieces are reused: nothing on screen changes.
      let chunker = new RawChunker(this.limits.rawChunkSize);
      if (region.from === this.tailRegionStart) {
        chunker = this.tailChunker;
        this.tailChunker = new RawChunker(this.limits.rawChunkSize);
        this.tailRegionStart = -1;
      }
      view = {
        key: start,
        pending: false,
        raw: {
          chunks: chunker.chunksOf(text, region.from, region.to),
          ...(segment.code && { code: this.codeOf(segment.code, region.to) }),
        },
      };
    } else {
      // The growing block's last formatting is reused when it had exactly this source.
      const formatted = this.tailFormatted;
      if (formatted && formatted.source === this.sourceFor(record)) {
        record.element = formatted.element;
        record.formattedSource = formatted.source;
        view = { key: start, pending: false, formatted: formatted.element };
      } else {
        view = this.pendingView(record);
      }
    }
    record.view = view;
    this.records.push(record);
    this.byStart.set(start, record);
  }

  private pendingView(record: BlockRecord): BlockView {
    const { start } = record.segment;
    return { key: start, pending: true, raw: { chunks: [{ start, text: record.source }] } };
  }

  private codeOf(code: RawCode, to: number | undefined) {
    return {
      ...(code.language && { language: code.language }),
      copyText: () => this.text.slice(code.from, to ?? this.text.length),
    };
  }

  private sourceFor(record: BlockRecord): string {
    const { definitions } = this;
    if (!record.usesDefinitions || definitions.length === 0) return record.source;
    const { start, end } = record.segment;
    const source = segmentSource(this.text, start, end, definitions);
    return source.length === end - start ? record.source : detachedCopy(source);
  }

  private needsFormatting(record: BlockRecord): boolean {
    if (record.segment.raw) return false;
    if (!record.element) return true;
    if (!record.usesDefinitions || record.checkedDefinitions === this.definitionsVersion) {
      return false;
    }
    const stale = this.sourceFor(record) !== record.formattedSource;
    // A stale block stays unchecked until it is formatted (the budget may defer that).
    if (!stale) record.checkedDefinitions = this.definitionsVersion;
    return stale;
  }

  private format(record: BlockRecord): void {
    const source = this.sourceFor(record);
    record.element = formatMarkdown(source, this.components);
    record.formattedSource = source;
    record.checkedDefinitions = this.definitionsVersion;
    record.view = { key: record.segment.start, pending: false, formatted: record.element };
  }

  /** Formats blocks in view first, then (if `inOrder`) the others in order, while the task has time. */
  private formatWithinBudget(inOrder: boolean): void {
    for (const start of this.wanted) {
      const record = this.byStart.get(start);
      if (!record || !this.needsFormatting(record)) {
        this.wanted.delete(start);
        continue;
      }
      if (!taskHasFormattingTime()) return;
      this.format(record);
      this.wanted.delete(start);
    }
    while (inOrder && this.nextInOrder < this.records.length) {
      const record = this.records[this.nextInOrder]!;
      if (this.needsFormatting(record)) {
        if (!taskHasFormattingTime()) return;
        this.format(record);
      }
      this.nextInOrder++;
    }
  }

  private tailView(split: MarkdownSplit, text: string): BlockView | undefined {
    const start = split.tailStart;
    // Text the lexer has not reached is shown as it is, a bounded amount more per update.
    this.shownTo = Math.min(text.length, Math.max(this.shownTo, start) + this.limits.rawStep);
    if (start >= text.length) return undefined;
    if (split.tailRaw) {
      const code = split.tailCode;
      const from = code?.from ?? start;
      if (from !== this.tailRegionStart && this.tailRegionStart > from) {
        this.tailChunker = new RawChunker(this.limits.rawChunkSize);
      }
      this.tailRegionStart = from;
      return {
        key: start,
        pending: false,
        raw: {
          chunks: this.tailChunker.chunksOf(text, from, Math.max(from, this.shownTo)),
          ...(code && { code: this.codeOf(code, undefined) }),
        },
      };
    }
    // The growing block: the one block formatted again on every update.
    const raw = segmentSource(text, start, text.length, this.definitions);
    const source = this.streaming ? healGrowingBlock(raw) : raw;
    let formatted = this.tailFormatted;
    if (formatted?.source !== source) {
      const own = detachedCopy(source);
      formatted = { source: own, element: formatMarkdown(own, this.components) };
      this.tailFormatted = formatted;
    }
    return { key: start, pending: false, formatted: formatted.element };
  }
}
