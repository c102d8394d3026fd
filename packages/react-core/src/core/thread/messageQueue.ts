import type { Message } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import type { QueuedMessage, ThreadActions, UserMessageInput } from "../../types";
import type { ThreadOperations } from "./threadOperations";

type QueueActions = Pick<
  ThreadActions,
  "sendQueued" | "editQueued" | "removeQueued" | "clearQueue"
> & {
  /** Puts a message sent while a reply streams at the end of the queue. */
  enqueue(input: UserMessageInput): void;
};

/**
 * True while the last turn has a tool call nobody answered yet: a call left for its tool UI
 * (or an approval). The turn is not over, so the queue waits for the answer and the reply
 * after it.
 */
export function turnAwaitsToolResults(messages: readonly Message[]): boolean {
  const answered = new Set<string>();
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "user") return false;
    if (message.role === "tool") answered.add(message.toolCallId);
    if (message.role === "assistant" && message.toolCalls?.some((c) => !answered.has(c.id))) {
      return true;
    }
  }
  return false;
}

/**
 * A thread's queue of messages sent while a reply streams. The queue lives in the thread's
 * state, apart from its messages, so nothing in it reaches the backend or the history before
 * its turn; `send` sends one message as a normal turn.
 */
export function createQueueActions(
  core: ThreadOperations,
  send: (input: UserMessageInput) => Promise<void>,
): QueueActions {
  const queue = () => core.store.getState().queue;
  // An empty queue has nothing left to decide about.
  const setQueue = (next: QueuedMessage[]) =>
    core.set(next.length ? { queue: next } : { queue: next, queuePaused: false });

  return {
    enqueue: (input) => {
      const message = typeof input === "string" ? { content: input } : input;
      setQueue([...queue(), { id: createId(), ...message }]);
    },
    sendQueued: () => {
      core.set({ queuePaused: false });
      const [next, ...rest] = queue();
      if (!next || core.store.getState().isRunning) return;
      setQueue(rest);
      const { id: _, ...input } = next;
      // A failed send shows as the thread's error, like any other turn.
      send(input).catch(() => {});
    },
    editQueued: (id, content) =>
      setQueue(queue().map((m) => (m.id === id ? { ...m, content } : m))),
    removeQueued: (id) => setQueue(queue().filter((m) => m.id !== id)),
    clearQueue: () => setQueue([]),
  };
}
