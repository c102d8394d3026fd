import type { UsageReport } from "./usageTotals";

/** What one run spent today, for the spend chart. */
export type RunSpend = {
  run: string;
  /** The message that started it, e.g. "/cyrus". */
  label: string;
  costUsd: number;
  calls: number;
  /** The day's spend passed the limit during this run: the circuit breaker tripped. */
  tripped: boolean;
};

/**
 * The day's reports as runs, in the order they started, each with its spend; the run during
 * which the day's total passed `limitUsd` is marked as the one that tripped the breaker.
 */
export function spendByRun(reports: readonly UsageReport[], limitUsd: number): RunSpend[] {
  const runs = new Map<string, RunSpend>();
  for (const report of reports) {
    const run = runs.get(report.run) ?? {
      run: report.run,
      label: report.label || "Earlier run",
      costUsd: 0,
      calls: 0,
      tripped: false,
    };
    run.costUsd += report.costUsd;
    run.calls += report.calls;
    runs.set(report.run, run);
  }
  let total = 0;
  let tripped = false;
  return [...runs.values()].map((run) => {
    total += run.costUsd;
    const trips = !tripped && isOverLimit(total, limitUsd);
    tripped ||= trips;
    return { ...run, costUsd: Math.round(run.costUsd * 10_000) / 10_000, tripped: trips };
  });
}

/** The circuit breaker's rule: spend past the daily limit stops the agent. */
export function isOverLimit(spendUsd: number, limitUsd: number): boolean {
  return spendUsd > limitUsd;
}
