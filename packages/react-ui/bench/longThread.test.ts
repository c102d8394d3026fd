import { Lexer } from "marked";
import { describe, expect, it } from "vitest";
import {
  CODE_EVERY,
  LONG_THREAD_SEED,
  longThreadMessages,
  TABLE_EVERY,
  WORDS_PER_MESSAGE,
} from "./longThread";
import { END_MARKER } from "./replyMarkdown";

const thread = longThreadMessages(1_000);
const textOf = (index: number) => thread[index]!.parts[0].text;
const blockTypes = (text: string) => new Set(new Lexer().lex(text).map((token) => token.type));

describe("longThreadMessages", () => {
  it("alternates user and assistant, starting with the user, with unique ids", () => {
    expect(thread).toHaveLength(1_000);
    thread.forEach((message, i) => {
      expect(message.role).toBe(i % 2 === 0 ? "user" : "assistant");
    });
    expect(new Set(thread.map((message) => message.id)).size).toBe(1_000);
  });

  it("gives every message 150 to 400 words, spread across the range", () => {
    const counts = thread.map((_, i) => textOf(i).split(/\s+/).filter(Boolean).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(WORDS_PER_MESSAGE.min);
    expect(Math.max(...counts)).toBeLessThanOrEqual(WORDS_PER_MESSAGE.max);
    expect(Math.max(...counts) - Math.min(...counts)).toBeGreaterThan(200);
  });

  it("puts a code block in every 5th answer and a table in every 10th, and in no other", () => {
    thread.forEach((message, i) => {
      if (message.role === "user") return;
      const answer = (i + 1) / 2;
      const types = blockTypes(textOf(i));
      expect(types.has("code"), `answer ${answer}`).toBe(answer % CODE_EVERY === 0);
      expect(types.has("table"), `answer ${answer}`).toBe(answer % TABLE_EVERY === 0);
      for (const type of ["heading", "paragraph", "list"]) expect(types).toContain(type);
    });
  });

  it("formats answers (bold, inline code, links) and leaves questions plain prose", () => {
    expect(textOf(1)).toMatch(/\*\*.+\*\*/);
    expect(textOf(1)).toMatch(/`[^`]+`/);
    expect(textOf(1)).toMatch(/\[[^\]]+\]\(https:\/\/example\.com\//);
    expect(textOf(0)).not.toMatch(/[*`[#|]/);
  });

  it("ends only the last message with the end marker", () => {
    const withMarker = thread.filter((message) => message.parts[0].text.includes(END_MARKER));
    expect(withMarker).toEqual([thread.at(-1)]);
    expect(textOf(999).endsWith(END_MARKER)).toBe(true);
  });

  it("is the same thread for the same seed (a shorter one starts as a longer one does)", () => {
    expect(longThreadMessages(40).slice(0, 39)).toEqual(thread.slice(0, 39));
    expect(longThreadMessages(40, LONG_THREAD_SEED)).toEqual(longThreadMessages(40));
    expect(longThreadMessages(40, 7)).not.toEqual(longThreadMessages(40));
  });
});
