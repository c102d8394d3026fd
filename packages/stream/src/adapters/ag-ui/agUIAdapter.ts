import type { StreamProtocolAdapter } from "../../adapter";
import { eventStream } from "../../internal/eventStream";
import { sseSink } from "../../internal/sseSink";
import { createAgUIEventDecoder } from "./agUIEventDecoder";

/** Options for {@link agUIAdapter}. There are none yet; the object is accepted for future use. */
export type AgUIAdapterOptions = Record<string, never>;

/**
 * Parses an AG-UI 1.0 response: the HTTP transport's Server-Sent Events, one JSON event per
 * `data:` frame (as written by `@ag-ui/encoder`, the Python and other AG-UI SDKs), into
 * Crayon stream events. Text, tool calls and results, reasoning, activities, state,
 * message snapshots, steps and the run lifecycle are all mapped; `*_CHUNK` events are expanded
 * the way AG-UI's own client does. CRLF line endings, comments, `event:` lines and a trailing
 * `data: [DONE]` are tolerated. A run that ends without `RUN_FINISHED` / `RUN_ERROR` yields a
 * `truncated` error; `RUN_ERROR` yields a `server_error`.
 *
 * Ask the server for SSE (`Accept: text/event-stream`); the protobuf transport is not read.
 *
 * @example
 * ```ts
 * const chat = useChat({
 *   processMessage: ({ threadId, messages, abortController }) =>
 *     fetch("/api/agent", {
 *       method: "POST",
 *       headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
 *       body: JSON.stringify({ threadId, runId: crypto.randomUUID(), messages, tools: [], context: [] }),
 *       signal: abortController.signal,
 *     }),
 *   streamProtocol: agUIAdapter(),
 * });
 * ```
 */
export function agUIAdapter(_options: AgUIAdapterOptions = {}): StreamProtocolAdapter {
  return {
    parse(response) {
      const decoder = createAgUIEventDecoder();
      return eventStream(response, sseSink(decoder.onMessage, decoder.onEnd));
    },
  };
}
