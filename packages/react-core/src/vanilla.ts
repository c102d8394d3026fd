/**
 * `@crayonai/react-core/vanilla`: the framework-free chat engine, the way `zustand/vanilla` is
 * zustand without React. `useChat` is a thin binding over it; use it directly from a
 * Vue/Svelte binding, a Node script or a test.
 *
 * @example
 * ```ts
 * import { createChat } from "@crayonai/react-core/vanilla";
 *
 * const chat = createChat({
 *   processMessage: ({ messages, abortController }) =>
 *     fetch("https://example.com/api/chat", {
 *       method: "POST",
 *       body: JSON.stringify({ messages }),
 *       signal: abortController.signal,
 *     }),
 * });
 * const thread = chat.selectedThread();
 * thread.store.subscribe((state) => console.log(state.status, state.messages.length));
 * await thread.actions.processMessage("Hello");
 * ```
 *
 * @packageDocumentation
 */

import type { Message } from "@crayonai/stream";
import type { StoreApi } from "zustand/vanilla";
import type { ChatDebugChannel } from "./core/debugChannel";
import { ThreadListCore } from "./core/threadList/threadListCore";
import type {
  ThreadActions,
  ThreadListActions,
  ThreadListState,
  ThreadState,
  UseChatParams,
} from "./types";

export { ChatError, type ChatErrorCode } from "./core/chatError";
export type {
  ChatDebugChannel,
  ChatDebugEvent,
  ChatDebugEventBase,
  ChatDebugEventType,
  ChatDebugListener,
  DebugChatRequest,
  DebugResponse,
} from "./core/debugChannel";
export {
  parseReplyFixture,
  type ReplyFixture,
  ReplyFixtureError,
  replyFixture,
} from "./core/reply/replyFixture";
export { type ArrangeThreadsOptions, arrangeThreads } from "./core/threadList/arrangeThreads";
export { threadTimeLabel } from "./core/threadList/threadTime";
export {
  type DefinedTool,
  type DefineToolOptions,
  defineTool,
  type ToolArgsIssue,
  type ToolArgsValidation,
} from "./core/tools/defineTool";
export type {
  ClientTool,
  LoadedThread,
  QueuedMessage,
  Thread,
  ThreadActions,
  ThreadGroup,
  ThreadListActions,
  ThreadListState,
  ThreadState,
  ThreadStatus,
  UseChatParams,
} from "./types";

/** One thread of a {@link Chat}: a zustand vanilla store of its state, and its actions. */
export type ThreadStore = {
  /** The thread's state; `subscribe` to follow it, `getState` to read it. */
  readonly store: StoreApi<ThreadState>;
  /** Stable action functions (the same object for the thread's whole life). */
  readonly actions: ThreadActions;
};

/**
 * A chat engine: the thread list (a zustand vanilla store and its actions) and one
 * {@link ThreadStore} per thread. Replies keep streaming into their own thread while another
 * one is selected.
 */
export type Chat<TExternal = Message> = {
  /** The thread list's state. */
  readonly store: StoreApi<ThreadListState>;
  /** Select, create, rename, delete and page threads. */
  readonly actions: ThreadListActions;
  /** The selected thread (a new, empty one when `selectedThreadId` is null). */
  selectedThread(): ThreadStore;
  /** A thread that was selected, created or sent to here; undefined for any other id. */
  getThread(threadId: string | null): ThreadStore | undefined;
  /** A thread by id, opened if it was not (its history loads when it is selected). */
  openThread(threadId: string | null): ThreadStore;
  /**
   * Updates the given options; the others keep their values. Callbacks are read when they are
   * used, so a new one applies to the next call, even during a streaming reply.
   */
  setOptions(options: Partial<UseChatParams<TExternal>>): void;
  /**
   * The debug channel: every reply's request, response, wire frames, Crayon events, resume
   * attempts, error and messages before and after, for tools such as `ChatInspector`. Costs
   * nothing while nobody subscribes.
   */
  readonly debug: ChatDebugChannel;
};

/**
 * Creates a chat engine with all its options (nothing else has to be attached later). Nothing
 * is fetched until you call an action: `chat.actions.refresh()` loads the thread list.
 */
export function createChat(options?: Partial<UseChatParams<Message>>): Chat<Message>;
/** With a `messageConverter`, which decides the backend's message type `TExternal`. */
export function createChat<TExternal>(options: Partial<UseChatParams<TExternal>>): Chat<TExternal>;
export function createChat<TExternal = Message>(
  options: Partial<UseChatParams<TExternal>> = {},
): Chat<TExternal> {
  return new ThreadListCore(options);
}
