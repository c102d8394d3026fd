/**
 * Reads the start of a response body without using it up: {@link BodyPeek.read} pulls chunks
 * one by one and {@link BodyPeek.response} rebuilds a `Response` (same status and headers) whose
 * body yields the peeked bytes and then the rest of the original body, untouched.
 */
export interface BodyPeek {
  /** Reads one more chunk and returns it as text; `undefined` once the body ended or failed. */
  read(): Promise<string | undefined>;
  /** How many bytes were read so far. */
  readonly size: number;
  /** A new response carrying the whole original body; cancelling it cancels the original. */
  response(): Response;
}

/** Starts peeking at `response`'s body (which must exist and not be locked). */
export function bodyPeek(original: Response, body: ReadableStream<Uint8Array>): BodyPeek {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  let failed = false;
  let failure: unknown;

  return {
    get size() {
      return size;
    },
    async read() {
      if (ended || failed) return undefined;
      try {
        const result = await reader.read();
        if (result.done) {
          ended = true;
          return undefined;
        }
        chunks.push(result.value);
        size += result.value.byteLength;
        return decoder.decode(result.value, { stream: true });
      } catch (error) {
        failed = true;
        failure = error;
        return undefined;
      }
    },
    response() {
      let next = 0;
      const replay = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (next < chunks.length) return controller.enqueue(chunks[next++]!);
          // A failure met while peeking is replayed after the bytes read before it.
          if (failed) return controller.error(failure);
          if (ended) return controller.close();
          try {
            const result = await reader.read();
            if (result.done) controller.close();
            else controller.enqueue(result.value);
          } catch (error) {
            controller.error(error);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(replay, {
        status: original.status,
        statusText: original.statusText,
        headers: original.headers,
      });
    },
  };
}
