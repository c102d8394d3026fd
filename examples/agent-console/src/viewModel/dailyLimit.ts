import { isOverLimit } from "./spendByRun";

const KEY = "crayon-agent-console:daily-limit";

/** The daily spend limit until the user sets one (CrevnClaw's `max_daily_spend`). */
export const DEFAULT_DAILY_LIMIT_USD = 2;

/** The smallest limit the field takes: one cent. */
export const MIN_DAILY_LIMIT_USD = 0.01;

/** `text` as a limit in dollars ("1.5", "$2"), or undefined when it is not one. */
export function parseLimit(text: string): number | undefined {
  const value = Number(text.trim().replace(/^\$/, ""));
  return Number.isFinite(value) && value >= MIN_DAILY_LIMIT_USD
    ? Math.round(value * 100) / 100
    : undefined;
}

/** The daily limit, kept in `storage` so it lasts across reloads; listeners hear changes. */
export type DailyLimitStore = {
  get: () => number;
  set: (usd: number) => void;
  subscribe: (listener: () => void) => () => void;
};

/** A limit store over `storage` (the browser's localStorage); without it, the limit lasts the page. */
export function dailyLimitStore(storage: Storage | undefined): DailyLimitStore {
  let limit = parseLimit(readStored(storage) ?? "") ?? DEFAULT_DAILY_LIMIT_USD;
  const listeners = new Set<() => void>();
  return {
    get: () => limit,
    set(usd) {
      limit = usd;
      try {
        storage?.setItem(KEY, String(usd));
      } catch {
        // Storage blocked: the limit holds for this page.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readStored(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** The spend against `limitUsd` in words, e.g. "3% of the $2.00 daily limit". */
export function budgetText(costUsd: number, limitUsd: number): string {
  const limit = `$${limitUsd.toFixed(2)}`;
  const percent = limitUsd > 0 ? Math.floor((costUsd / limitUsd) * 100) : 100;
  return isOverLimit(costUsd, limitUsd)
    ? `Over the ${limit} daily limit (${percent}%)`
    : `${percent}% of the ${limit} daily limit`;
}
