import type { CountValue, CrayonMessageOverrides, CrayonMessages } from "./messages";

/** Which way the chat's text runs: left to right, or right to left. */
export type TextDirection = "ltr" | "rtl";

/** Numbers, sizes, durations and lists written for one locale with `Intl`. */
export type LocaleFormat = {
  /** A count: its text and plural category in the locale. */
  count: (value: number) => CountValue;
  /** A number with `Intl.NumberFormat` options. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** A duration in whole seconds: "3 sec", "1 min, 15 sec" in English. */
  duration: (seconds: number) => string;
  /** A file size: "812 bytes", "12 kB", "3.4 MB" in English (1 kB = 1,024 bytes). */
  bytes: (bytes: number) => string;
  /** Items joined as the locale lists them: "a, b and c". */
  list: (items: readonly string[]) => string;
  /** A date with `Intl.DateTimeFormat` options. */
  date: (date: Date, options: Intl.DateTimeFormatOptions) => string;
};

/** The locale in effect: its tag, direction, texts and formats. */
export type LocaleValue = {
  locale: string;
  /** The locale when one was given (the chat's `lang`): none by default, the page's applies. */
  lang?: string;
  dir: TextDirection;
  messages: CrayonMessages;
  format: LocaleFormat;
};

// Languages written right to left (and any language in a right-to-left script subtag).
const RIGHT_TO_LEFT =
  /^(ar|arc|ckb|dv|fa|he|iw|ks|ps|sd|syr|ug|ur|yi)(-|$)|-(arab|hebr|thaa|syrc|nkoo|adlm|rohg)(-|$)/i;

/** The direction of a locale's script: `"rtl"` for Arabic, Hebrew, Persian, Urdu…, else `"ltr"`. */
export function directionOf(locale: string): TextDirection {
  return RIGHT_TO_LEFT.test(locale) ? "rtl" : "ltr";
}

/** `Intl.DurationFormat`, where the browser has it (ES2025; not yet in TypeScript's lib). */
type DurationFormatConstructor = new (
  locale: string,
  options: { style: "short" },
) => { format: (duration: { minutes: number; seconds: number }) => string };

const MB = 1024 * 1024;

/**
 * The formats of `locale`, which must be a BCP 47 language tag: anything else throws a
 * `RangeError` saying so.
 */
export function localeFormat(locale: string): LocaleFormat {
  try {
    Intl.getCanonicalLocales(locale);
  } catch {
    throw new RangeError(`Crayon: locale "${locale}" is not a BCP 47 language tag (e.g. "ar-EG").`);
  }
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const unit = (value: number, unit: string, long?: boolean) =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      unitDisplay: long ? "long" : "short",
      maximumFractionDigits: value < 10 ? 1 : 0,
    }).format(value);
  const list = (items: readonly string[], type?: "unit") =>
    new Intl.ListFormat(locale, type && { type, style: "short" }).format(items);
  return {
    count: (value) => ({ value, text: numbers.format(value), category: plurals.select(value) }),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    duration: (seconds) => {
      const minutes = Math.floor(seconds / 60);
      const rest = seconds % 60;
      const Duration = (Intl as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
      if (Duration)
        return new Duration(locale, { style: "short" }).format({ minutes, seconds: rest });
      // Without it: the same units, listed as the locale lists units.
      const parts = [
        minutes && unit(minutes, "minute"),
        (rest || !minutes) && unit(rest, "second"),
      ];
      return list(
        parts.filter((part): part is string => !!part),
        "unit",
      );
    },
    bytes: (bytes) =>
      bytes < 1024
        ? unit(bytes, "byte", true)
        : bytes < MB
          ? unit(Math.round(bytes / 1024), "kilobyte")
          : unit(bytes / MB, "megabyte"),
    list: (items) => list(items),
    date: (date, options) => date.toLocaleDateString(locale, options),
  };
}

/**
 * `base` with `overrides`, group by group; a text an override leaves `undefined` keeps the
 * base's.
 */
export function mergeMessages(
  base: CrayonMessages,
  overrides: CrayonMessageOverrides | undefined,
): CrayonMessages {
  if (!overrides) return base;
  const merged: Record<string, object> = { ...base };
  for (const [group, texts] of Object.entries(overrides)) {
    if (!texts || group === "__proto__") continue;
    const defined = Object.entries(texts).filter(([, text]) => text !== undefined);
    merged[group] = { ...merged[group], ...Object.fromEntries(defined) };
  }
  return merged as CrayonMessages;
}
