import type { Message } from "@crayonai/stream";
import { useMemo, useSyncExternalStore } from "react";
import { ChatError } from "../core/chatError";
import type { ThreadListManager, ThreadManager, ThreadParams } from "../types";
import { attachEngine, engineOf } from "./chatEngine";
import { useIsomorphicLayoutEffect } from "./useIsomorphicLayoutEffect";

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
export function useThreadManager(params: UseThreadManagerParams<Message>): ThreadManager;
/** With a `messageConverter`, which decides the backend's message type `TExternal`. */
export function useThreadManager<TExternal>(
  params: UseThreadManagerParams<TExternal>,
): ThreadManager;
export function useThreadManager<TExternal = Message>(
  params: UseThreadManagerParams<TExternal>,
): ThreadManager {
  const { threadListManager, ...threadParams } = params;
  const chat = engineOf(threadListManager);
  if (!chat) {
    throw new ChatError(
      "invalid_action",
      "useThreadManager needs the thread list manager that useThreadListManager returned.",
    );
  }
  useIsomorphicLayoutEffect(() => {
    chat.setOptions(threadParams);
  });
  // The selected thread's store exists before it is selected, so reading it never creates one.
  const thread = chat.getThread(threadListManager.selectedThreadId) ?? chat.getThread(null)!;
  const state = useSyncExternalStore(
    thread.store.subscribe,
    thread.store.getState,
    thread.store.getState,
  );
  const queueEnabled = threadParams.queue !== false;
  return useMemo(
    () => attachEngine<ThreadManager>({ ...state, ...thread.actions, queueEnabled }, thread),
    [state, thread, queueEnabled],
  );
}
