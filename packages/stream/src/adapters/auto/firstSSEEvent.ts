import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { BodyPeek } from "./bodyPeek";

/**
 * Peeks until the first complete SSE event (comments and empty keep-alive events skipped) and
 * returns it. Gives up after `limit` bytes, or when the body ends or fails first; whatever was
 * read is still in the peek.
 */
export async function firstSSEEvent(
  peek: BodyPeek,
  limit: number,
  text = "",
): Promise<EventSourceMessage | undefined> {
  let first: EventSourceMessage | undefined;
  const parser = createParser({
    onEvent(message) {
      if (message.data) first ??= message;
    },
  });
  parser.feed(text);
  while (!first && peek.size < limit) {
    const chunk = await peek.read();
    if (chunk === undefined) {
      parser.feed("\n\n"); // the body ended: an event without its closing blank line still counts
      break;
    }
    parser.feed(chunk);
  }
  return first;
}
