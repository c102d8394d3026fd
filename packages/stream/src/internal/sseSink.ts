import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { Emit, TextDecoderSink } from "./eventStream";

/** Handles one SSE message (`event:`, `data:`, `id:` already decoded). */
export type SSEMessageHandler = (message: EventSourceMessage, emit: Emit) => void;

/**
 * A {@link TextDecoderSink} that decodes Server-Sent Events with `eventsource-parser`
 * (CR / LF / CRLF line endings, multi-line `data:`, comments, `id:`), then hands each message
 * to `onMessage`. A final event that lacks its closing blank line is still delivered: servers
 * often end the body right after the last `data:` line.
 */
export function sseSink(
  onMessage: SSEMessageHandler,
  onEnd?: (emit: Emit) => void,
): TextDecoderSink {
  let current: Emit = () => {};
  const parser = createParser({
    onEvent: (message) => onMessage(message, current),
  });
  return {
    push(text, emit) {
      current = emit;
      parser.feed(text);
    },
    end(emit) {
      current = emit;
      // `reset({ consume: true })` reads an unfinished last line but never dispatches the
      // event, so finish the line and the event explicitly. After a complete event the extra
      // blank lines dispatch nothing.
      parser.feed("\n\n");
      parser.reset();
      onEnd?.(emit);
    },
  };
}
