import { ChatError } from "./chatError";
import type * as ReplyPipeline from "./reply/replyPipeline";
import type * as HistoryRevisions from "./thread/historyRevisions";

// The engine's modules that an app does not need to start: each is loaded with `import()` when
// it is first needed (or asked for ahead, while the network is up), so what a chat downloads
// before it can render is the store, the thread list and sending.

/**
 * A loader that imports once and shares the result; a failed load rejects with a `network`
 * {@link ChatError} saying `what` could not be loaded, and is tried again on the next call.
 */
function onDemand<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = undefined;
      throw new ChatError("network", `${what} could not be loaded.`, { cause });
    }));
}

/**
 * Regenerating, editing and answering (`historyRevisions.ts`). The thread core asks for them as
 * soon as a thread has messages, so those actions do not wait for them.
 */
export const loadHistoryRevisions: () => Promise<typeof HistoryRevisions> = onDemand(
  () => import("./thread/historyRevisions"),
  "The code that changes the history",
);

/**
 * Reading a reply (`replyPipeline.ts`: the reader, the accumulator, the default stream
 * protocol). Asked for when a reply starts, and loaded while its request goes out.
 */
export const loadReplyPipeline: () => Promise<typeof ReplyPipeline> = onDemand(
  () => import("./reply/replyPipeline"),
  "The code that reads the reply",
);
