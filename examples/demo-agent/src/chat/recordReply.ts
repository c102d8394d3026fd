import { INTERRUPTED_REPLY_ERROR } from "@crayonai/server/threads";
import type { CrayonStreamEvent, Message } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";

/**
 * A `reasoning-end` carrying the duration stored with its message, so the client shows the
 * figure a reload will show (its own clock, under load, can round to another second).
 */
function withStoredDuration(
  event: Extract<CrayonStreamEvent, { type: "reasoning-end" }>,
  messages: readonly Message[],
): CrayonStreamEvent {
  if (event.durationMs !== undefined) return event;
  const message = messages.find((m) => m.id === event.messageId);
  return message?.role === "reasoning" && message.durationMs !== undefined
    ? { ...event, durationMs: message.durationMs }
    : event;
}

/** What a reply cut by the server's shutdown ends with. */
const shutdownError = (): CrayonStreamEvent => ({
  type: "error",
  code: "server_error",
  error: INTERRUPTED_REPLY_ERROR,
});

/** How often a streaming reply is checkpointed by default, in ms. */
export const defaultCheckpointMs = 250;

/**
 * Passes `events` through while building the thread they produce (`history` plus the reply)
 * with `createMessageAccumulator`, as a client would. When the events end, or stop being read,
 * `onSettled` receives the thread: complete; with status `error` after an `error` event; with
 * the partial reply marked `stopped` when `signal` aborted (or the reader went away) first,
 * except for an abort with reason `"shutdown"` (the server is going down): that partial reply is
 * marked `error` as interrupted, as a reply the server was killed in is after a restart, and
 * the events end with that error (and a `run-finish`), so its readers show it as it is stored.
 * `onCheckpoint` receives it while it streams, so a server killed mid-reply loses at most about
 * `checkpointMs` of it.
 */
export async function* recordReply(
  events: AsyncIterable<CrayonStreamEvent>,
  options: {
    history: readonly Message[];
    signal: AbortSignal;
    onSettled: (messages: Message[]) => Promise<void>;
    /** Called with the thread so far at most every `checkpointMs` while the reply streams. */
    onCheckpoint?: (messages: Message[]) => void;
    /** Default: {@link defaultCheckpointMs}. */
    checkpointMs?: number;
  },
): AsyncGenerator<CrayonStreamEvent> {
  const thread = createMessageAccumulator({ messages: options.history });
  const { onCheckpoint, checkpointMs = defaultCheckpointMs } = options;
  let checkpointed = Date.now();
  let completed = false;
  let failed = false;
  let run: { threadId?: string; runId?: string } = {};
  try {
    for await (const event of events) {
      thread.apply(event);
      if (event.type === "error") failed = true;
      if (event.type === "run-start") run = { threadId: event.threadId, runId: event.runId };
      if (onCheckpoint && Date.now() - checkpointed >= checkpointMs) {
        checkpointed = Date.now();
        onCheckpoint(thread.getMessages());
      }
      yield event.type === "reasoning-end"
        ? withStoredDuration(event, thread.getMessages())
        : event;
    }
    completed = !options.signal.aborted;
    if (options.signal.aborted && options.signal.reason === "shutdown" && !failed) {
      // The body says so too, so its readers show the reply as it is stored (with Retry), not
      // as a reply whose stream was cut short.
      const interrupted = shutdownError();
      thread.apply(interrupted);
      failed = true;
      yield interrupted;
      yield { type: "run-finish", ...run };
    }
  } finally {
    if (completed || failed) {
      thread.finish();
    } else if (options.signal.reason === "shutdown") {
      thread.apply(shutdownError());
      thread.finish();
    } else {
      thread.apply({ type: "error", code: "aborted", error: "Stopped by the user." });
      thread.finish("stopped");
    }
    await options.onSettled(thread.getMessages());
  }
}
