import type { CrayonStreamEvent, Message, StreamErrorEvent } from "@crayonai/stream";
import { createLazyMessageAccumulator } from "@crayonai/stream/accumulator";
import type { StreamBatching } from "../../types";
import { ABORTED, abortableSteps, isSettled } from "../abortable";
import { ChatError } from "../chatError";
import type { ReplyTrace } from "../debugChannel";
import { createBatchScheduler, DEFAULT_STREAM_BATCHING } from "./batchScheduler";

/** A batch of streamed changes to publish. */
export type ReplyUpdate = {
  /** The history and the reply so far. */
  messages: Message[];
  /** The agent state, when a state event changed it since the last update. */
  agentState?: { value: unknown };
  /** Ids this reply published before and no longer has (renamed or replaced): forget them. */
  forgotten: string[];
};

/** What one streamed reply produced. */
export type ReplyResult = ReplyUpdate & {
  /** The messages this reply created or changed. */
  reply: Message[];
  /** Why the reply failed, or null. */
  failure: ChatError | null;
  /** The agent state after the reply. */
  finalAgentState: unknown;
};

export type ReadReplyOptions = {
  /** The messages the reply answers. */
  history: Message[];
  /** The history messages the reply may extend by id (see `continuedMessages`). */
  continues: readonly string[];
  agentState: unknown;
  signal: AbortSignal;
  /** Default: {@link DEFAULT_STREAM_BATCHING}. */
  batching?: StreamBatching;
  /** Makes the request and returns its events (a throw becomes the reply's error). */
  open: () => Promise<AsyncIterable<CrayonStreamEvent>>;
  /** Sees every event before it is applied. */
  onEvent?: (event: CrayonStreamEvent) => void;
  /** The reply's debug trace (while the debug channel has a listener): events and failure. */
  trace?: ReplyTrace | undefined;
  /** Receives the batched changes while the reply streams. */
  onUpdate: (update: ReplyUpdate) => void;
};

/**
 * Events that arrived together are read in tasks of about this many milliseconds: between them
 * the page answers input and renders (50,000 events in one network chunk would otherwise be
 * read in one task of seconds).
 */
const TASK_MS = 25;

/** Resolves in a new task: a message to itself, which background tabs do not throttle as timers. */
function nextTask(): Promise<unknown> {
  return new Promise((resolve) => {
    // Jest's jsdom environment has no MessageChannel.
    if (typeof MessageChannel === "undefined") return setTimeout(resolve, 0);
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve(port1.close());
    port2.postMessage(0);
  });
}

/**
 * Reads one reply: wire events → messages, with no store. Errors never lose content: the
 * partial reply is kept and marked (`error`, or `stopped` when `signal` aborts), and error
 * events are applied when the stream ends, so a malformed frame in the middle does not split
 * the reply in two.
 */
export async function readReply(options: ReadReplyOptions): Promise<ReplyResult> {
  const { history, signal, batching = DEFAULT_STREAM_BATCHING } = options;
  const errors: StreamErrorEvent[] = [];
  // The event being applied, and the one that caused the first error (the reply's failure).
  let applying: CrayonStreamEvent | undefined;
  let cause: CrayonStreamEvent | undefined;
  const addError = (error: StreamErrorEvent) => {
    if (!errors.length) cause = applying ?? error;
    errors.push(error);
  };
  // Lazy: the JSON Patch applier is only downloaded when a reply patches state or an activity.
  const accumulator = createLazyMessageAccumulator({
    messages: history,
    continues: options.continues,
    agentState: options.agentState,
    onError: addError,
  });
  let publishedState = options.agentState;
  const stateChange = (): { value: unknown } | undefined => {
    const next = accumulator.getAgentState();
    if (next === publishedState) return undefined;
    publishedState = next;
    return { value: next };
  };
  // Ids this reply published; one that disappears (renamed by `message-update`, replaced by a
  // `messages-snapshot`) is reported so no phantom branch is left behind.
  const published = new Set<string>();
  const update = (): ReplyUpdate => {
    const messages = accumulator.getMessages();
    const current = new Set<string>();
    for (let i = history.length; i < messages.length; i++) current.add(messages[i]!.id);
    const forgotten = [...published].filter((id) => !current.has(id));
    for (const id of forgotten) published.delete(id);
    for (const id of current) published.add(id);
    const agentState = stateChange();
    return { messages, forgotten, ...(agentState && { agentState }) };
  };

  const scheduler = createBatchScheduler(batching);
  let failure: ChatError | null = null;
  let iterator: AsyncIterator<CrayonStreamEvent> | undefined;
  const step = abortableSteps(signal);
  // When this stretch of reading began: after TASK_MS of it the reader yields to a new task. It
  // does not mark the tasks the network starts on its own (a message posted in each cost more
  // than reading its event when events come one a task, 200 a second), so it may yield where the
  // network had just started a task: one extra task hop every TASK_MS at most.
  let readingSince: number | undefined;
  try {
    const events = (await step(options.open()))[Symbol.asyncIterator]();
    iterator = events;
    let next = events.next();
    for (;;) {
      const result = await step(next);
      if (result.done) {
        iterator = undefined;
        break;
      }
      const now = performance.now();
      if (readingSince === undefined) readingSince = now;
      else if (now - readingSince > TASK_MS) {
        await step(nextTask());
        readingSince = undefined;
      }
      next = events.next();
      const event = result.value;
      options.onEvent?.(event);
      options.trace?.emit({ type: "event", event });
      if (event.type === "error") {
        // The stop itself is recorded as `stopped`; an abort error adds nothing.
        if (event.code !== "aborted") addError(event);
        continue;
      }
      const loading = accumulator.prepare(event);
      if (loading) await step(loading);
      applying = event;
      accumulator.apply(event);
      applying = undefined;
      scheduler.schedule(() => options.onUpdate(update()));
      if (batching === "microtask" && !(await isSettled(next))) scheduler.idle();
    }
  } catch (error) {
    if (error !== ABORTED && !signal.aborted) {
      failure = ChatError.from("process_failed", error);
      applying = undefined;
      addError({ type: "error", error: failure.message });
    }
  } finally {
    scheduler.cancel();
    // Stop reading (and release the connection) when the reply ended early.
    if (iterator) iterator.return?.()?.catch(() => {});
  }

  for (const error of errors) accumulator.apply(error);
  if (errors[0] && !failure) failure = ChatError.fromStreamEvent(errors[0]);
  if (failure && options.trace) {
    const { code, message } = failure;
    options.trace.emit({ type: "error", code, message, ...(cause && { event: cause }) });
  }
  accumulator.finish(signal.aborted ? "stopped" : "complete");
  const final = update();
  const before = new Set<Message>(history);
  return {
    ...final,
    reply: final.messages.filter((message) => !before.has(message)),
    failure,
    finalAgentState: accumulator.getAgentState(),
  };
}
