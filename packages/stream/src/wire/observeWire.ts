import { createParser } from "eventsource-parser";

/**
 * One unit of a response body as a protocol reads it, before it becomes Crayon events: an SSE
 * message (`kind: "sse"`, with its `event:` and `id:` fields), a line of a line-based stream
 * (`"line"`, the AI SDK 3/4 data stream) or a chunk of a plain text stream (`"text"`).
 */
export type WireFrame = {
  kind: "sse" | "line" | "text";
  /** The SSE message's `data:` (lines joined with `\n`), the line, or the text chunk. */
  data: string;
  /** The SSE message's `event:` field, when it has one. */
  event?: string;
  /** The SSE message's `id:` field, when it has one. */
  id?: string;
};

/** Receives each {@link WireFrame} of a response, in order. */
export type WireListener = (frame: WireFrame) => void;

/** The kind of frames a response carries, from its headers. */
function frameKind(headers: Headers): WireFrame["kind"] {
  if (/event-stream/i.test(headers.get("content-type") ?? "")) return "sse";
  return headers.has("x-vercel-ai-data-stream") ? "line" : "text";
}

/** Splits text into frames of `kind`, across chunks: `read` each chunk, then `end`. */
function frameReader(
  kind: WireFrame["kind"],
  listener: WireListener,
): { read(text: string): void; end(): void } {
  if (kind === "text") return { read: (text) => listener({ kind, data: text }), end() {} };
  if (kind === "sse") {
    // The parser the adapters use (eventsource-parser): the same messages, the same edge cases.
    const parser = createParser({
      onEvent: ({ event, id, data }) =>
        listener({ kind, data, ...(event !== undefined && { event }), ...(id && { id }) }),
    });
    return { read: (text) => parser.feed(text), end() {} };
  }
  let rest = "";
  const line = (text: string) => listener({ kind, data: text.replace(/\r$/, "") });
  return {
    read(text) {
      const lines = (rest + text).split("\n");
      rest = lines.pop()!;
      for (const full of lines) line(full);
    },
    end() {
      if (rest) line(rest);
    },
  };
}

/**
 * `response` with a body that reports each frame it carries to `listener` as it passes
 * through to the reader, before the adapter reads the chunk it is in: Server-Sent Events
 * (every SSE protocol: Crayon SSE, AG-UI, the AI SDK's UI message stream, OpenAI Chat
 * Completions, Open Responses, plain-text SSE) as messages, the AI SDK 3/4 data stream
 * (`x-vercel-ai-data-stream`) as lines, any other body as text chunks. For debugging tools
 * (the chat engine's debug channel uses it while something listens); in its own entry point so
 * that apps that never debug do not download it.
 *
 * @example
 * ```ts
 * import { observeWire } from "@crayonai/stream/wire";
 *
 * const events = crayonSSEAdapter().parse(observeWire(response, (frame) => console.log(frame)));
 * ```
 */
export function observeWire(response: Response, listener: WireListener): Response {
  const { body } = response;
  if (!body) return response;
  const decoder = new TextDecoder();
  const frames = frameReader(frameKind(response.headers), listener);
  const observed = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (text) frames.read(text);
        controller.enqueue(chunk);
      },
      flush() {
        const tail = decoder.decode();
        if (tail) frames.read(tail);
        frames.end();
      },
    }),
  );
  const { status, statusText, headers } = response;
  const copy = new Response(observed, { status, statusText, headers });
  // `url` is read-only on a constructed response; keep the original's for whoever reads it.
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}
