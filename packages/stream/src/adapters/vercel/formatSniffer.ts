import type { TextDecoderSink } from "../../internal/eventStream";
import { dataStreamSink } from "./dataStream";
import { uiMessageStreamSink } from "./uiMessageStream";

/**
 * A {@link TextDecoderSink} for either AI SDK stream, told apart by the body: it waits for the
 * first two characters, then decodes a data stream if they are `CODE:` (`0:"Hi"`), else a UI
 * message stream (`data: …`, or an SSE comment).
 */
export function formatSniffer(): TextDecoderSink {
  let sink: TextDecoderSink | undefined;
  let head = "";
  const choose = () => {
    sink = /^[0-9a-z]:/.test(head) ? dataStreamSink() : uiMessageStreamSink();
    return sink;
  };
  return {
    push(text, emit) {
      if (sink) return sink.push(text, emit);
      head += text;
      if (head.length > 1) choose().push(head, emit);
    },
    end(emit) {
      if (!sink) choose().push(head, emit);
      sink!.end(emit);
    },
  };
}
