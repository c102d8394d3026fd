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

// Every action, as a complete record so a new action cannot be forgotten here.
const ACTION_NAMES = Object.keys({
  processMessage: true,
  stop: true,
  retry: true,
  respond: true,
  editMessage: true,
  regenerate: true,
  switchBranch: true,
  addToolResult: true,
  appendMessages: true,
  updateMessage: true,
  deleteMessage: true,
  setMessages: true,
  setAgentState: true,
} satisfies Record<keyof ThreadActions, true>) as (keyof ThreadActions)[];

/** The actions of `thread` as one object that changes only when an action does. */
export function useThreadActionsOf(thread: ThreadManager): ThreadActions {
  const actions = ACTION_NAMES.map((name) => thread[name]);
  return useMemo(
    () => Object.fromEntries(ACTION_NAMES.map((name, i) => [name, actions[i]])) as ThreadActions,
    // biome-ignore lint/correctness/useExhaustiveDependencies: the actions themselves are the dependencies (a fixed-length list).
    actions,
  );
}
