import { createContext, useContext } from "react";

/**
 * Whether a reply streams in the selected thread. Message controls read it from context so
 * that starting or ending a reply re-renders only them, not every memoised message row.
 */
export const ReplyRunningContext = createContext(false);

/** True while a reply streams (false outside a `MessageList`). */
export function useReplyRunning(): boolean {
  return useContext(ReplyRunningContext);
}
