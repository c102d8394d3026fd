import { createStore, type StoreApi } from "zustand/vanilla";
import type { Thread, ThreadListState } from "../../types";
import { byLastActivity } from "./threadActivity";

/** The thread list's zustand store; change it with {@link updateThreadList}. */
export type ThreadListStore = StoreApi<ThreadListState>;

export function createThreadListStore(): ThreadListStore {
  return createStore<ThreadListState>()(() => ({
    threads: [],
    selectedThreadId: null,
    isLoading: false,
    hasMore: false,
    error: null,
    query: "",
  }));
}

/**
 * Applies the fields `change` returns (nothing for undefined). Subscribers hear of it only
 * when a field really changed: the list's state keeps its identity otherwise. `threads` is
 * kept ordered by last activity, newest first.
 */
export function updateThreadList(
  store: ThreadListStore,
  change:
    | Partial<ThreadListState>
    | ((state: ThreadListState) => Partial<ThreadListState> | undefined),
): void {
  const state = store.getState();
  const next = typeof change === "function" ? change(state) : change;
  if (!next) return;
  const keys = Object.keys(next) as (keyof ThreadListState)[];
  if (!keys.some((key) => !Object.is(next[key], state[key]))) return;
  store.setState(next.threads ? { ...next, threads: byLastActivity(next.threads) } : next);
}

/** `threads` with the thread `threadId` changed by `edit` (the same array if it is not there). */
export function withThread(
  threads: Thread[],
  threadId: string,
  edit: (thread: Thread) => Thread,
): Thread[] {
  const index = threads.findIndex((t) => t.threadId === threadId);
  if (index === -1) return threads;
  const copy = threads.slice();
  copy[index] = edit(threads[index]!);
  return copy;
}
