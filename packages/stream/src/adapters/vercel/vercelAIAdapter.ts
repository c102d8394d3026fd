import type { StreamProtocolAdapter } from "../../adapter";
import { deferredEvents } from "../../internal/deferredEvents";
import { eventStream } from "../../internal/eventStream";
import { uiMessageStreamSink } from "./uiMessageStream";

/** The UI message stream's content type; the data stream is sent as `text/plain`. */
const SSE = /^\s*text\/event-stream/i;

/** Options for {@link vercelAIAdapter}. None yet; the type exists so options can be added later. */
export type VercelAIAdapterOptions = Record<string, never>;

/**
 * Parses what a Vercel AI SDK backend streams: the UI message stream of AI SDK 5, 6 and 7
 * (`toUIMessageStreamResponse()`, `createUIMessageStreamResponse()`) and the data stream of
 * AI SDK 3 and 4 (`toDataStreamResponse()`, `createDataStreamResponse()`). A `text/event-stream`
 * response is read as the UI message stream; for any other content type the first bytes pick
 * the format (`data:` or an SSE comment, or `CODE:`), so the `x-vercel-ai-ui-message-stream` /
 * `x-vercel-ai-data-stream` response headers are not needed. The data stream's decoder is
 * loaded with `import()` then: apps on AI SDK 5+ never download it (if it cannot be loaded,
 * the stream is one `network` error).
 *
 * Text, reasoning, tool calls and results, approvals, sources, files, data parts and metadata
 * all become events. An AI SDK message that interleaves text with tool calls becomes several
 * assistant messages, so the order is kept. A body that ends without its finish marker yields
 * a `truncated` error; unknown chunk types are skipped.
 *
 * @example
 * ```ts
 * import { vercelAIAdapter } from "@crayonai/stream/adapters/vercel";
 *
 * const chat = useChat({ processMessage, streamProtocol: vercelAIAdapter() });
 * ```
 */
export function vercelAIAdapter(_options: VercelAIAdapterOptions = {}): StreamProtocolAdapter {
  return {
    // After tool results or an approval the AI SDK streams the rest of the message it continues
    // under that message's id.
    continuesMessages: true,
    parse(response) {
      if (SSE.test(response.headers.get("content-type") ?? "")) {
        return eventStream(response, uiMessageStreamSink());
      }
      return deferredEvents(
        response,
        async () => eventStream(response, (await import("./formatSniffer")).formatSniffer()),
        "The AI SDK data stream decoder",
      );
    },
  };
}
