import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./markdownToPlainText";

/** On one line, as an announcement or a preview reads it. */
const oneLine = (markdown: string) => markdownToPlainText(markdown).replace(/\s+/g, " ");

describe("markdownToPlainText", () => {
  it.each([
    ["Hi **there**", "Hi there"],
    ["# Title\n\nSome _emphasis_ and `code`.", "Title Some emphasis and code."],
    ["- one\n- [x] two\n1. three", "one two three"],
    ["See [the docs](https://example.com) ![logo](https://example.com/l.png)", "See the docs logo"],
    ["```ts\nconst a = 1;\n```", "const a = 1;"],
    ["> quoted ~~old~~", "quoted old"],
    ["2 * 3 * 4 and snake_case_name", "2 * 3 * 4 and snake_case_name"],
    ["a <b>bold</b> tag", "a bold tag"],
    // A table reads as its rows' cells, without pipes or its delimiter row.
    [
      "Forecast:\n\n| City | Temp |\n| :--- | ---: |\n| Paris | **18 °C** |\n| Rome | 24 °C |",
      "Forecast: City, Temp. Paris, 18 °C. Rome, 24 °C.",
    ],
    ["|a|b|\n|-|-|\n|1||", "a, b. 1."],
  ])("%j reads as %j", (markdown, text) => {
    expect(oneLine(markdown)).toBe(text);
  });

  it("keeps one break between lines, so the first line is the heading", () => {
    expect(markdownToPlainText("## Done\n\n\n- **two** [harmonics](https://x.y)  \n")).toBe(
      "Done\ntwo harmonics",
    );
  });

  it("gives plain text back unchanged", () => {
    const plain = "Paris, 18 °C. Rome is warmer: 2 * 3 = 6";
    expect(markdownToPlainText(plain)).toBe(plain);
    expect(markdownToPlainText(markdownToPlainText("**a** _b_ `c`"))).toBe("a b c");
  });
});
