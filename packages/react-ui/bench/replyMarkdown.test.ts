import { Lexer } from "marked";
import { describe, expect, it } from "vitest";
import { END_MARKER, replyMarkdown } from "./replyMarkdown";

describe("replyMarkdown", () => {
  it("has the requested length, within two characters, at every size", () => {
    for (const length of [40, 100, 999, 4_000, 16_000, 123_457, 2 ** 20]) {
      expect(Math.abs(replyMarkdown(length).length - length)).toBeLessThanOrEqual(2);
    }
  });

  it("ends in a plain paragraph holding the end marker, which appears nowhere else", () => {
    for (const length of [4_000, 16_000, 100_003]) {
      const text = replyMarkdown(length);
      expect(text.indexOf(END_MARKER)).toBe(text.length - END_MARKER.length);
      const last = new Lexer()
        .lex(text)
        .filter((token) => token.type !== "space")
        .at(-1);
      expect(last?.type).toBe("paragraph");
      expect(last?.raw).toContain(END_MARKER);
    }
  });

  it("holds paragraphs, lists, code fences and a table even at 1,000 tokens", () => {
    const types = new Set(new Lexer().lex(replyMarkdown(4_000)).map((token) => token.type));
    for (const type of ["heading", "paragraph", "list", "code", "table"]) {
      expect(types).toContain(type);
    }
  });
});
