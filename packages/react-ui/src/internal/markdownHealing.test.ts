import { describe, expect, it } from "vitest";
import { healGrowingBlock } from "./markdownHealing";

describe("healGrowingBlock", () => {
  it.each([
    ["closes unfinished bold", "Some **bold", "Some **bold**"],
    ["closes unfinished inline code", "Run `npm i", "Run `npm i`"],
    ["shows an unfinished link as its text", "See [the docs](https://exa", "See the docs"],
    ["leaves finished text alone", "All **done** here.", "All **done** here."],
    [
      "heals only the last paragraph: a marker left open earlier stays as written",
      "*emphasis\n\nacross blocks*\r\n\r\nNow **bold",
      "*emphasis\n\nacross blocks*\r\n\r\nNow **bold**",
    ],
    [
      "closes only the last paragraph's marker when an earlier one stays open",
      "*open for good\n\nNow `code",
      "*open for good\n\nNow `code`",
    ],
    [
      "never touches an indented code block after a blank line",
      "A *note\n\n    code * here",
      "A *note\n\n    code * here",
    ],
  ])("%s", (_name, source, healed) => {
    expect(healGrowingBlock(source)).toBe(healed);
  });
});
