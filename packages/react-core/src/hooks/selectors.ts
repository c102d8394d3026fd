import type { Message } from "@crayonai/stream";
import { useStore } from "zustand";
import type {
  ChatManager,
  Thread,
  ThreadListManager,
  ThreadListState,
  ThreadState,
} from "../types";
import { coreOf } from "./coreRegistry";

/**
 * Subscribes to a slice of the selected thread's state; the component re-renders only when the
 * slice changes (compared with `Object.is`).
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
  const core = coreOf(chat);
  const selectedThreadId = useStore(core.store, (state) => state.selectedThreadId);
  return useStore(core.coreFor(selectedThreadId).store, selector);
}

/** Subscribes to a slice of the thread list's state. */
export function useThreadListSelector<T>(
  chat: ChatManager | ThreadListManager,
  selector: (state: ThreadListState) => T,
): T {
  return useStore(coreOf(chat).store, selector);
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
  const core = coreOf(chat);
  const selectedThreadId = useStore(core.store, (list) => list.selectedThreadId);
  const { setAgentState } = core.coreFor(selectedThreadId).actions;
  return [state, setAgentState as (next: T | ((current: T | undefined) => T)) => void];
}

/** The threads of the list. */
export function useThreads(chat: ChatManager | ThreadListManager): Thread[] {
  return useThreadListSelector(chat, (state) => state.threads);
}
