import { createParser, type EventSourceMessage } from "eventsource-parser";
import { type Emit, errorEvent, type TextDecoderSink } from "./eventStream";

/** Handles one SSE message (`event:`, `data:`, `id:` already decoded). */
export type SSEMessageHandler = (message: EventSourceMessage, emit: Emit) => void;

/**
 * A {@link TextDecoderSink} that decodes Server-Sent Events with `eventsource-parser`
 * (CR / LF / CRLF line endings, multi-line `data:`, comments, `id:`), then hands each message
 * to `onMessage`. As the SSE specification says, a final event that lacks its closing blank
 * line is not dispatched: the body was cut mid-event, so it ends with a `truncated` error
 * (everything before it is kept).
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
      // `[DONE]` cannot be a cut-off prefix of anything: some servers end right after it.
      if (ending && message.data !== "[DONE]") cut = true;
      else onMessage(message, current);
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
      // Closing the last line and event shows whether one was left unfinished.
      ending = true;
      parser.feed("\n\n");
      parser.reset();
      if (cut) emit(errorEvent("truncated", "The stream ended mid-event."));
      else onEnd?.(emit);
    },
  };
}
