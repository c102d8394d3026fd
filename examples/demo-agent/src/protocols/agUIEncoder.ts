import { EventEncoder } from "@ag-ui/encoder";
import { createAgUIEventMapper } from "./agUIEvents";
import { encodedEventStream, type ProtocolEncoder } from "./protocolEncoder";

/** AG-UI 1.0 over SSE, written by `@ag-ui/encoder`'s `EventEncoder`. */
export const agUIEncoder: ProtocolEncoder = (events, run) => {
  const encoder = new EventEncoder();
  const mapper = createAgUIEventMapper(run);
  const body = encodedEventStream(
    events,
    (event) => mapper.map(event).map((e) => encoder.encodeSSE(e)),
    () => mapper.end().map((e) => encoder.encodeSSE(e)),
  );
  return new Response(body, {
    headers: { "content-type": encoder.getContentType(), "cache-control": "no-cache" },
  });
};
