const NOT_YET = Symbol("not yet");
const notYet = Promise.resolve(NOT_YET);
/** A chunk gathers what is already waiting, up to this many characters. */
const BATCH_CHARACTERS = 64 * 1024;

/**
 * A reply's body as text for `resumable-stream`: decoded (a character split across two
 * chunks is never cut), with what the generator has already produced gathered into one chunk,
 * so a burst of small events costs one pass through the resumable pipeline, not one each. It
 * never errors: a failing body just ends, after `onError`. `onText` sees each chunk first;
 * `onEnd` runs once, when the body ended or was cancelled.
 */
export function replyText(
  body: ReadableStream<Uint8Array>,
  hooks: { onText(text: string): void; onEnd(): void; onError(error: unknown): void },
): ReadableStream<string> {
  const source = body.getReader();
  const decoder = new TextDecoder();
  let waiting: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    hooks.onEnd();
  };
  return new ReadableStream<string>({
    async pull(controller) {
      let text = "";
      let finished = false;
      try {
        for (;;) {
          const next = waiting ?? source.read();
          waiting = undefined;
          // A read the source can answer at once settles before `notYet`; otherwise keep it.
          const result = text ? await Promise.race([next, notYet]) : await next;
          if (result === NOT_YET) {
            waiting = next;
            break;
          }
          if (result.done) {
            text += decoder.decode();
            finished = true;
            break;
          }
          text += decoder.decode(result.value, { stream: true });
          if (text.length >= BATCH_CHARACTERS) break;
        }
      } catch (error) {
        hooks.onError(error);
        finished = true;
      }
      if (text) {
        hooks.onText(text);
        controller.enqueue(text);
      }
      if (finished) {
        controller.close();
        end();
      }
    },
    cancel() {
      void source.cancel().catch(() => {});
      end();
    },
  });
}
