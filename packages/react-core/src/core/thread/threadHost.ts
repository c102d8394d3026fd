import type { MessageFormatConverter, StreamProtocolAdapter, UserMessage } from "@crayonai/stream";
import type { ThreadListParams, ThreadParams } from "../../types";
import type { DebugChannel } from "../debugChannel";

/** Everything a chat engine takes: list persistence and thread callbacks (all optional here). */
export type ChatOptions = ThreadListParams & Partial<ThreadParams<any>>;

/** Thread parameters with their defaults filled in. */
export type ResolvedThreadParams = Partial<ThreadParams<any>> & {
  /** Undefined: Crayon SSE, which comes with the code that reads replies (`onDemand.ts`). */
  streamProtocol?: StreamProtocolAdapter;
  messageConverter: MessageFormatConverter<any>;
};

/**
 * What a thread needs from the thread list that holds it. Generic over the thread, so that the
 * host's contract does not depend on the thread's implementation (which depends on it).
 */
export interface ThreadHost<TThread> {
  /** The chat's debug channel (replies report to it while it has a listener). */
  readonly debug?: DebugChannel;
  /** The latest parameters (read at the moment of use, so callbacks are never stale). */
  params(): ResolvedThreadParams;
  /** Persists a new thread for its first message and returns its id (optimistic in the list). */
  createThreadFor(thread: TThread, firstMessage: UserMessage): Promise<string>;
  /** Tells the list that a reply started or stopped streaming in this thread. */
  setRunning(thread: TThread, running: boolean): void;
}
