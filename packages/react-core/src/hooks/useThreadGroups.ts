import { useMemo, useSyncExternalStore } from "react";
import { arrangeThreads } from "../core/threadList/arrangeThreads";
import type { ChatManager, ThreadGroup, ThreadListManager } from "../types";
import { engineOf } from "./chatEngine";

const noSubscription = () => () => {};

/** Options of {@link useThreadGroups}. */
export type UseThreadGroupsOptions = {
  /** The time the recency bands are counted from; pass `useMinuteClock()` to follow the clock. */
  now?: Date;
  /** Search text to use instead of the list's shared `query`. */
  query?: string;
};

/**
 * The thread list as a sidebar shows it: the threads matching the list's `query` (in their
 * title, preview or loaded messages, ignoring case and accents), ordered by last activity and
 * grouped by recency ("Today", "Yesterday", "Previous 7 days", …), as {@link arrangeThreads}
 * makes them. Computed again only when the threads, the query, `now` or a loaded history
 * change. `ThreadList` in `@crayonai/react-ui` is built on it.
 *
 * @example
 * ```tsx
 * const now = useMinuteClock(navRef);
 * const groups = useThreadGroups(threadListManager, { now });
 * ```
 */
export function useThreadGroups(
  chat: ChatManager | ThreadListManager,
  { now, query: ownQuery }: UseThreadGroupsOptions = {},
): ThreadGroup[] {
  const list = "threadListManager" in chat ? chat.threadListManager : chat;
  const engine = engineOf(chat);
  const { threads, selectedThreadId } = list;
  const query = ownQuery ?? list.query;
  // A thread's history arrives after it is selected: a search already typed must see it.
  const selected = engine?.getThread(selectedThreadId);
  const readLoading = () => selected?.store.getState().isLoadingMessages ?? false;
  const loading = useSyncExternalStore(
    selected ? selected.store.subscribe : noSubscription,
    readLoading,
    readLoading,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loading` ending means new text to search
  return useMemo(
    () =>
      arrangeThreads(threads, {
        query,
        ...(now && { now }),
        ...(engine && {
          messagesOf: (id: string) => engine.getThread(id)?.store.getState().messages,
        }),
      }),
    [threads, query, now, engine, loading],
  );
}
