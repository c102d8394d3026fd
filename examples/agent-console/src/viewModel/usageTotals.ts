import { readNumber, readRecord } from "@crayonai/demo-ui/viewModel";
import type { Message } from "@crayonai/stream";

/** What the thread's model calls used, summed. */
export type UsageTotals = {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** How many messages reported usage. */
  reports: number;
};

/**
 * Sums the `usage` metadata (`{ inputTokens, outputTokens, costUsd }`) of the thread's
 * assistant messages: the demo agent sends it as `message-metadata` events.
 */
export function sumUsage(messages: readonly Message[]): UsageTotals {
  const totals: UsageTotals = { inputTokens: 0, outputTokens: 0, costUsd: 0, reports: 0 };
  for (const message of messages) {
    if (message.role !== "assistant" || message.metadata?.usage === undefined) continue;
    const usage = readRecord(message.metadata.usage);
    totals.inputTokens += readNumber(usage.inputTokens);
    totals.outputTokens += readNumber(usage.outputTokens);
    totals.costUsd += readNumber(usage.costUsd);
    totals.reports += 1;
  }
  totals.costUsd = Math.round(totals.costUsd * 10_000) / 10_000;
  return totals;
}

/** The spend against `budgetUsd` in words, e.g. "3% of the $2.00 daily limit". */
export function budgetText(costUsd: number, budgetUsd: number): string {
  const limit = `$${budgetUsd.toFixed(2)}`;
  const percent = budgetUsd > 0 ? Math.floor((costUsd / budgetUsd) * 100) : 100;
  return percent >= 100
    ? `Over the ${limit} daily limit (${percent}%): the circuit breaker would stop the agent`
    : `${percent}% of the ${limit} daily limit`;
}
