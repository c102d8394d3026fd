import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { ThreadListManager, ThreadListParams } from "../types";
import { createChat } from "../vanilla";
import { attachEngine } from "./chatEngine";
import { useIsomorphicLayoutEffect } from "./useIsomorphicLayoutEffect";

/**
 * The thread list: loads it on mount (when `fetchThreadList` is given), selects threads and
 * creates, renames and deletes them optimistically. The returned object changes only when the
 * list itself changes, not while a reply streams.
 *
 * Use it with {@link useThreadManager} to build your own sidebar; `useChat` composes both.
 */
export function useThreadListManager(params: ThreadListParams = {}): ThreadListManager {
  // The engine is made once, with the first render's parameters; later ones are pushed after
  // the render commits, so a render that React throws away never reaches it.
  const [chat] = useState(() => createChat(params));
  useIsomorphicLayoutEffect(() => {
    chat.setOptions(params);
  });

  useEffect(() => {
    void chat.actions.refresh();
  }, [chat]);

  const state = useSyncExternalStore(
    chat.store.subscribe,
    chat.store.getState,
    chat.store.getState,
  );
  return useMemo(
    () => attachEngine<ThreadListManager>({ ...state, ...chat.actions }, chat),
    [state, chat],
  );
}
