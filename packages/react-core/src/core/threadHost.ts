import type { MessageFormatConverter, StreamProtocolAdapter, UserMessage } from "@crayonai/stream";
import type { ThreadListParams, ThreadParams } from "../types";
import type { ThreadCore } from "./threadCore";

/** Everything a chat engine takes: list persistence and thread callbacks (all optional here). */
export type ChatOptions = ThreadListParams & Partial<ThreadParams<any>>;

/** Thread parameters with their defaults filled in. */
export type ResolvedThreadParams = Partial<ThreadParams<any>> & {
  streamProtocol: StreamProtocolAdapter;
  messageConverter: MessageFormatConverter<any>;
};

/** What a thread needs from the thread list that holds it. */
export interface ThreadHost {
  /** The latest parameters (read at the moment of use, so callbacks are never stale). */
  params(): ResolvedThreadParams;
  /** Persists a new thread for its first message and returns its id (optimistic in the list). */
  createThreadFor(core: ThreadCore, firstMessage: UserMessage): Promise<string>;
  /** Tells the list that a reply started or stopped streaming in this thread. */
  setRunning(core: ThreadCore, running: boolean): void;
}
