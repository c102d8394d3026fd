/** Fields of a finished tool call item that are not its input. */
const NOT_INPUT = new Set([
  "id",
  "type",
  "status",
  "call_id",
  "output",
  "outputs",
  "result",
  "results",
  "error",
]);

/**
 * A tool call item's input fields as JSON text, in the item's order: the arguments the Open
 * Responses adapter gives the Crayon tool call of a client-run or hosted tool call item.
 */
export function itemInput(item: Record<string, unknown>): string {
  const input: Record<string, unknown> = {};
  for (const key in item) if (!NOT_INPUT.has(key)) input[key] = item[key];
  return JSON.stringify(input);
}
