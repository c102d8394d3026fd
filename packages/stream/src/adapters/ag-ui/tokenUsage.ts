import type { TokenUsage } from "@ag-ui/core";
import { isRecord } from "../../internal/jsonData";

/**
 * Adds up AG-UI `usage` (one {@link TokenUsage} entry per provider/model call) into the flat
 * token counts of a Crayon `run-finish` event: `{ inputTokens, outputTokens, totalTokens, … }`.
 * Non-numeric fields (`provider`, `model`) are not counts and are left out. A single object
 * instead of an array is accepted too. Returns `undefined` when there is nothing to count.
 */
export function sumTokenUsage(usage: unknown): Record<string, number> | undefined {
  let total: Record<string, number> | undefined;
  for (const entry of [usage].flat()) {
    if (!isRecord(entry)) continue;
    for (const key in entry) {
      const count = entry[key];
      if (typeof count === "number") {
        total ??= {};
        total[key] = (total[key] ?? 0) + count;
      }
    }
  }
  return total;
}
