import type { CrayonStreamEvent } from "../events";
import { errorEvent } from "./eventStream";

/**
 * The events of the stream `load` makes from `response`, where making it first loads code with
 * `import()`: the load starts on the first `next()`. If it fails, the body is cancelled and the
 * stream is one `network` error saying `what` could not be loaded; stopping before the load
 * cancels the body too.
 */
export function deferredEvents(
  response: Response,
  load: () => Promise<AsyncIterable<CrayonStreamEvent>>,
  what: string,
): AsyncIterable<CrayonStreamEvent> {
  return {
    [Symbol.asyncIterator]() {
      let inner: AsyncIterator<CrayonStreamEvent> | undefined;
      let ended = false;
      const cancel = () => {
        ended = true;
        response.body?.cancel().catch(() => {});
      };
      return {
        async next(): Promise<IteratorResult<CrayonStreamEvent>> {
          if (!inner) {
            if (ended) return { value: undefined, done: true };
            try {
              inner = (await load())[Symbol.asyncIterator]();
            } catch (error) {
              cancel();
              const why = error instanceof Error ? `: ${error.message}` : "";
              return {
                value: errorEvent("network", `${what} could not be loaded${why}.`),
                done: false,
              };
            }
          }
          return inner.next();
        },
        async return(): Promise<IteratorResult<CrayonStreamEvent>> {
          if (inner) return (await inner.return?.()) ?? { value: undefined, done: true };
          cancel();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
