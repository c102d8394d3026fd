import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { estimateRowHeight } from "./rowHeightEstimate";

const reply = (content: string): Message => ({
  id: "r",
  role: "assistant",
  content,
  status: "complete",
});

describe("estimateRowHeight", () => {
  it("grows with the text's lines, wrapped ones included", () => {
    const short = estimateRowHeight(reply("One line."));
    const wrapped = estimateRowHeight(reply("word ".repeat(100)));
    const lines = estimateRowHeight(reply("a\nb\nc\nd\ne\nf"));
    expect(wrapped).toBeGreaterThan(short);
    expect(lines).toBeGreaterThan(short);
    expect(estimateRowHeight(reply("word ".repeat(400)))).toBeGreaterThan(wrapped);
  });

  it("gives an empty or malformed message the height of one line, never throwing", () => {
    const empty = estimateRowHeight(reply(""));
    expect(empty).toBe(estimateRowHeight(reply("x")));
    const malformed = { id: "m", role: "user", content: { text: 1 } } as unknown as Message;
    expect(estimateRowHeight(malformed)).toBe(empty);
  });
});
