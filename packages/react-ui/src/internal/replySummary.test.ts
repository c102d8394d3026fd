import { markdownToPlainText } from "@crayonai/stream/text";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LOCALE } from "../locale/LocaleProvider";
import { replySummary, SUMMARY_LENGTH } from "./replySummary";

// The real conversion, watched: a huge reply must never be converted whole.
vi.mock("@crayonai/stream/text", async (importOriginal) => {
  const real = await importOriginal<typeof import("@crayonai/stream/text")>();
  return { ...real, markdownToPlainText: vi.fn(real.markdownToPlainText) };
});

const SUFFIX = /… \(continues in the conversation, [\d.]+ (thousand|million) characters in all\)$/;

describe("replySummary", () => {
  it("reads a short reply whole, as plain text", () => {
    expect(
      replySummary("**Done**: the file is [saved](https://example.com).", DEFAULT_LOCALE),
    ).toBe("Done: the file is saved.");
  });

  it("reads the start of a 20 MB reply, cut at a word, and says how long it is", () => {
    vi.mocked(markdownToPlainText).mockClear();
    const reply = `${"**word** ".repeat(2_222_222)}END`;
    expect(reply.length).toBeGreaterThan(20_000_000);

    const summary = replySummary(reply, DEFAULT_LOCALE);

    expect(summary).toMatch(SUFFIX);
    expect(summary).toContain("20 million characters");
    const start = summary.replace(SUFFIX, "");
    expect(start.length).toBeLessThanOrEqual(SUMMARY_LENGTH);
    expect(start).toMatch(/^word( word)+$/);
    expect(summary).not.toContain("END");
    const inputs = vi.mocked(markdownToPlainText).mock.calls.map(([input]) => input.length);
    expect(Math.max(...inputs)).toBeLessThan(SUMMARY_LENGTH * 10);
  });

  it("cuts a reply without spaces at the limit, never inside an emoji", () => {
    const summary = replySummary(`a${"😀".repeat(1000)}`, DEFAULT_LOCALE);
    const start = summary.replace(SUFFIX, "");
    expect(start.length).toBeLessThanOrEqual(SUMMARY_LENGTH);
    expect(start.length).toBeGreaterThan(SUMMARY_LENGTH - 2);
    expect(start).toMatch(/^a(😀)+$/u);
  });

  it("marks a reply cut even when its plain start is short", () => {
    // Mostly markup: little text comes out of the part that is read, yet the reply goes on.
    const reply = `Intro ![x](https://example.com/${"p".repeat(5000)}.png) and more text`;
    expect(replySummary(reply, DEFAULT_LOCALE)).toMatch(SUFFIX);
  });
});
