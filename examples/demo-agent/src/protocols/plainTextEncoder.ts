import { createTextDegrader } from "./degradedText";
import { encodedEventStream, type ProtocolEncoder } from "./protocolEncoder";

/**
 * One SSE frame for a piece of text. A line break in the text is a new `data:` line; the space
 * after `data:` is the one SSE removes, so text starting with a space keeps it.
 */
export function plainTextFrame(text: string, event?: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const head = event ? `event: ${event}\n` : "";
  return `${head}${lines.map((line) => `data: ${line}`).join("\n")}\n\n`;
}

/**
 * Plain text over SSE: each piece of the answer's text is one `data:` frame, the reply ends with
 * `data: [DONE]`, and an error is an `event: error` frame. Other kinds degrade to their text
 * (see `createTextDegrader`).
 */
export const plainTextEncoder: ProtocolEncoder = (events) => {
  const degrader = createTextDegrader();
  let failed = false;
  const body = encodedEventStream(
    events,
    (event) => {
      if (failed) return [];
      if (event.type === "error") {
        failed = true;
        return [
          ...degrader.end().map((t) => plainTextFrame(t)),
          plainTextFrame(event.error, "error"),
        ];
      }
      return degrader.map(event).map((text) => plainTextFrame(text));
    },
    () =>
      failed ? [] : [...degrader.end().map((t) => plainTextFrame(t)), plainTextFrame("[DONE]")],
  );
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
  });
};
