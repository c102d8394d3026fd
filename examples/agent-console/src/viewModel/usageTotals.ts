import { readNumber, readRecord } from "@crayonai/demo-ui/viewModel";
import type { Message } from "@crayonai/stream";
import { messagePlainText } from "@crayonai/stream/text";
import { readModelCalls } from "./modelCalls";

/** What model calls used, summed. */
export type UsageTotals = {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** How many model calls were added (not how many messages reported them). */
  calls: number;
};

/**
 * One assistant message's usage report: its calls, summed, and the run it belongs to (the id
 * and text of the user message that started the run), so a day's spend can be shown per run.
 */
export type UsageReport = UsageTotals & { run: string; label: string };

/** An approval's answer (Approve / Reject), which continues the run that asked for it. */
function isApprovalAnswer(message: Message): boolean {
  return (
    message.role === "user" &&
    (message.context ?? []).some((item) => readRecord(item).type === "human-response")
  );
}

/**
 * The usage each assistant message reports, by message id. The demo agent sends it as
 * `message-metadata` events; a message's later report replaces its earlier one (a run's calls
 * so far), so each call counts once.
 */
export function usageReports(messages: readonly Message[]): Map<string, UsageReport> {
  const reports = new Map<string, UsageReport>();
  let run = { run: "", label: "" };
  for (const message of messages) {
    if (message.role === "user" && !isApprovalAnswer(message)) {
      run = { run: message.id, label: messagePlainText(message).trim() };
    }
    if (message.role !== "assistant" || message.metadata?.usage === undefined) continue;
    const usage = readRecord(message.metadata.usage);
    reports.set(message.id, {
      inputTokens: readNumber(usage.inputTokens),
      outputTokens: readNumber(usage.outputTokens),
      costUsd: readNumber(usage.costUsd),
      calls: readModelCalls(message).length,
      ...run,
    });
  }
  return reports;
}

/** Adds reports up (cost rounded to 1/10000 of a dollar, as the agent reports it). */
export function addReports(reports: Iterable<UsageTotals>): UsageTotals {
  const totals: UsageTotals = { inputTokens: 0, outputTokens: 0, costUsd: 0, calls: 0 };
  for (const report of reports) {
    totals.inputTokens += report.inputTokens;
    totals.outputTokens += report.outputTokens;
    totals.costUsd += report.costUsd;
    totals.calls += report.calls;
  }
  totals.costUsd = Math.round(totals.costUsd * 10_000) / 10_000;
  return totals;
}

/** Sums the usage the thread's assistant messages report. */
export function sumUsage(messages: readonly Message[]): UsageTotals {
  return addReports(usageReports(messages).values());
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

/** "1 model call", "6 model calls". */
export function callsText(calls: number): string {
  return `${calls} model ${calls === 1 ? "call" : "calls"}`;
}
