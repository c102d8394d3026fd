import { afterEach, describe, expect, it, vi } from "vitest";
import { ar } from "./ar";
import { en } from "./en";
import { directionOf, localeFormat, mergeMessages } from "./format";

const english = localeFormat("en");
const arabic = localeFormat("ar");

describe("localeFormat", () => {
  it("gives each count its text and plural category in the locale", () => {
    expect([1, 2, 1234].map((n) => english.count(n))).toEqual([
      { value: 1, text: "1", category: "one" },
      { value: 2, text: "2", category: "other" },
      { value: 1234, text: "1,234", category: "other" },
    ]);
    // Arabic has six forms: the catalogue picks one per count.
    expect([0, 1, 2, 3, 11, 100].map((n) => arabic.count(n).category)).toEqual([
      "zero",
      "one",
      "two",
      "few",
      "many",
      "other",
    ]);
    expect(arabic.count(3).text).toBe(new Intl.NumberFormat("ar").format(3));
  });

  it("writes file sizes in the locale's units", () => {
    expect(
      [812, 12 * 1024, 3.4 * 1024 * 1024, 4 * 1024 * 1024, 25 * 1024 * 1024].map(english.bytes),
    ).toEqual(["812 bytes", "12 kB", "3.4 MB", "4 MB", "25 MB"]);
    expect(arabic.bytes(12 * 1024)).toBe(
      new Intl.NumberFormat("ar", { style: "unit", unit: "kilobyte" }).format(12),
    );
    expect(arabic.bytes(12 * 1024)).not.toMatch(/kB/);
  });

  it("lists names as the locale joins them", () => {
    expect(english.list(["a.png", "b.md"])).toBe("a.png and b.md");
    expect(arabic.list(["a.png", "b.md"])).toBe("a.png وb.md");
  });

  describe("durations", () => {
    afterEach(() => vi.unstubAllGlobals());
    /** `Intl` with `DurationFormat` as given (Node 20 has none; browsers since 2024 have it). */
    const withDurationFormat = (DurationFormat: unknown) =>
      Object.assign(Object.create(Intl), { DurationFormat });

    it("are written with Intl.DurationFormat where the browser has it", () => {
      const format = vi.fn(({ minutes, seconds }) => `${minutes}m${seconds}s`);
      const DurationFormat = vi.fn(
        class {
          format = format;
        },
      );
      vi.stubGlobal("Intl", withDurationFormat(DurationFormat));
      expect(localeFormat("ar").duration(75)).toBe("1m15s");
      expect(DurationFormat).toHaveBeenCalledWith("ar", { style: "short" });
    });

    it("fall back to the locale's units without it", () => {
      vi.stubGlobal("Intl", withDurationFormat(undefined));
      expect(localeFormat("en").duration(3)).toBe("3 sec");
      expect(localeFormat("en").duration(75)).toBe("1 min, 15 sec");
      expect(localeFormat("en").duration(120)).toBe("2 min");
      expect(localeFormat("ar").duration(3)).toBe(
        new Intl.NumberFormat("ar", { style: "unit", unit: "second" }).format(3),
      );
    });
  });

  it("refuses a locale that is no BCP 47 tag, saying which", () => {
    expect(() => localeFormat("en_US!")).toThrow(
      new RangeError('Crayon: locale "en_US!" is not a BCP 47 language tag (e.g. "ar-EG").'),
    );
  });
});

describe("directionOf", () => {
  it.each([
    ["ar", "rtl"],
    ["ar-EG", "rtl"],
    ["he", "rtl"],
    ["fa-IR", "rtl"],
    ["ur", "rtl"],
    ["az-Arab", "rtl"],
    ["en", "ltr"],
    ["fr-CA", "ltr"],
    // Mapudungun, not Arabic.
    ["arn", "ltr"],
  ])("%s runs %s", (locale, direction) => {
    expect(directionOf(locale)).toBe(direction);
  });
});

describe("mergeMessages", () => {
  it("lets an override win, text by text, and keeps the rest", () => {
    const merged = mergeMessages(en, {
      composer: { placeholder: "Ask Ada…", send: undefined },
      hostedTools: { webSearch: "Search the web" },
    });
    expect(merged.composer.placeholder).toBe("Ask Ada…");
    expect(merged.composer.send).toBe("Send message");
    expect(merged.chat).toBe(en.chat);
    expect(merged.hostedTools).toEqual({ webSearch: "Search the web" });
    expect(en.composer.placeholder).toBe("Type a message…");
  });

  it("takes a whole catalogue", () => {
    expect(mergeMessages(en, ar)).toEqual(ar);
  });
});
