/**
 * A tool call item's input fields as JSON text, in the item's order: every field but those that
 * say what the item is, how it went and what it gave. The arguments the Open Responses adapter
 * gives the Crayon tool call of a client-run or hosted tool call item.
 */
export function itemInput(item: Record<string, unknown>): string {
  const { id, type, status, call_id, output, outputs, result, results, error, ...input } = item;
  return JSON.stringify(input);
}
