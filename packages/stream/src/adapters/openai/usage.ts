import { isRecord } from "../../internal/jsonData";

/**
 * Flattens an OpenAI `usage` object into the `run-finish` usage record: numeric fields keep
 * their names, nested ones are joined with a dot (`completion_tokens_details.reasoning_tokens`).
 */
export function flattenUsage(
  usage: Record<string, unknown>,
  prefix = "",
  out: Record<string, number> = {},
): Record<string, number> {
  for (const key in usage) {
    const value = usage[key];
    if (typeof value === "number") out[prefix + key] = value;
    else if (isRecord(value)) flattenUsage(value, `${prefix}${key}.`, out);
  }
  return out;
}
