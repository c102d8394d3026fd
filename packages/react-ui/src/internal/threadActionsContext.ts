import type { ThreadActions, ThreadManager } from "@crayonai/react-core";
import { createContext, useContext, useMemo } from "react";

/**
 * The selected thread's actions, for message rows. Actions keep their identity across updates,
 * so rows reading them do not re-render when a reply streams.
 */
export const ThreadActionsContext = createContext<ThreadActions | null>(null);

/** The thread actions, or null outside a `MessageList`. */
export function useThreadActions(): ThreadActions | null {
  return useContext(ThreadActionsContext);
}

/** The actions of `thread` as one object that changes only when an action does. */
export function useThreadActionsOf(thread: ThreadManager): ThreadActions {
  const {
    processMessage,
    stop,
    retry,
    respond,
    editMessage,
    regenerate,
    switchBranch,
    addToolResult,
    appendMessages,
    updateMessage,
    deleteMessage,
    setMessages,
  } = thread;
  return useMemo(
    () => ({
      processMessage,
      stop,
      retry,
      respond,
      editMessage,
      regenerate,
      switchBranch,
      addToolResult,
      appendMessages,
      updateMessage,
      deleteMessage,
      setMessages,
    }),
    [
      processMessage,
      stop,
      retry,
      respond,
      editMessage,
      regenerate,
      switchBranch,
      addToolResult,
      appendMessages,
      updateMessage,
      deleteMessage,
      setMessages,
    ],
  );
}
