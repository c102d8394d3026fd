import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";

/**
 * Passes `events` through while building the thread they produce (`history` plus the reply)
 * with `createMessageAccumulator`, as a client would. When the events end, or stop being read,
 * `onSettled` receives the thread: complete; with status `error` after an `error` event; with
 * the partial reply marked `stopped` when `signal` aborted or the reader went away first.
 */
export async function* recordReply(
  events: AsyncIterable<CrayonStreamEvent>,
  options: {
    history: readonly Message[];
    signal: AbortSignal;
    onSettled: (messages: Message[]) => Promise<void>;
  },
): AsyncGenerator<CrayonStreamEvent> {
  const thread = createMessageAccumulator({ messages: options.history });
  let completed = false;
  let failed = false;
  try {
    for await (const event of events) {
      thread.apply(event);
      if (event.type === "error") failed = true;
      yield event;
    }
    completed = !options.signal.aborted;
  } finally {
    if (completed || failed) {
      thread.finish();
    } else {
      thread.apply({ type: "error", code: "aborted", error: "Stopped by the user." });
      thread.finish("stopped");
    }
    await options.onSettled(thread.getMessages());
  }
}
