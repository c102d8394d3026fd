/**
 * A `run-finish` usage record (`input_tokens`, `output_tokens_details.reasoning_tokens`, …) as
 * the Responses API's nested `usage` object: the inverse of the flattening the adapters do.
 */
export function responsesUsage(flat: Readonly<Record<string, number>>): Record<string, unknown> {
  const usage: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split(".");
    let level = usage;
    for (const key of keys.slice(0, -1)) {
      if (typeof level[key] !== "object" || level[key] === null) level[key] = {};
      level = level[key] as Record<string, unknown>;
    }
    level[keys.at(-1)!] = value;
  }
  return usage;
}
