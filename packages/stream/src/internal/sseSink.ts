import { createParser, type EventSourceMessage } from "eventsource-parser";
import { type Emit, errorEvent, type TextDecoderSink } from "./eventStream";

/** Handles one SSE message (`event:`, `data:`, `id:` already decoded). */
export type SSEMessageHandler = (message: EventSourceMessage, emit: Emit) => void;

/**
 * A {@link TextDecoderSink} that decodes Server-Sent Events with `eventsource-parser`
 * (CR / LF / CRLF line endings, multi-line `data:`, comments, `id:`), then hands each message
 * to `onMessage`. As the SSE specification says, a final event that lacks its closing blank
 * line is not dispatched: the body was cut mid-event (anywhere after the event's first byte,
 * e.g. after its `event:` line), so it ends with a `truncated` error (everything before it is
 * kept).
 */
export function sseSink(
  onMessage: SSEMessageHandler,
  onEnd?: (emit: Emit) => void,
): TextDecoderSink {
  let current: Emit = () => {};
  let ending = false;
  let cut = false;
  let endsWithCR = false;
  const parser = createParser({
    onEvent: (message) => {
      if (!ending) return onMessage(message, current);
      const { data, event, id } = message;
      // A last `data: [DONE]` without its blank line (the probe appended to it) is the normal
      // end: `[DONE]` cannot be a cut-off prefix of anything, and some servers end right after it.
      if (data.startsWith("[DONE]")) onMessage({ event, id, data: "[DONE]" }, current);
      // The probe's own event is empty; anything else comes from an unfinished event.
      else if (data || event || id) cut = true;
    },
    // A half line the probe completed into an unknown field (`ev:x`) or a bad `retry:`.
    onError: () => {
      if (ending) cut = true;
    },
  });
  return {
    push(text, emit) {
      current = emit;
      endsWithCR = text.endsWith("\r");
      parser.feed(text);
    },
    end(emit) {
      current = emit;
      // A trailing CR already ended its line (the parser waits to see if LF follows).
      if (endsWithCR) parser.feed("\n");
      // The probe: `:x` completes a half line (a comment at a line start), then a data line and a
      // blank line close the event, so what an unfinished event had set comes out with it.
      ending = true;
      parser.feed(":x\ndata:\n\n");
      parser.reset();
      if (cut) emit(errorEvent("truncated", "The stream ended mid-event."));
      else onEnd?.(emit);
    },
  };
}
