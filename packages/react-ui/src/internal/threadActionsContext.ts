import type { ThreadActions } from "@crayonai/react-core";
import { createContext, useContext } from "react";

/**
 * The selected thread's actions, for message rows. Actions keep their identity across updates
 * (`getThreadActions`), so rows reading them do not re-render when a reply streams.
 */
export const ThreadActionsContext = createContext<ThreadActions | null>(null);

/** The thread actions, or null outside a `MessageList`. */
export function useThreadActions(): ThreadActions | null {
  return useContext(ThreadActionsContext);
}
