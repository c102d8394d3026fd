import { createTextDegrader } from "./degradedText";
import { encodedEventStream, type ProtocolEncoder } from "./protocolEncoder";

/**
 * A raw `text/plain` body: the answer's text as it is generated, nothing else (other kinds
 * degrade to their text). The format has no error frame, so an error degrades to its text too:
 * the body ends with `Error: …` after the partial answer, which the client keeps.
 */
export const textEncoder: ProtocolEncoder = (events) => {
  const degrader = createTextDegrader();
  let failed = false;
  const body = encodedEventStream(
    events,
    (event) => {
      if (failed) return [];
      if (event.type === "error") {
        failed = true;
        return [...degrader.end(), `\n\nError: ${event.error}`];
      }
      return degrader.map(event);
    },
    () => (failed ? [] : degrader.end()),
  );
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" },
  });
};
