import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { ThreadListCore } from "../core/threadListCore";
import type { ThreadListManager, ThreadListParams } from "../types";
import { registerCore } from "./coreRegistry";

/**
 * The thread list: loads it on mount (when `fetchThreadList` is given), selects threads and
 * creates, renames and deletes them optimistically. The returned object changes only when the
 * list itself changes, not while a reply streams.
 *
 * Use it with {@link useThreadManager} to build your own sidebar; `useChat` composes both.
 */
export function useThreadListManager(params: ThreadListParams = {}): ThreadListManager {
  const [core] = useState(() => new ThreadListCore(params));
  // Read at the moment of use: callbacks are never stale and stores are never re-created.
  core.setListParams(params);

  useEffect(() => {
    void core.actions.refresh();
  }, [core]);

  const state = useSyncExternalStore(
    core.store.subscribe,
    core.store.getState,
    core.store.getState,
  );
  return useMemo(() => {
    const manager: ThreadListManager = { ...state, ...core.actions };
    registerCore(manager, core);
    return manager;
  }, [state, core]);
}
