import type { Message } from "@crayonai/stream";
import { useEffect, useMemo, useState } from "react";
import { consoleLedger } from "../circuitBreaker";
import { localDay } from "../viewModel/usageLedger";
import {
  addReports,
  latestRun,
  type UsageReport,
  type UsageTotals,
  usageReports,
} from "../viewModel/usageTotals";

/** The usage figures the panel shows: the latest run, the thread, and today (with its reports). */
export type UsageFigures = {
  run: UsageTotals;
  thread: UsageTotals;
  today: UsageTotals;
  /** Today's reports across threads, in the order they were first seen. */
  todayReports: UsageReport[];
};

/**
 * Sums the usage reports of `messages` (the selected thread) for its latest run and the whole
 * thread, and records them in the day's ledger, which adds every thread used today.
 */
export function useUsageFigures(messages: readonly Message[]): UsageFigures {
  const reports = useMemo(() => usageReports(messages), [messages]);
  const run = useMemo(() => {
    const ids = new Set(latestRun(messages).map((message) => message.id));
    return addReports([...reports].filter(([id]) => ids.has(id)).map(([, report]) => report));
  }, [messages, reports]);
  const thread = useMemo(() => addReports(reports.values()), [reports]);
  const [todayReports, setTodayReports] = useState<UsageReport[]>(() => [...reports.values()]);
  useEffect(() => {
    setTodayReports(consoleLedger.record(localDay(new Date()), reports));
  }, [reports]);
  const today = useMemo(() => addReports(todayReports), [todayReports]);
  return { run, thread, today, todayReports };
}
