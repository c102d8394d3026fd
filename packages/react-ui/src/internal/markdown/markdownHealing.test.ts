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
    [
      "never writes into an open fence, whatever was left open before it",
      "***\nSome **bold** text.\n```\nunclosed fence\n",
      "***\nSome **bold** text.\n```\nunclosed fence\n",
    ],
    [
      "never writes into an open fence inside a list item",
      "- a *note\n- ```\n  code",
      "- a *note\n- ```\n  code",
    ],
    [
      "never closes a marker of a block above without a blank line",
      "# Heading *one\nNow `code",
      "# Heading *one\nNow `code`",
    ],
    ["heals the last item of a list", "- done\n- now **bold", "- done\n- now **bold**"],
    ["never touches an HTML block", "<div>\n*html", "<div>\n*html"],
    [
      'rewrites an unfinished link after "\\r\\n" line breaks, leaving the blocks before it',
      "# Title **one\r\nSee [the docs](https://exa",
      "# Title **one\r\nSee the docs",
    ],
  ])("%s", (_name, source, healed) => {
    expect(healGrowingBlock(source)).toBe(healed);
  });
});
