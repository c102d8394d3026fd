import { createStore, type StoreApi } from "zustand/vanilla";
import type { Thread, ThreadGroup, ThreadListState } from "../types";

/**
 * The thread list's zustand store, and how it derives `groups` from `threads` and `query`
 * (kept in step by {@link updateThreadList}).
 */
export type ThreadListStore = StoreApi<ThreadListState> & {
  readonly arrange: (state: ThreadListState) => ThreadGroup[];
};

export function createThreadListStore(
  arrange: (state: ThreadListState) => ThreadGroup[],
): ThreadListStore {
  const store = createStore<ThreadListState>()(() => ({
    threads: [],
    selectedThreadId: null,
    isLoading: false,
    hasMore: false,
    error: null,
    query: "",
    groups: [],
  }));
  return Object.assign(store, { arrange });
}

/**
 * Applies the fields `change` returns (nothing for undefined). Subscribers hear of it only
 * when a field really changed: the list's state keeps its identity otherwise.
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
  const rearranged = ("threads" in next || "query" in next) && {
    groups: store.arrange({ ...state, ...next }),
  };
  store.setState(rearranged ? { ...next, ...rearranged } : next);
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
