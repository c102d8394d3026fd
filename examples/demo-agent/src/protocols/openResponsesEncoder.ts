import { createOpenResponsesEventMapper } from "./openResponsesEvents";
import type { OpenResponsesEvent } from "./openResponsesWriter";
import { encodedEventStream, type ProtocolEncoder } from "./protocolEncoder";

/** One Responses event as an SSE frame: named by its type, its JSON as the data. */
export const openResponsesFrame = (event: OpenResponsesEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * A streamed OpenAI Responses / Open Responses response (what `POST /v1/responses` with
 * `stream: true` sends): SSE frames `event: <type>` / `data: <event JSON>`, numbered from 0,
 * from `response.created` to `response.completed` (or `response.incomplete`, or an `error`
 * event), without `[DONE]`. See `createOpenResponsesEventMapper` for what a response carries.
 */
export const openResponsesEncoder: ProtocolEncoder = (events, run) => {
  const mapper = createOpenResponsesEventMapper(run);
  const body = encodedEventStream(
    events,
    (event) => mapper.map(event).map(openResponsesFrame),
    () => mapper.end().map(openResponsesFrame),
  );
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
  });
};
