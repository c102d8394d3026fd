import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./markdownToPlainText";

describe("markdownToPlainText", () => {
  it.each([
    ["Hi **there**", "Hi there"],
    ["# Title\n\nSome _emphasis_ and `code`.", "Title Some emphasis and code."],
    ["- one\n- [x] two\n1. three", "one two three"],
    ["See [the docs](https://example.com) ![logo](https://example.com/l.png)", "See the docs logo"],
    ["```ts\nconst a = 1;\n```", "const a = 1;"],
    ["> quoted ~~old~~", "quoted old"],
    ["2 * 3 * 4 and snake_case_name", "2 * 3 * 4 and snake_case_name"],
    // A table reads as its rows' cells, without pipes or its delimiter row.
    [
      "Forecast:\n\n| City | Temp |\n| :--- | ---: |\n| Paris | **18 °C** |\n| Rome | 24 °C |",
      "Forecast: City, Temp. Paris, 18 °C. Rome, 24 °C.",
    ],
    ["|a|b|\n|-|-|\n|1||", "a, b. 1."],
  ])("%j reads as %j", (markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });
});
