import type { UsageReport } from "./usageTotals";

const KEY_PREFIX = "crayon-agent-console:usage:";

/** The local calendar day of `date`, e.g. "2026-11-26": the daily limit resets at midnight. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The day's usage reports across threads, kept in `storage` by message id: a thread seen
 * again (reopened, or still streaming) replaces its reports rather than adding them twice.
 */
export type UsageLedger = {
  /** Records `reports` for `day` and forgets other days; returns the day's reports. */
  record: (day: string, reports: ReadonlyMap<string, UsageReport>) => UsageReport[];
};

/** A ledger over `storage` (the browser's localStorage); without storage, it keeps nothing. */
export function usageLedger(storage: Storage | undefined): UsageLedger {
  const read = (day: string): Record<string, UsageReport> => {
    try {
      const saved = JSON.parse(storage?.getItem(KEY_PREFIX + day) ?? "{}");
      return saved && typeof saved === "object" ? saved : {};
    } catch {
      return {};
    }
  };
  return {
    record(day, reports) {
      const entries = { ...read(day), ...Object.fromEntries(reports) };
      try {
        for (let i = (storage?.length ?? 0) - 1; i >= 0; i--) {
          const key = storage?.key(i);
          if (key?.startsWith(KEY_PREFIX) && key !== KEY_PREFIX + day) storage?.removeItem(key);
        }
        storage?.setItem(KEY_PREFIX + day, JSON.stringify(entries));
      } catch {
        // Storage full or blocked: today's figure covers this page only.
      }
      return Object.values(entries);
    },
  };
}
