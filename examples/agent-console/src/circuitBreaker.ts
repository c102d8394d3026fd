import { formatCost } from "@crayonai/demo-ui/viewModel";
import type { UseChatParams } from "@crayonai/react-core";
import { dailyLimitStore } from "./viewModel/dailyLimit";
import { isOverLimit } from "./viewModel/spendByRun";
import { localDay, usageLedger } from "./viewModel/usageLedger";
import { addReports } from "./viewModel/usageTotals";

const storage = typeof localStorage === "undefined" ? undefined : localStorage;

/** Today's usage across this browser's threads: the panel records it, the breaker reads it. */
export const consoleLedger = usageLedger(storage);

/** The daily spend limit the user sets in the panel. */
export const consoleDailyLimit = dailyLimitStore(storage);

/** Today's spend against the limit, as the circuit breaker sees it now. */
export function breakerState(now = new Date()) {
  const spendUsd = addReports(consoleLedger.read(localDay(now))).costUsd;
  const limitUsd = consoleDailyLimit.get();
  return { spendUsd, limitUsd, tripped: isOverLimit(spendUsd, limitUsd) };
}

/** Why the breaker holds the agent back, for the chat's error and the panel. */
export function breachText(spendUsd: number, limitUsd: number): string {
  return `Today's spend, ${formatCost(spendUsd)}, is over the $${limitUsd.toFixed(2)} daily limit`;
}

/**
 * `params` guarded by the circuit breaker (CrevnClaw's economic breaker): while today's spend
 * is over the daily limit, a request never reaches the agent, so no model is called, and the
 * chat shows why. Raising the limit in the panel lets the user retry.
 */
export function withCircuitBreaker<T>(params: UseChatParams<T>): UseChatParams<T> {
  const { processMessage } = params;
  return {
    ...params,
    processMessage: (request) => {
      const { spendUsd, limitUsd, tripped } = breakerState();
      if (!tripped) return processMessage(request);
      return Promise.reject(
        new Error(
          `${breachText(spendUsd, limitUsd)}: the circuit breaker holds the agent back. Raise the limit in the side panel, then retry.`,
        ),
      );
    },
  };
}
