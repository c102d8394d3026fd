import type { TextDecoderSink } from "../../internal/eventStream";
import { parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import { chunkDecoder } from "./chunkDecoder";

/**
 * Decodes the AI SDK 5+ UI message stream: SSE frames `data: {chunk}`, ending with
 * `data: [DONE]`.
 */
export function uiMessageStreamSink(): TextDecoderSink {
  const { decode, end } = chunkDecoder();
  return sseSink(({ data }, emit) => {
    if (data === "[DONE]") return decode({ type: data }, data, emit);
    if (!data) return;
    const chunk = parseJSONData(data, "Vercel AI chunk", emit);
    if (chunk !== undefined) decode(chunk, data, emit);
  }, end);
}
