import type { Message } from "@crayonai/stream";
import { useMemo, useSyncExternalStore } from "react";
import type { ThreadListManager, ThreadManager, ThreadParams } from "../types";
import { coreOf } from "./coreRegistry";

/** Parameters of {@link useThreadManager}: the thread list it follows and how to talk to the backend. */
export type UseThreadManagerParams<TExternal = Message> = ThreadParams<TExternal> & {
  /** The list whose selected thread this manager shows. */
  threadListManager: ThreadListManager;
};

/**
 * The selected thread of a thread list: its messages and the actions to send, stop, retry,
 * respond, edit and regenerate. Switching threads never aborts a streaming reply; it keeps
 * streaming into its own thread.
 *
 * Streamed updates reach React at most once per animation frame (see `streamBatching`), and
 * messages that did not change keep their identity.
 */
export function useThreadManager<TExternal = Message>(
  params: UseThreadManagerParams<TExternal>,
): ThreadManager {
  const { threadListManager, ...threadParams } = params;
  const listCore = coreOf(threadListManager);
  listCore.setThreadParams(threadParams);
  const core = listCore.coreFor(threadListManager.selectedThreadId);

  const state = useSyncExternalStore(
    core.store.subscribe,
    core.store.getState,
    core.store.getState,
  );
  return useMemo(() => ({ ...state, ...core.actions }), [state, core]);
}
