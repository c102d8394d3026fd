import type { Message } from "@crayonai/stream";
import type { StoreApi } from "zustand/vanilla";
import type { ThreadState } from "../../types";
import type { RequestIntent } from "../reply/replyRequest";
import type { MessageTree } from "./messageTree";
import type { ResolvedThreadParams } from "./threadHost";

/**
 * What the actions are written against: the thread's coordinator (`ThreadCore` implements it),
 * its state and the few operations that change it. Declared on its own, so the actions
 * (and the send queue) do not depend on the coordinator that creates them.
 */
export interface ThreadOperations {
  readonly store: StoreApi<ThreadState>;
  readonly tree: MessageTree;
  /** The load in flight, if any. */
  readonly loading: Promise<void> | undefined;
  readonly threadId: string | null;
  readonly host: { params(): ResolvedThreadParams };
  /** Throws `thread_busy` while a reply streams. */
  assertIdle(): void;
  /** A local change of the active branch. */
  commit(messages: Message[], extra?: Partial<ThreadState>): void;
  /** Reports new or changed messages to `onUpdateMessage`; returns them as the thread shows them. */
  notifyUpdated(messages: readonly Message[]): Message[];
  /** Streams a reply to the history `prepare` returns (and answers its client tools). */
  run(prepare: () => Message[] | Promise<Message[]>, intent: RequestIntent): Promise<void>;
  stop(): void;
  /** Applies an edit the app made, validated like outside data. */
  mutate(change: (path: Message[]) => Message[]): void;
  set(change: Partial<ThreadState>): void;
  appendToolResult(message: Message): void;
}
