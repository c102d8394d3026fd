import type { Message } from "@crayonai/stream";
import { useSyncExternalStore } from "react";
import type {
  ChatManager,
  Thread,
  ThreadActions,
  ThreadListManager,
  ThreadListState,
  ThreadManager,
  ThreadState,
} from "../types";
import { engineOf, threadStoreOf } from "./chatEngine";

const noSubscription = () => () => {};

/** A hand-built manager is its own snapshot: selectors read it, its owner re-renders. */
function threadSnapshot(chat: ChatManager | ThreadListManager): ThreadState {
  if ("threadManager" in chat) return chat.threadManager;
  throw new TypeError(
    "This is not a chat manager: pass what useChat returns (or a ChatManager you built), or the thread list manager from useThreadListManager.",
  );
}

/**
 * Subscribes to a slice of the selected thread's state; the component re-renders only when the
 * slice changes (compared with `Object.is`). Works with what `useChat` returns and with a
 * `ChatManager` you built yourself.
 *
 * @example
 * ```tsx
 * const isRunning = useThreadSelector(chat, (thread) => thread.isRunning);
 * ```
 */
export function useThreadSelector<T>(
  chat: ChatManager | ThreadListManager,
  selector: (state: ThreadState) => T,
): T {
  const engine = engineOf(chat);
  const selectedThreadId = useSyncExternalStore(
    engine ? engine.store.subscribe : noSubscription,
    () => engine?.store.getState().selectedThreadId ?? null,
    () => engine?.store.getState().selectedThreadId ?? null,
  );
  const thread = engine
    ? (engine.getThread(selectedThreadId) ?? engine.getThread(null))
    : undefined;
  const read = () => selector(thread ? thread.store.getState() : threadSnapshot(chat));
  return useSyncExternalStore(thread ? thread.store.subscribe : noSubscription, read, read);
}

/** Subscribes to a slice of the thread list's state. */
export function useThreadListSelector<T>(
  chat: ChatManager | ThreadListManager,
  selector: (state: ThreadListState) => T,
): T {
  const engine = engineOf(chat);
  const list = "threadListManager" in chat ? chat.threadListManager : chat;
  const read = () => selector(engine ? engine.store.getState() : list);
  return useSyncExternalStore(engine ? engine.store.subscribe : noSubscription, read, read);
}

/** The selected thread's messages (the active branch). */
export function useMessages(chat: ChatManager | ThreadListManager): Message[] {
  return useThreadSelector(chat, (state) => state.messages);
}

/** One message of the selected thread: re-renders only when that message changes. */
export function useMessage(
  chat: ChatManager | ThreadListManager,
  messageId: string,
): Message | undefined {
  return useThreadSelector(chat, (state) => state.messages.find((m) => m.id === messageId));
}

/** Whether a reply streams in the selected thread. */
export function useIsRunning(chat: ChatManager | ThreadListManager): boolean {
  return useThreadSelector(chat, (state) => state.isRunning);
}

/**
 * The selected thread's actions as one object that keeps its identity while the thread
 * streams (safe to pass to memoised components). For a hand-built `ThreadManager`, the
 * manager itself.
 */
export function getThreadActions(thread: ThreadManager): ThreadActions {
  return threadStoreOf(thread)?.actions ?? thread;
}

/**
 * The selected thread's agent state and a setter, like `useState`: the state comes from the
 * agent's state snapshots and deltas (AG-UI `STATE_SNAPSHOT` / `STATE_DELTA`, Crayon
 * `state_snapshot` / `state_delta`), and what the app sets is sent with the next request.
 * Re-renders only when the state changes.
 *
 * @example
 * ```tsx
 * const [state, setState] = useAgentState<{ todos: string[] }>(chat);
 * ```
 */
export function useAgentState<T = unknown>(
  chat: ChatManager | ThreadListManager,
): [state: T | undefined, setState: (next: T | ((current: T | undefined) => T)) => void] {
  const state = useThreadSelector(chat, (thread) => thread.agentState) as T | undefined;
  const selectedThreadId = useThreadListSelector(chat, (list) => list.selectedThreadId);
  const engine = engineOf(chat);
  const setter = engine
    ? (engine.getThread(selectedThreadId) ?? engine.getThread(null)!).actions.setAgentState
    : (threadSnapshot(chat) as ThreadManager).setAgentState;
  return [state, setter as (next: T | ((current: T | undefined) => T)) => void];
}

/** The threads of the list. */
export function useThreads(chat: ChatManager | ThreadListManager): Thread[] {
  return useThreadListSelector(chat, (state) => state.threads);
}
