import { readNumber, readRecord, readString } from "@crayonai/demo-ui/viewModel";
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
 * Reports keep the order they were first seen in, so the day's runs come in order.
 */
export type UsageLedger = {
  /** Records `reports` for `day` and forgets other days; returns the day's reports. */
  record: (day: string, reports: ReadonlyMap<string, UsageReport>) => UsageReport[];
  /** The reports recorded for `day`. */
  read: (day: string) => UsageReport[];
};

/** A stored report as this version reads it (an older one counts as one call, in no run). */
function readReport(raw: unknown): UsageReport {
  const report = readRecord(raw);
  return {
    inputTokens: readNumber(report.inputTokens),
    outputTokens: readNumber(report.outputTokens),
    costUsd: readNumber(report.costUsd),
    calls: readNumber(report.calls, 1),
    run: readString(report.run),
    label: readString(report.label),
  };
}

/** A ledger over `storage` (the browser's localStorage); without storage, it keeps nothing. */
export function usageLedger(storage: Storage | undefined): UsageLedger {
  const load = (day: string): Record<string, UsageReport> => {
    try {
      const saved = readRecord(JSON.parse(storage?.getItem(KEY_PREFIX + day) ?? "{}"));
      return Object.fromEntries(Object.entries(saved).map(([id, raw]) => [id, readReport(raw)]));
    } catch {
      return {};
    }
  };
  return {
    record(day, reports) {
      const entries = { ...load(day), ...Object.fromEntries(reports) };
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
    read: (day) => Object.values(load(day)),
  };
}
