/**
 * Cuts long text shown as-is (an oversized block, or text the lexer has not reached yet) into
 * pieces that are rendered, laid out and kept separately, so that text arriving later never
 * re-renders or re-lays out the pieces already on screen.
 */

/** Characters per piece. */
export const RAW_CHUNK_SIZE = 16 * 1024;

/** One piece of raw text. Its `text` is a private copy (see {@link detachedCopy}). */
export type RawChunk = { readonly start: number; readonly text: string };

/**
 * A copy of `text` that does not keep the string it was cut from alive. V8 represents a slice
 * of a long string as a view into it: a piece of a 20 MB reply kept as a slice would keep that
 * whole 20 MB version of the reply in memory, one version per update.
 */
export function detachedCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * Where `text[start, end)` is cut into pieces: at fixed positions of the whole text (multiples of
 * `size`), each moved forward to just after the next line break within the following `size`
 * characters, if there is one. Positions only depend on the text up to them, so they never move
 * as the text grows; a position not decided yet (no line break so far, and fewer than `size`
 * characters after it) ends the list.
 */
export function rawCutPoints(
  text: string,
  start: number,
  end: number,
  size = RAW_CHUNK_SIZE,
  from = start,
): number[] {
  const cuts: number[] = [];
  for (let grid = (Math.floor(from / size) + 1) * size; grid < end; grid += size) {
    const window = text.slice(grid, Math.min(end, grid + size));
    const newline = window.indexOf("\n");
    let cut: number;
    if (newline !== -1) cut = grid + newline + 1;
    else if (end >= grid + size) cut = grid;
    else break;
    // Never split a surrogate pair.
    const before = text.charCodeAt(cut - 1);
    if (before >= 0xd800 && before <= 0xdbff) cut++;
    if (cut > start && cut < end && cut > (cuts[cuts.length - 1] ?? start)) cuts.push(cut);
  }
  return cuts;
}

/**
 * Raw pieces of a region that grows at its end (and whose start may move forward), reusing the
 * pieces of the previous call: only the first (when the start moved) and the last piece are new.
 */
export class RawChunker {
  private cuts: number[] = [];
  private chunks = new Map<number, RawChunk>();

  constructor(private readonly size = RAW_CHUNK_SIZE) {}

  /** The pieces of `text[start, end)`; `start` and `end` never move back between calls. */
  chunksOf(text: string, start: number, end: number): RawChunk[] {
    // Cuts at or before the new start are gone; those after it stay.
    if (this.cuts.length && this.cuts[0]! <= start) {
      this.cuts = this.cuts.filter((cut) => cut > start);
    }
    // Cut points, once decided, never move: only look past the last one.
    const from = this.cuts[this.cuts.length - 1] ?? start;
    if (from < end) this.cuts.push(...rawCutPoints(text, start, end, this.size, from));
    const last = this.cuts[this.cuts.length - 1];
    const inside = last === undefined || last < end ? this.cuts : this.cuts.filter((c) => c < end);
    const bounds = [start, ...inside, end];
    const chunks: RawChunk[] = [];
    const kept = new Map<number, RawChunk>();
    for (let i = 0; i + 1 < bounds.length; i++) {
      const from_ = bounds[i]!;
      const to = bounds[i + 1]!;
      let chunk = this.chunks.get(from_);
      // A piece is reused while its end is the same (every piece but the last one).
      if (!chunk || chunk.start + chunk.text.length !== to) {
        chunk = { start: from_, text: detachedCopy(text.slice(from_, to)) };
      }
      kept.set(from_, chunk);
      chunks.push(chunk);
    }
    this.chunks = kept;
    return chunks;
  }
}
