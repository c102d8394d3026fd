import { immer } from "zustand/middleware/immer";
import { createStore } from "zustand/vanilla";
import type { ThreadListState } from "../types";

/** The thread list's zustand store (immer: list edits are written as mutations). */
export function createThreadListStore() {
  return createStore<ThreadListState>()(
    immer(() => ({
      threads: [],
      selectedThreadId: null,
      isLoading: false,
      hasMore: false,
      error: null,
    })),
  );
}

export type ThreadListStore = ReturnType<typeof createThreadListStore>;
