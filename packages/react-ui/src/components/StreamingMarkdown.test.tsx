import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import fc from "fast-check";
import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { observeMarkdownParses } from "../internal/markdown/formatMarkdown";
import type { MarkdownStreamLimits } from "../internal/markdown/markdownStream";
import { Markdown, markdownComponents } from "./Markdown";
import { StreamingMarkdown } from "./StreamingMarkdown";

/** The whole text through react-markdown at once, as `Markdown` rendered it before. */
function WholeMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeSanitize]}
      skipHtml
      components={markdownComponents}
    >
      {text}
    </ReactMarkdown>
  );
}

/**
 * The rendered blocks. Whitespace-only text between top-level blocks (react-markdown puts a line
 * break there; blocks rendered apart have none) is not part of what anyone sees.
 */
/**
 * A copy of `element` with every element's attributes in name order: an element React kept
 * and updated lists an attribute added later last, one it created lists them in prop order.
 */
function sortedAttributes(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  // Highlighting (which loads later) wraps tokens of code in spans: compare the code's text.
  for (const code of copy.querySelectorAll("pre code"))
    code.replaceChildren(code.textContent ?? "");
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    const attributes = [...node.attributes].map((a) => [a.name, a.value] as const);
    for (const [name] of attributes) node.removeAttribute(name);
    for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b))) {
      node.setAttribute(name, value);
    }
  }
  return copy;
}

function blocksHtml(root: Element): string {
  // StreamingMarkdown wraps runs of blocks in groups: their blocks are the top-level ones.
  const nodes = [...root.childNodes].flatMap((node) =>
    node instanceof Element && node.classList.contains("crayon-markdown__group")
      ? [...node.childNodes]
      : [node],
  );
  return nodes
    .filter((node) => !(node.nodeType === Node.TEXT_NODE && /^\s*$/.test(node.textContent ?? "")))
    .map((node) => (node instanceof Element ? sortedAttributes(node).outerHTML : node.textContent))
    .join("");
}

function wholeHtml(text: string): string {
  const { container, unmount } = render(
    <div>
      <WholeMarkdown text={text} />
    </div>,
  );
  const html = blocksHtml(container.firstElementChild!);
  unmount();
  return html;
}

/** Waits until nothing is shown as plain text any more (every block formatted). */
async function settled(root: Element) {
  await waitFor(() => expect(root.querySelector(".crayon-markdown__raw")).toBeNull(), {
    timeout: 5000,
  });
}

const SNIPPETS = [
  "# Heading *one*",
  "## Heading `two` ##",
  "Setext heading\n===",
  "Another setext\n---",
  "Paragraph with **bold**, _em_, `code`, ~~gone~~ and a [link](https://example.com/a).",
  "A line with a hard break  \nand the next line",
  "Autolink https://example.com/auto and <https://example.com/angle>",
  "An image ![alt](https://example.com/i.png) inline",
  "Entities &amp; &copy; and escapes \\*not em\\*",
  "- one\n- two\n- three",
  "- loose\n\n- list",
  "* star\n+ plus",
  "1. first\n2. second",
  "3) third\n4) fourth",
  "- [x] done\n- [ ] todo",
  "- outer\n  - inner\n    - deeper",
  "- item\n\n  continued paragraph",
  "> quoted\nlazy continuation",
  "> quote\n>\n> - list in quote",
  "```js\nconst a = 1;\n\nconst b = 2;\n```",
  "```\nno language\n```",
  "~~~ts\ntilde fence\n~~~",
  "````\n```\nnested fence\n```\n````",
  "```\nunclosed fence",
  "    indented code\n\n    more code",
  "| a | b |\n| - | :-: |\n| 1 | 2 |",
  "a | b\n--- | ---\nc | d",
  "---",
  "***",
  "<div>\n*html* block\n</div>",
  "<!-- comment\n\nstill comment -->",
  "Inline <span>html</span> text",
  "<script>alert(1)</script>",
  "[x](javascript:alert(1)) and ![y](data:text/html,hi)",
  "[ref]: https://example.com/ref",
  "[Other]: </a b> 'Title'",
  "Uses [ref] and [text][other] and [missing].",
  "Tabs\tinside and a\ttab",
  "   # indented heading",
  "Text ending with a colon:",
  "",
  "- a\n\n\n- b",
  "1. item\n\n   ```\n   fenced in item\n\n   more\n   ```",
  "<pre>\nraw\n\nstill raw\n</pre>",
  "<?php\n\necho 1;\n?>",
  "<![CDATA[\n\nx\n]]>",
  "Paragraph\n    lazy, not code",
  "para\n| a | b |\n| - | - |",
  "> quote one\n\n> quote two",
  "  - indented list\n  - second",
  "\\# not a heading",
  "+ plus\n\n+ plus again",
  "```\n```",
  "*emphasis\n\nacross blocks*",
  "[link\n\nacross](https://example.com)",
  "Unicode héllo — ü 😀 and ＊full-width＊",
  '[REF]: https://example.com/upper "Upper"',
  "[ref]: https://example.com/duplicate",
  "[ref]:\nhttps://example.com/next-line",
];

/** Takes every version of the text at once (no wait between versions). */
const EVERY_VERSION = { minVersionIntervalMs: 0 };

const GAPS = ["\n", "\n\n", "\n\n\n", "\r\n\r\n", " \n\n", "\n\t\n"];

const markdownDocument = fc
  .array(fc.tuple(fc.constantFrom(...SNIPPETS), fc.constantFrom(...GAPS)), {
    minLength: 1,
    maxLength: 10,
  })
  .map((parts) => parts.map(([snippet, gap]) => snippet + gap).join(""));

/** Streams `text` into a `StreamingMarkdown`, cut at `cuts`; returns its root. */
async function streamed(text: string, cuts: number[], limits?: Partial<MarkdownStreamLimits>) {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < text.length))].sort((a, b) => a - b);
  const view = (content: string) => (
    <div data-testid="streamed">
      <StreamingMarkdown components={markdownComponents} limits={limits}>
        {content}
      </StreamingMarkdown>
    </div>
  );
  const stops = [...points, text.length];
  const { rerender, container, unmount } = render(view(text.slice(0, stops[0])));
  for (const cut of stops.slice(1)) rerender(view(text.slice(0, cut)));
  const root = container.querySelector("[data-testid=streamed]")!;
  return { root, unmount };
}

describe("StreamingMarkdown", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders what react-markdown renders for the whole text, however it was streamed", async () => {
    await fc.assert(
      fc.asyncProperty(
        markdownDocument,
        fc.array(fc.nat({ max: 600 }), { maxLength: 8 }),
        async (text, cuts) => {
          const expected = wholeHtml(text);
          const { root, unmount } = await streamed(text, cuts);
          try {
            // Formatting may finish in later tasks (each task has a time budget).
            await waitFor(() => expect(blocksHtml(root)).toBe(expected), { timeout: 5000 });
          } finally {
            unmount();
          }
        },
      ),
      {
        numRuns: 150,
        examples: [
          // "\r\n" blank lines before indented code.
          ["*emphasis\n\nacross blocks*\r\n\r\n    indented code\n\n    more code\n", []],
          // A definition in the growing block, on two lines, used by a list's lazy line.
          [
            "- one\n- two\n- three\n[ref]: https://example.com/ref\n# Heading *one*\n\t\n[ref]:\nhttps://example.com/next-line\n",
            [],
          ],
          // micromark reads `3)` after indented code as a paragraph.
          ["    indented code\n\n    more code\n\n\n3) third\n4) fourth\n", [20]],
          // A definition that is still being written when an earlier block is formatted.
          [
            "# Heading *one*\nUses [ref] and [text][other] and [missing].\n\n# Heading *one*\n\n\n# Heading *one*\n[ref]: https://example.com/ref\n\t\n\n\n",
            [330, 116, 129, 416, 399],
          ],
          // A definition completed later (with a title): the kept link gains an attribute.
          [
            'Autolink https://example.com/auto and <https://example.com/angle>\n[ref]: https://example.com/duplicate\n\t\n[REF]: https://example.com/upper "Upper"\n# Heading *one*\n',
            [82],
          ],
          // A definition in the last block is used by an earlier one.
          [
            "Uses [ref] and [text][other] and [missing].\n# Heading *one*\n\t\n[Other]: </a b> 'Title'\n",
            [5],
          ],
          // A line holding a tab ends a table: the definition after it is found.
          [
            "Uses [ref] and [text][other] and [missing].\n# Heading *one*\r\n\r\na | b\n--- | ---\nc | d\n\t\n[ref]: https://example.com/duplicate\n",
            [],
          ],
          // A list micromark starts inside a table (marked reads rows) continues after a blank line.
          ["a | b\n--- | ---\nc | d\n3) third\n4) fourth\n\t\n3) third\n4) fourth\n", []],
          // A `***` rule, a paragraph, then an unclosed fence: nothing is written into the code.
          [
            "***\nParagraph with **bold**, _em_, `code`, ~~gone~~ and a [link](https://example.com/a).\n```\nunclosed fence\n",
            [],
          ],
        ],
      },
    );
  }, 120_000);

  it("renders the same for text that changed other than by growing", async () => {
    const view = (content: string) => (
      <div data-testid="streamed">
        <StreamingMarkdown components={markdownComponents}>{content}</StreamingMarkdown>
      </div>
    );
    const { rerender, getByTestId } = render(view("# One\n\nFirst text\n\n- a\n- b\n\nTail"));
    const text = "# Uno\n\nOther text\n\n| a |\n| - |\n| 1 |\n\nEnd";
    rerender(view(text));
    const expected = wholeHtml(text);
    await waitFor(() => expect(blocksHtml(getByTestId("streamed"))).toBe(expected));
  });

  it("parses a complete block once: later updates parse only the growing block", async () => {
    const blocks = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} is about **item ${i}**.`);
    const text = `${blocks.join("\n\n")}\n`;
    const parses: { update: number; source: string }[] = [];
    let update = 0;
    const stop = observeMarkdownParses((source) => parses.push({ update, source }));
    try {
      const view = (content: string) => (
        <div data-testid="streamed">
          <StreamingMarkdown limits={EVERY_VERSION}>{content}</StreamingMarkdown>
        </div>
      );
      const { rerender, getByTestId } = render(view(text.slice(0, 3)));
      const completedAt = new Map<number, number>();
      for (let cut = 6; cut < text.length + 3; cut += 3) {
        update++;
        const content = text.slice(0, Math.min(cut, text.length));
        rerender(view(content));
        blocks.forEach((_, i) => {
          // Block i is complete once the first line of the next one is.
          const next = blocks[i + 1];
          if (!completedAt.has(i) && next && content.includes(`${next}\n`)) {
            completedAt.set(i, update);
          }
        });
      }
      rerender(view(text));
      await settled(getByTestId("streamed"));
      expect(completedAt.size).toBe(blocks.length - 1);
      for (const [i, at] of completedAt) {
        const later = parses.filter(
          ({ update: u, source }) => u > at && source.includes(`Paragraph ${i} `),
        );
        // At most the one parse of the complete block, if it was not formatted on completion.
        expect(later.length).toBeLessThanOrEqual(1);
        for (const { source } of later) expect(source).toBe(`${blocks[i]}\n\n`);
      }
      expect(getByTestId("streamed").querySelectorAll("p")).toHaveLength(blocks.length);
    } finally {
      stop();
    }
  });

  it("keeps every block's element while later blocks stream in (state inside a block survives)", async () => {
    const paragraphs = Array.from({ length: 80 }, (_, i) => `Paragraph ${i}.`);
    const view = (content: string) => (
      <div data-testid="streamed">
        <StreamingMarkdown components={markdownComponents} limits={EVERY_VERSION}>
          {content}
        </StreamingMarkdown>
      </div>
    );
    const { rerender, getByTestId } = render(view(paragraphs.slice(0, 40).join("\n\n")));
    const root = getByTestId("streamed");
    await settled(root);
    const before = [...root.querySelectorAll("p")].slice(0, 39);
    rerender(view(paragraphs.join("\n\n")));
    await settled(root);
    const after = [...root.querySelectorAll("p")];
    expect(after.map((p) => p.textContent)).toEqual(paragraphs);
    // The 33rd block was in the second group before the text grew; no block changed parent.
    for (const [i, p] of before.entries()) expect(after[i]).toBe(p);
  });

  it("takes at most one version of a fast stream per interval, and always shows the newest", async () => {
    const parses: string[] = [];
    const stop = observeMarkdownParses((source) => parses.push(source));
    try {
      const view = (content: string) => (
        <div data-testid="streamed">
          <StreamingMarkdown limits={{ minVersionIntervalMs: 300 }}>{content}</StreamingMarkdown>
        </div>
      );
      const { rerender, getByTestId } = render(view("Token"));
      await settled(getByTestId("streamed"));
      expect(getByTestId("streamed").textContent).toBe("Token");
      parses.length = 0;
      // Twenty tokens within the interval: the text shown waits, nothing is parsed.
      let text = "Token";
      for (let i = 0; i < 20; i++) {
        text += ` token${i}`;
        rerender(view(text));
      }
      expect(parses).toEqual([]);
      expect(getByTestId("streamed").textContent).toBe("Token");
      // The newest text follows when the interval is over, without another update.
      await waitFor(() => expect(getByTestId("streamed").textContent).toBe(text));
      expect(parses).toEqual([text]);
    } finally {
      stop();
    }
  });

  it("shows a finished text at once, without waiting for the interval", async () => {
    const view = (content: string, isStreaming: boolean) => (
      <div data-testid="streamed">
        <StreamingMarkdown limits={{ minVersionIntervalMs: 60_000 }} isStreaming={isStreaming}>
          {content}
        </StreamingMarkdown>
      </div>
    );
    const { rerender, getByTestId } = render(view("A", true));
    rerender(view("A quote", true));
    expect(getByTestId("streamed").textContent).toBe("A");
    rerender(view("A quote, to finish.", false));
    expect(getByTestId("streamed").textContent).toBe("A quote, to finish.");
  });

  it("does not parse anything again when the text did not change", async () => {
    const parses: string[] = [];
    const text = "# Title\n\nSome text\n\n- a\n- b\n\nEnd";
    const { rerender } = render(<Markdown>{text}</Markdown>);
    await settled(document.body);
    const stop = observeMarkdownParses((source) => parses.push(source));
    try {
      rerender(<Markdown>{text}</Markdown>);
      rerender(<Markdown>{`${text}`}</Markdown>);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(parses).toEqual([]);
    } finally {
      stop();
    }
  });

  describe("huge replies (limits scaled down)", () => {
    const SMALL: MarkdownStreamLimits = {
      lexWindow: 256,
      scanWindow: 1024,
      maxBlock: 200,
      maxCodeBlock: 400,
      segmentSize: 64,
      rawChunkSize: 256,
      rawStep: 1024,
      minVersionIntervalMs: 0,
    };
    const sections = Array.from(
      { length: 40 },
      (_, i) => `## Section ${i}\n\nText of section ${i} with **bold**.`,
    );
    const longCode = Array.from({ length: 120 }, (_, i) => `code line ${i}`).join("\n");
    const text = `${sections.slice(0, 20).join("\n\n")}\n\n\`\`\`ts\n${longCode}\n\`\`\`\n\n${sections
      .slice(20)
      .join("\n\n")}`;

    it("shows the text in bounded steps, in order, then formats it in later tasks", async () => {
      const { root } = await streamed(text, [], SMALL);
      // The first render lexed one window and shows at most one step more, as text.
      const first = root.textContent ?? "";
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThanOrEqual(SMALL.lexWindow + SMALL.rawStep);
      expect(text.startsWith(first.slice(0, 40))).toBe(true);
      expect(root.querySelector(".crayon-markdown__raw")).not.toBeNull();
      await waitFor(() => expect(root.querySelectorAll("h2")).toHaveLength(40), { timeout: 5000 });
      const order = [...root.querySelectorAll("h2")].map((h) => h.textContent);
      expect(order).toEqual(sections.map((_, i) => `Section ${i}`));
      expect(root.querySelectorAll("strong")).toHaveLength(40);
    });

    it("shows a block too large to format as a code block, in pieces, copied whole", async () => {
      const user = userEvent.setup();
      const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
      const { root } = await streamed(
        text,
        Array.from({ length: 60 }, (_, i) => i * 80),
        SMALL,
      );
      await waitFor(() => expect(root.querySelectorAll("h2")).toHaveLength(40), { timeout: 5000 });
      const code = root.querySelector("pre code")!;
      expect(code.textContent).toBe(`${longCode}\n`);
      expect(code.children.length).toBeGreaterThan(1);
      expect(screen.getByText("ts")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Copy code" }));
      expect(writeText).toHaveBeenCalledWith(`${longCode}\n`);
    });

    it("keeps pieces of text already shown while more arrives", async () => {
      const long = "word ".repeat(400);
      const view = (content: string) => (
        <div data-testid="streamed">
          <StreamingMarkdown limits={SMALL}>{content}</StreamingMarkdown>
        </div>
      );
      const { rerender, getByTestId } = render(view(long.slice(0, 1000)));
      const firstPiece = getByTestId("streamed").querySelector(".crayon-markdown__raw-chunk");
      await act(async () => rerender(view(long)));
      expect(getByTestId("streamed").querySelector(".crayon-markdown__raw-chunk")).toBe(firstPiece);
      expect(getByTestId("streamed").textContent).toBe(long);
    });
  });

  it("keeps injection attempts inert in every state, raw or formatted", async () => {
    const corpus = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "[x](javascript:alert(1))",
      "[x][ref]\n\n[ref]: javascript:alert(1)",
      "![x](data:text/html;base64,PHNjcmlwdD4=)",
    ].join("\n\n");
    const text = `${corpus}\n\n${"filler paragraph\n\n".repeat(30)}${corpus}`;
    const { root } = await streamed(text, [40, 90, 300], {
      lexWindow: 128,
      scanWindow: 512,
      maxBlock: 64,
      maxCodeBlock: 64,
      segmentSize: 32,
    });
    const check = () => {
      expect(root.querySelector("script, img[onerror], a[href^='javascript']")).toBeNull();
      for (const element of root.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          expect(attribute.name.startsWith("on")).toBe(false);
        }
      }
    };
    check();
    await waitFor(() => expect(root.querySelectorAll("p").length).toBeGreaterThan(30));
    check();
  });
});

describe("Markdown while it streams", () => {
  afterEach(() => vi.useRealTimers());

  const rendered = (text: string, isStreaming: boolean) => {
    const { container, unmount } = render(<Markdown isStreaming={isStreaming}>{text}</Markdown>);
    const markdown = container.querySelector(".crayon-markdown")!;
    return { markdown, unmount };
  };

  it.each([
    ["Some **bold", "strong", "bold"],
    ["Call `format", "code", "format"],
    ["It was ~~wrong", "del", "wrong"],
    ["An *aside", "em", "aside"],
  ])("shows the growing block's %j already formatted, without raw markers", (text, tag, inner) => {
    const { markdown, unmount } = rendered(text, true);
    expect(markdown.querySelector(tag)?.textContent).toBe(inner);
    expect(markdown.textContent).not.toMatch(/[*`~]/);
    unmount();
  });

  it("shows a link still being written as its text, and hides an image still being written", () => {
    const link = rendered("See [the docs](https://exa", true);
    expect(link.markdown.textContent).toBe("See the docs");
    expect(link.markdown.querySelector("a")).toBeNull();
    link.unmount();
    const image = rendered("A chart: ![sales](https://exa", true);
    expect(image.markdown.textContent?.trim()).toBe("A chart:");
    image.unmount();
  });

  it("never changes finished text, nor blocks before the growing one", () => {
    const finished = rendered("Some **bold", false);
    expect(finished.markdown.textContent).toBe("Some **bold");
    finished.unmount();
    const earlier = rendered("Price: 5 * 3\n\nNow **bold", true);
    expect(earlier.markdown.textContent).toContain("Price: 5 * 3");
    expect(earlier.markdown.querySelector("strong")?.textContent).toBe("bold");
    earlier.unmount();
  });
});
