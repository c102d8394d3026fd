import type { Emit, TextDecoderSink } from "../../internal/eventStream";

/**
 * A {@link TextDecoderSink} that hands each line of the body to `onLine`, without its `\n` or
 * `\r\n`. Chunks may split a line (or a `\r\n`) anywhere; a last line without a newline is still
 * delivered before `onEnd`. Work is linear in the body size, however it is chunked.
 */
export function lineSink(
  onLine: (line: string, emit: Emit) => void,
  onEnd: (emit: Emit) => void,
): TextDecoderSink {
  let rest = "";
  const line = (text: string, emit: Emit) =>
    onLine(text.endsWith("\r") ? text.slice(0, -1) : text, emit);
  return {
    push(text, emit) {
      let start = 0;
      for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
        const full = rest + text.slice(start, nl);
        rest = "";
        start = nl + 1;
        line(full, emit);
      }
      rest += text.slice(start);
    },
    end(emit) {
      if (rest) line(rest, emit);
      rest = "";
      onEnd(emit);
    },
  };
}
