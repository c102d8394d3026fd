import type { StreamProtocolAdapter } from "../../adapter";
import { eventStream } from "../../internal/eventStream";
import { openResponsesSink } from "./openResponsesSink";

/**
 * Parses the OpenAI Responses API stream, and the vendor-neutral Open Responses stream built on
 * it (`event: response.output_text.delta` / `data: {"type":…,"sequence_number":…}` … ending
 * with `response.completed`, `response.incomplete` or `response.failed`, no `[DONE]`): text
 * and refusals, citations as sources, function calls streaming their arguments, reasoning
 * summaries and text with the encrypted reasoning kept, hosted tool calls (web and file search,
 * code interpreter, image generation, remote MCP) with their finished items as results, MCP
 * approval requests as approvals, and token usage. A gap in `sequence_number` is reported.
 *
 * @example
 * ```ts
 * import { openResponsesAdapter } from "@crayonai/stream/adapters/open-responses";
 *
 * const chat = useChat({ processMessage, streamProtocol: openResponsesAdapter() });
 * ```
 */
export function openResponsesAdapter(): StreamProtocolAdapter {
  return { parse: (response) => eventStream(response, openResponsesSink()) };
}
