// Test helpers for the Open Responses converter and backend: a Responses SSE stream of output
// items, numbered as the API sends them. Not part of the package.

/** SSE text of Responses stream events, numbered from 0 as the API numbers them. */
export function responsesWire(events: Record<string, unknown>[]): string {
  return events
    .map((event, sequence_number) => {
      const numbered = { ...event, sequence_number };
      return `event: ${event.type}\ndata: ${JSON.stringify(numbered)}\n\n`;
    })
    .join("");
}

/** What an output item looks like when `response.output_item.added` announces it. */
function addedForm(item: Record<string, any>): Record<string, unknown> {
  switch (item.type) {
    case "message":
      return { ...item, status: "in_progress", content: [] };
    case "reasoning":
      return { id: item.id, type: "reasoning", summary: [] };
    case "function_call":
      return { ...item, status: "in_progress", arguments: "" };
    case "custom_tool_call":
      return { ...item, input: "" };
    case "mcp_approval_request":
      return item;
    case "mcp_call":
      return { ...item, status: "in_progress", arguments: "", output: null };
    default:
      // A tool the app runs is announced with its call id; one the provider runs by its id.
      return item.call_id ? item : { id: item.id, type: item.type, status: "in_progress" };
  }
}

/**
 * The events between a message item's `added` and `done`, as the API sends them without
 * deltas: each part's annotations and its `done` (text or refusal).
 */
function partEvents(item: Record<string, any>, output_index: number): Record<string, unknown>[] {
  if (item.type !== "message" || !Array.isArray(item.content)) return [];
  const at = { item_id: item.id, output_index };
  return item.content.flatMap((part: Record<string, any>, content_index: number) =>
    part.type === "refusal"
      ? [{ type: "response.refusal.done", ...at, content_index, refusal: part.refusal }]
      : [
          ...(part.annotations ?? []).map((annotation: unknown, annotation_index: number) => ({
            type: "response.output_text.annotation.added",
            ...at,
            content_index,
            annotation_index,
            annotation,
          })),
          { type: "response.output_text.done", ...at, content_index, text: part.text },
        ],
  );
}

/**
 * The events of one response whose output is `output`: created, each item added and done
 * (its content given whole at done), completed with usage.
 */
export function responseEvents(
  output: Record<string, any>[],
  responseId = "resp_1",
): Record<string, unknown>[] {
  const response = { id: responseId, object: "response", status: "in_progress", output: [] };
  return [
    { type: "response.created", response },
    ...output.flatMap((item, output_index) => [
      { type: "response.output_item.added", output_index, item: addedForm(item) },
      ...partEvents(item, output_index),
      { type: "response.output_item.done", output_index, item },
    ]),
    {
      type: "response.completed",
      response: {
        ...response,
        status: "completed",
        output,
        usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      },
    },
  ];
}
