import type { CrayonStreamEvent, StreamErrorCode, StreamErrorEvent } from "../events";

/** Pushes one decoded event to the consumer. */
export type Emit = (event: CrayonStreamEvent) => void;

/**
 * A protocol's decoding step: receives the body as text, in arbitrary chunks (UTF-8 safe,
 * but split anywhere), and emits events.
 */
export interface TextDecoderSink {
  /** Called with each chunk of text, in order. */
  push(text: string, emit: Emit): void;
  /** Called once when the body ended without a network error (flush pending data here). */
  end(emit: Emit): void;
}

/** Builds an `error` event. */
export function errorEvent(
  code: StreamErrorCode,
  error: string,
  extra?: Partial<StreamErrorEvent>,
): StreamErrorEvent {
  return { type: "error", code, error, ...extra };
}

/** The start of `text`, at most `length` characters, marked with `…` when cut. */
export const excerpt = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length)}…` : text;

/**
 * Content types a streamed reply may have: SSE, `text/plain` (AI SDK data streams, servers that
 * label SSE loosely) and `application/octet-stream`, in any case and with any parameters.
 */
const STREAM_TYPES = /^\s*(text\/(event-stream|plain)|application\/octet-stream)\s*(;|$)/i;

/**
 * Characters of a read chunk decoded into events at a time, as the consumer asks for events:
 * one network chunk may hold megabytes (50,000 events that arrived together), and decoding it
 * whole would take one long task before the consumer can yield to the page.
 */
const DECODE_SLICE = 64 * 1024;

/**
 * Turns an HTTP response into an async iterable of events, with the failure handling every
 * adapter shares: non-2xx responses, 2xx responses whose `content-type` header `accepts` does
 * not match (an HTML page, a JSON error), responses without a body or with an empty one,
 * network errors and aborts become `error` events instead of exceptions, and whatever was
 * decoded before a failure is delivered first. `accepts` sees the whole header, parameters
 * included; a response without a content type is always read.
 *
 * The iterator is hand-written rather than an async generator: events are handed out from a
 * plain array, which keeps the per-event cost close to the cost of decoding itself.
 */
export function eventStream(
  response: Response,
  sink: TextDecoderSink,
  accepts: RegExp = STREAM_TYPES,
): AsyncIterable<CrayonStreamEvent> {
  return {
    [Symbol.asyncIterator]() {
      let queue: CrayonStreamEvent[] = [];
      let index = 0;
      let finished = false;
      let started = false;
      let received = false;
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      const decoder = new TextDecoder();
      // Text read but not yet decoded into events.
      let pending = "";
      const emit: Emit = (event) => {
        queue.push(event);
      };

      const finish = () => {
        finished = true;
        reader?.releaseLock();
      };

      // Reads until at least one event is queued or the stream is over.
      const fill = async (): Promise<void> => {
        if (!started) {
          started = true;
          const type = response.headers.get("content-type");
          const refused = response.ok && type && !accepts.test(type);
          if (!response.ok || refused) {
            let body = "";
            try {
              body = excerpt(await response.text(), 500);
            } catch {}
            emit(
              errorEvent(
                refused ? "unexpected_content_type" : "http_error",
                (refused
                  ? `Not a stream: ${type}`
                  : `Request failed with status ${response.status} ${response.statusText}`.trim()) +
                  (body && `: ${body}`),
                { status: response.status },
              ),
            );
            finished = true;
            return;
          }
        }
        while (queue.length === index && !finished) {
          if (pending) {
            // Never between the two halves of a character (as the decoder never splits one).
            const end =
              DECODE_SLICE + +((pending.charCodeAt(DECODE_SLICE - 1) & 0xfc00) === 0xd800);
            sink.push(pending.slice(0, end), emit);
            pending = pending.slice(end);
            continue;
          }
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            // A body that cannot be read (already used) fails like a broken connection.
            reader ??= response.body?.getReader();
            // No body at all (a 204) ends like an empty one: `no_body` either way.
            result = reader ? await reader.read() : { done: true, value: undefined };
          } catch (error) {
            const tail = decoder.decode();
            if (tail) sink.push(tail, emit);
            const name = (error as { name?: unknown } | null)?.name;
            emit(
              name === "AbortError" || name === "TimeoutError"
                ? errorEvent("aborted", "The request was aborted.")
                : errorEvent(
                    "network",
                    `Reading the stream failed: ${error instanceof Error ? error.message || error.name : error}`,
                  ),
            );
            finish();
            return;
          }
          if (result.done) {
            const tail = decoder.decode();
            if (tail) sink.push(tail, emit);
            if (received) sink.end(emit);
            else emit(errorEvent("no_body", "The response has no body."));
            finish();
            return;
          }
          if (result.value.length) received = true;
          pending = decoder.decode(result.value, { stream: true });
        }
      };

      const take = (): IteratorResult<CrayonStreamEvent> => {
        const value = queue[index++]!;
        if (index === queue.length) {
          queue = [];
          index = 0;
        }
        return { value, done: false };
      };

      return {
        async next(): Promise<IteratorResult<CrayonStreamEvent>> {
          if (index < queue.length) return take();
          if (!finished) await fill();
          if (index < queue.length) return take();
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<CrayonStreamEvent>> {
          // The consumer stopped early (break / throw): stop the network read too.
          if (!finished) {
            finished = true;
            try {
              await reader?.cancel();
            } catch {
              // Cancelling an already-errored stream throws; nothing is left to release.
            }
          }
          queue = [];
          index = 0;
          return { value: undefined, done: true };
        },
      };
    },
  };
}
