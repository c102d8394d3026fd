import fc from "fast-check";
import { Lexer } from "marked";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  advanceMarkdownSplit,
  DEFAULT_SPLIT_LIMITS,
  type MarkdownSplit,
  type MarkdownSplitLimits,
} from "./markdownBlocks";
import { segmentSource } from "./markdownDefinitions";

/** Small limits, so that a few hundred characters exercise windows and oversized blocks. */
const SMALL: MarkdownSplitLimits = {
  lexWindow: 64,
  scanWindow: 256,
  maxBlock: 48,
  maxCodeBlock: 96,
  segmentSize: 32,
};

/** Splits `text` as a stream delivers it: cut at `cuts`, then called until caught up. */
function stream(text: string, cuts: number[], limits = DEFAULT_SPLIT_LIMITS): MarkdownSplit[] {
  const states: MarkdownSplit[] = [];
  let split: MarkdownSplit | undefined;
  for (const cut of [...cuts.filter((c) => c < text.length).sort((a, b) => a - b), text.length]) {
    split = advanceMarkdownSplit(split, text.slice(0, cut), limits);
    states.push(split);
  }
  for (let i = 0; !split!.caughtUp; i++) {
    if (i > text.length) throw new Error("the split never caught up");
    split = advanceMarkdownSplit(split, text, limits);
    states.push(split);
  }
  return states;
}

function blocksOf(split: MarkdownSplit): string[] {
  return split.segments.map((s) => split.text.slice(s.start, s.end));
}

const SNIPPETS = [
  "# Heading",
  "Paragraph with **bold** and `code`.",
  "Setext heading\n===",
  "- one\n- two\n\n- three",
  "1. first\n2. second",
  "> quoted\nlazy line",
  "```js\nconst a = 1;\n\nconst b = 2;\n```",
  "~~~\ntilde fence\n~~~",
  "    indented code\n\n    more",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "---",
  "<div>\nhtml\n</div>",
  "[ref]: https://example.com/ref",
  "A [ref] use.",
  "Line with trailing spaces  \nnext",
];

const markdown = fc
  .array(
    fc.tuple(
      fc.constantFrom(...SNIPPETS),
      fc.constantFrom("\n", "\n\n", "\n\n\n", "\r\n\r\n", "\n\t\n"),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.map(([snippet, gap]) => snippet + gap).join(""));

describe("advanceMarkdownSplit", () => {
  afterEach(() => vi.restoreAllMocks());

  it("splits at blank lines before blocks in column 0, and leaves the last block open", () => {
    const limits = { ...DEFAULT_SPLIT_LIMITS, segmentSize: 1 };
    const text = "# Title\n\nText\nmore\n\n- a\n\n- b\n\nEnd\n";
    const split = advanceMarkdownSplit(undefined, text, limits);
    expect(blocksOf(split)).toEqual(["# Title\n\n", "Text\nmore\n\n", "- a\n\n- b\n\n"]);
    expect(split.text.slice(split.tailStart)).toBe("End\n");
    expect(split.caughtUp).toBe(true);
    expect(split.tailRaw).toBe(false);
    // Until its first line is complete, a new block may still continue the one before it.
    const partial = advanceMarkdownSplit(undefined, "- a\n\n- b\n\n- c", limits);
    expect(blocksOf(partial)).toEqual([]);
  });

  it("keeps blocks whose meaning depends on what follows together until a new block starts", () => {
    const limits = { ...DEFAULT_SPLIT_LIMITS, segmentSize: 1 };
    const cases = [
      // An open fence swallows blank lines and column-0 text.
      "```\ncode\n\nnot a paragraph\n",
      // A paragraph can still become a setext heading or a table.
      "Title\n",
      "| a | b |\n",
      // A list continues after a blank line with an indented line or another item.
      "- item\n\n  continued\n\n- next",
      // Blocks without a blank line between them stay together.
      "# Heading\nParagraph\n- list",
      // micromark starts a list inside the table (marked reads a row): the next item continues it.
      "| a |\n| - |\n3) item\n\n4) item\n",
    ];
    for (const text of cases) {
      expect(advanceMarkdownSplit(undefined, text, limits).segments).toEqual([]);
    }
  });

  it("covers the text with complete blocks that never change once complete", () => {
    fc.assert(
      fc.property(
        markdown,
        fc.array(fc.nat({ max: 400 }), { maxLength: 12 }),
        fc.boolean(),
        (text, cuts, small) => {
          const states = stream(text, cuts, small ? SMALL : DEFAULT_SPLIT_LIMITS);
          let previous: MarkdownSplit | undefined;
          for (const split of states) {
            let at = 0;
            for (const segment of split.segments) {
              expect(segment.start).toBe(at);
              expect(segment.end).toBeGreaterThan(segment.start);
              at = segment.end;
            }
            expect(split.tailStart).toBe(at);
            if (previous) {
              // Complete blocks are kept as they were: the same objects.
              expect(split.segments.slice(0, previous.segments.length)).toEqual(previous.segments);
              for (let i = 0; i < previous.segments.length; i++) {
                expect(split.segments[i]).toBe(previous.segments[i]);
              }
            }
            previous = split;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("finds the same blocks however the text arrived, with the same limits", () => {
    fc.assert(
      fc.property(markdown, fc.array(fc.nat({ max: 400 }), { maxLength: 12 }), (text, cuts) => {
        // Every block on its own (no grouping), from the whole text at once.
        const whole = stream(text, [], { ...DEFAULT_SPLIT_LIMITS, segmentSize: 1 }).at(-1)!;
        const streamed = stream(text, cuts).at(-1)!;
        const boundaries = (split: MarkdownSplit) => [
          ...split.segments.map((s) => s.start),
          split.tailStart,
        ];
        // Streaming only finds block starts the whole text has too (it may group them differently).
        const all = new Set(boundaries(whole));
        for (const start of boundaries(streamed)) expect(all.has(start)).toBe(true);
        expect(streamed.tailStart).toBe(whole.tailStart);
      }),
      { numRuns: 200 },
    );
  });

  it("finds only real block starts when it lexes in windows", () => {
    const windowed = { ...DEFAULT_SPLIT_LIMITS, lexWindow: 120, segmentSize: 1 };
    fc.assert(
      fc.property(markdown, fc.array(fc.nat({ max: 400 }), { maxLength: 12 }), (text, cuts) => {
        const whole = stream(text, [], { ...DEFAULT_SPLIT_LIMITS, segmentSize: 1 }).at(-1)!;
        const all = new Set([...whole.segments.map((s) => s.start), whole.tailStart]);
        const split = stream(text, cuts, windowed).at(-1)!;
        // Where a block too large for the window ends is a guess (it is shown as text anyway).
        split.segments.forEach((segment, i) => {
          if (i === 0 || !split.segments[i - 1]!.raw) expect(all.has(segment.start)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it("lexes only from the start of the growing block, so streaming costs linear time", () => {
    const lexed: number[] = [];
    const blockTokens = Lexer.prototype.blockTokens;
    vi.spyOn(Lexer.prototype, "blockTokens").mockImplementation(function (
      this: Lexer,
      src: string,
      ...rest: any[]
    ) {
      lexed.push(src.length);
      return (blockTokens as any).call(this, src, ...rest);
    });
    const text = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with some words.`).join(
      "\n\n",
    );
    let split: MarkdownSplit | undefined;
    for (let i = 1; i <= text.length; i += 5) split = advanceMarkdownSplit(split, text.slice(0, i));
    split = advanceMarkdownSplit(split, text);
    const total = lexed.reduce((a, b) => a + b, 0);
    const longestBlock = 40;
    // Each update lexes the growing block and what arrived: never the text before it.
    expect(Math.max(...lexed)).toBeLessThan(2 * longestBlock);
    expect(total).toBeLessThan(lexed.length * 2 * longestBlock);
    expect(split.segments.length).toBeGreaterThan(0);
  });

  it("lexes at most one window per call and catches up over later calls", () => {
    const text = Array.from({ length: 100 }, (_, i) => `Block ${i}.`).join("\n\n");
    const first = advanceMarkdownSplit(undefined, text, SMALL);
    expect(first.caughtUp).toBe(false);
    expect(first.tailRaw).toBe(true);
    expect(first.tailStart).toBeLessThanOrEqual(SMALL.lexWindow);
    expect(advanceMarkdownSplit(first, text, SMALL).tailStart).toBeLessThanOrEqual(
      2 * SMALL.lexWindow,
    );
    const states = stream(text, [], SMALL);
    const last = states.at(-1)!;
    expect(last.caughtUp).toBe(true);
    expect(blocksOf(last).join("") + text.slice(last.tailStart)).toBe(text);
    expect(states.length).toBeGreaterThan(text.length / SMALL.lexWindow);
  });

  it("shows an oversized block as text, and scans only its new lines while it grows", () => {
    const code = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    const text = `Intro\n\n\`\`\`py\n${code}\n\`\`\`\n\nAfter`;
    const lexed: string[] = [];
    const blockTokens = Lexer.prototype.blockTokens;
    vi.spyOn(Lexer.prototype, "blockTokens").mockImplementation(function (
      this: Lexer,
      src: string,
      ...rest: any[]
    ) {
      lexed.push(src);
      return (blockTokens as any).call(this, src, ...rest);
    });
    const states = stream(
      text,
      Array.from({ length: text.length }, (_, i) => i),
      SMALL,
    );
    const last = states.at(-1)!;
    const raw = last.segments.find((s) => s.raw)!;
    // It ends with its closing fence.
    expect(text.slice(raw.start, raw.end)).toBe(`\`\`\`py\n${code}\n\`\`\`\n`);
    expect(raw.code).toEqual({
      language: "py",
      from: raw.start + "```py\n".length,
      to: raw.start + "```py\n".length + code.length + 1,
    });
    // While it grew, the fence was handed to the lexer only until it was found oversized.
    const withFence = lexed.filter((src) => src.includes("line 30"));
    expect(withFence).toEqual([]);
    expect(text.slice(last.tailStart)).toBe("\nAfter");
    // While it grew it was the raw tail, with its code located.
    const growing = states.find((s) => s.tailCode)!;
    expect(growing.tailRaw).toBe(true);
    expect(growing.tailCode!.language).toBe("py");
  });

  it("handles a single line far longer than the lexing window", () => {
    const text = `Start\n\n${"word ".repeat(100)}\n\nEnd\n`;
    const last = stream(text, [30, 200], SMALL).at(-1)!;
    expect(blocksOf(last)).toEqual(["Start\n\n", `${"word ".repeat(100)}\n\n`]);
    expect(last.segments[1]!.raw).toBe(true);
    expect(text.slice(last.tailStart)).toBe("End\n");
  });

  it("maps offsets back through CRLF line endings", () => {
    const text = "# A\r\n\r\nText\r\n\r\n- x\r\n\r\nEnd\r\n";
    const split = advanceMarkdownSplit(undefined, text, {
      ...DEFAULT_SPLIT_LIMITS,
      segmentSize: 1,
    });
    expect(blocksOf(split)).toEqual(["# A\r\n\r\n", "Text\r\n\r\n", "- x\r\n\r\n"]);
    expect(text.slice(split.tailStart)).toBe("End\r\n");
  });

  it("reads a line of tabs as blank, as CommonMark does: a table ends there", () => {
    const text = "a | b\n--- | ---\nc | d\n\t\n[ref]: https://example.com/ref\n\t \n# After\n";
    const split = advanceMarkdownSplit(undefined, text, {
      ...DEFAULT_SPLIT_LIMITS,
      segmentSize: 1,
    });
    expect(blocksOf(split)).toEqual([
      "a | b\n--- | ---\nc | d\n\t\n",
      "[ref]: https://example.com/ref\n\t \n",
    ]);
    expect(split.definitions.map((d) => d.source)).toEqual(["[ref]: https://example.com/ref"]);
  });

  it("starts over when the text changes other than by growing", () => {
    const first = advanceMarkdownSplit(undefined, "One\n\nTwo\n\nThree\n");
    const changed = advanceMarkdownSplit(first, "Uno\n\nTwo\n\nThree and more\n");
    expect(changed.lineage).not.toBe(first.lineage);
    expect(blocksOf(changed).join("")).toBe("Uno\n\nTwo\n\n");
    const grown = advanceMarkdownSplit(changed, "Uno\n\nTwo\n\nThree and more\n\nFour");
    expect(grown.lineage).toBe(changed.lineage);
    expect(advanceMarkdownSplit(grown, grown.text)).toBe(grown);
  });

  it("lists definitions, and puts them before the blocks that may use them", () => {
    const text =
      "See [docs] and [Other][o].\n\n[docs]: https://example.com/docs\n\n[o]: /other 'Title'\n\n[docs]: https://late.example\n\nEnd\n";
    const split = advanceMarkdownSplit(undefined, text, {
      ...DEFAULT_SPLIT_LIMITS,
      segmentSize: 1,
    });
    expect(split.definitions.map((d) => d.source)).toEqual([
      "[docs]: https://example.com/docs",
      "[o]: /other 'Title'",
      "[docs]: https://late.example",
    ]);
    const first = split.segments[0]!;
    // The first definition of a label wins, as in the whole document.
    expect(segmentSource(text, first.start, first.end, split.definitions)).toBe(
      "[docs]: https://example.com/docs\n[o]: /other 'Title'\n\nSee [docs] and [Other][o].\n\n",
    );
    // Blocks without a `]` cannot use one.
    expect(segmentSource("Plain\n\n", 0, 7, split.definitions)).toBe("Plain\n\n");
  });
});
