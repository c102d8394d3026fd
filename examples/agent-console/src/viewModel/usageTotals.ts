import { readNumber, readRecord } from "@crayonai/demo-ui/viewModel";
import type { Message } from "@crayonai/stream";

/** What model calls used, summed. */
export type UsageTotals = {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** How many usage reports were added. */
  reports: number;
};

/** One assistant message's usage report: `{ inputTokens, outputTokens, costUsd }`. */
export type UsageReport = Omit<UsageTotals, "reports">;

/**
 * The usage each assistant message reports, by message id. The demo agent sends it as
 * `message-metadata` events; a message's later report replaces its earlier one (a run's total
 * so far), so each message counts once.
 */
export function usageReports(messages: readonly Message[]): Map<string, UsageReport> {
  const reports = new Map<string, UsageReport>();
  for (const message of messages) {
    if (message.role !== "assistant" || message.metadata?.usage === undefined) continue;
    const usage = readRecord(message.metadata.usage);
    reports.set(message.id, {
      inputTokens: readNumber(usage.inputTokens),
      outputTokens: readNumber(usage.outputTokens),
      costUsd: readNumber(usage.costUsd),
    });
  }
  return reports;
}

/** Adds reports up (cost rounded to 1/10000 of a dollar, as the agent reports it). */
export function addReports(reports: Iterable<UsageReport>): UsageTotals {
  const totals: UsageTotals = { inputTokens: 0, outputTokens: 0, costUsd: 0, reports: 0 };
  for (const report of reports) {
    totals.inputTokens += report.inputTokens;
    totals.outputTokens += report.outputTokens;
    totals.costUsd += report.costUsd;
    totals.reports += 1;
  }
  totals.costUsd = Math.round(totals.costUsd * 10_000) / 10_000;
  return totals;
}

/** Sums the usage the thread's assistant messages report. */
export function sumUsage(messages: readonly Message[]): UsageTotals {
  return addReports(usageReports(messages).values());
}

/** An approval's answer (Approve / Reject), which continues the run that asked for it. */
function isApprovalAnswer(message: Message): boolean {
  return (
    message.role === "user" &&
    (message.context ?? []).some((item) => readRecord(item).type === "human-response")
  );
}

/**
 * The messages of the latest run: everything after the last user message that started one.
 * An approval's answer continues the run that asked; a message or a card edit starts a run.
 */
export function latestRun(messages: readonly Message[]): readonly Message[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "user" && !isApprovalAnswer(message)) return messages.slice(i + 1);
  }
  return messages;
}

/** The spend against `budgetUsd` in words, e.g. "3% of the $2.00 daily limit". */
export function budgetText(costUsd: number, budgetUsd: number): string {
  const limit = `$${budgetUsd.toFixed(2)}`;
  const percent = budgetUsd > 0 ? Math.floor((costUsd / budgetUsd) * 100) : 100;
  return percent >= 100
    ? `Over the ${limit} daily limit (${percent}%): the circuit breaker would stop the agent`
    : `${percent}% of the ${limit} daily limit`;
}
