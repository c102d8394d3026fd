import type { TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { chunkDecoder, malformed } from "./chunkDecoder";
import { lineSink } from "./lineSink";

/** Data stream code → the UI message chunk type that means the same. */
const TYPES: Record<string, string> = {
  0: "text-delta",
  g: "reasoning-delta",
  b: "tool-input-start",
  c: "tool-input-delta",
  9: "tool-input-available",
  a: "tool-output-available",
  h: "source-url",
  k: "file",
  8: "message-metadata",
  3: "error",
  f: "start",
  e: "finish-step",
  d: "finish",
};

/**
 * Decodes the AI SDK 3/4 data stream: one `CODE:JSON` part per line. Each part is rewritten
 * into the UI message chunk that means the same (fields renamed) and decoded as one. Codes of
 * other AI SDK streams (assistant stream, legacy function calls) are skipped.
 */
export function dataStreamSink(): TextDecoderSink {
  const { decode, end, reasoning } = chunkDecoder();
  let annotations: unknown[] = [];
  return lineSink((line, emit) => {
    if (!line) return;
    const code = line[0]!;
    if (line[1] !== ":" || !/[0-9a-z]/.test(code)) return emit(malformed(line));
    const type = TYPES[code];
    if (!type && !"ij2".includes(code)) return;
    const value = parseJSONData(line.slice(2), "Vercel AI data stream part", emit);
    if (value === undefined) return;
    const part = isRecord(value) ? value : {};
    const run = (chunk: Record<string, unknown>) => decode(chunk, line, emit);
    /** Attaches a reasoning block's signature or redacted data to its message. */
    const encrypted = (id: string | undefined, encryptedValue: unknown) => {
      if (typeof encryptedValue !== "string") emit(malformed(line));
      else if (id !== undefined)
        emit({ type: "encrypted-value", entity: "message", entityId: id, encryptedValue });
    };
    // The format has no reasoning boundaries: reasoning ends at the next other part.
    if (code !== "g" && code !== "j") run({ type: "reasoning-end", id: "g" });

    if (code === "2") return emit({ type: "custom", name: "vercel:data", value });
    if (code === "j") return encrypted(reasoning.get("g"), part.signature);
    if (code === "i") {
      // Redacted reasoning: an encrypted reasoning message of its own.
      run({ type: "reasoning-start", id: "i" });
      encrypted(reasoning.get("i"), part.data);
      return run({ type: "reasoning-end", id: "i" });
    }
    if (code === "8") annotations = annotations.concat(value);
    run({
      id: code,
      ...part,
      type,
      delta: value,
      errorText: value,
      inputTextDelta: part.argsTextDelta,
      input: part.args,
      output: part.result,
      sourceId: part.id,
      url: code === "k" ? `data:${part.mimeType};base64,${part.data}` : part.url,
      mediaType: part.mimeType,
      messageMetadata: code === "8" ? { annotations } : undefined,
    });
    if (code === "f") run({ type: "start-step" });
  }, end);
}
