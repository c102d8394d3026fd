/**
 * The output item types of the tools an OpenAI Responses / Open Responses server runs itself.
 * A Crayon tool call named by one of them, whose results are the item's JSON (see
 * `hostedToolCall`), is written as that item, as the Open Responses adapter reads one.
 */
export const hostedToolTypes: ReadonlySet<string> = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_list_tools",
]);

/** A hosted tool item as its tool call's result describes it. */
export type HostedItemState = Record<string, unknown> & { type: string };

/** A progress event's type and what it says (the writer adds the item id and index). */
export type HostedProgress = { type: string } & Record<string, unknown>;

/**
 * The progress event that takes a hosted tool item from `before` to `after`: a piece of code
 * (`response.code_interpreter_call_code.delta`, or `….done` with the whole code when it was
 * rewritten), a partial image (`response.image_generation_call.partial_image`), or else the
 * new status (`response.web_search_call.searching`, `….completed`, …).
 */
export function hostedProgressEvent(
  before: HostedItemState,
  after: HostedItemState,
): HostedProgress {
  const { type } = after;
  const code = typeof after.code === "string" ? after.code : undefined;
  const codeBefore = typeof before.code === "string" ? before.code : "";
  if (code !== undefined && code !== codeBefore) {
    return code.startsWith(codeBefore)
      ? { type: `response.${type}_code.delta`, delta: code.slice(codeBefore.length) }
      : { type: `response.${type}_code.done`, code };
  }
  if (
    after.partial_image_b64 !== undefined &&
    after.partial_image_b64 !== before.partial_image_b64
  ) {
    return {
      type: `response.${type}.partial_image`,
      partial_image_b64: after.partial_image_b64,
      partial_image_index: after.partial_image_index ?? 0,
    };
  }
  return { type: `response.${type}.${String(after.status ?? "in_progress")}` };
}
