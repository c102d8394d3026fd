import { createOpenAIChunkMapper, type OpenAIChunk } from "./openAIChunks";
import { encodedEventStream, type ProtocolEncoder } from "./protocolEncoder";

const frame = (data: OpenAIChunk | "[DONE]") =>
  `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;

/**
 * A streamed OpenAI Chat Completion: `chat.completion.chunk` frames over SSE, ending with
 * `data: [DONE]` (or, after an error, with the error object and no `[DONE]`, as OpenAI does).
 * See `createOpenAIChunkMapper` for what a completion can carry.
 */
export const openAIEncoder: ProtocolEncoder = (events, run) => {
  const mapper = createOpenAIChunkMapper(run);
  const body = encodedEventStream(
    events,
    (event) => mapper.map(event).map(frame),
    () => [...mapper.end().map(frame), ...(mapper.failed ? [] : [frame("[DONE]")])],
  );
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
  });
};
