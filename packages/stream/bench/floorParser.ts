import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * The floor: the least work any SSE adapter has to do. Reads the body, decodes UTF-8, splits it
 * into SSE messages with `eventsource-parser` and `JSON.parse`s each data that the protocol
 * sends as JSON, nothing else: no validation, no mapping, no error handling. Parsed values are
 * handed out by the cheapest async iterator there is (a queue drained by `next()`), so the
 * consumer's `for await` loop costs the same as with an adapter.
 */
export function floorEvents(
  response: Response,
  isJSON: (message: EventSourceMessage) => boolean,
): AsyncIterable<unknown> {
  let queue: unknown[] = [];
  let index = 0;
  let finished = false;
  const parser = createParser({
    onEvent: (message) => {
      queue.push(isJSON(message) ? JSON.parse(message.data) : message.data);
    },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();

  const next = async (): Promise<IteratorResult<unknown>> => {
    while (index === queue.length) {
      if (finished) return { value: undefined, done: true };
      queue = [];
      index = 0;
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
      } else {
        parser.feed(decoder.decode(value, { stream: true }));
      }
    }
    return { value: queue[index++], done: false };
  };
  return { [Symbol.asyncIterator]: () => ({ next }) };
}
