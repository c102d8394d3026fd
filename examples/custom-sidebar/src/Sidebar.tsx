import { type ThreadListManager, useMinuteClock, useThreadGroups } from "@crayonai/react-core";
import { useRef } from "react";
import { ThreadRow } from "./ThreadRow";

/** Props of {@link Sidebar}. */
export type SidebarProps = {
  threads: ThreadListManager;
};

/**
 * The thread list, built from `ThreadListManager` state and actions, with react-core's view
 * helpers: `useThreadGroups` (search and recency groups) and `useMinuteClock` (relative times
 * that stay current while the sidebar shows).
 */
export function Sidebar({ threads }: SidebarProps) {
  const navRef = useRef<HTMLElement>(null);
  const now = useMinuteClock(navRef);
  const groups = useThreadGroups(threads, { now });
  const searching = threads.query.trim() !== "";
  let status = "";
  if (threads.isLoading) status = "Loading…";
  else if (searching && groups.length === 0) status = "No conversations match.";
  else if (!searching && threads.threads.length === 0) status = "No conversations yet.";

  // A deleted row takes its focused button with it: keep the keyboard user in the sidebar.
  const newButton = useRef<HTMLButtonElement>(null);
  const deleteThread = (threadId: string) => {
    newButton.current?.focus();
    return threads.deleteThread(threadId);
  };

  return (
    <nav ref={navRef} className="sidebar" aria-label="Conversations">
      <button
        ref={newButton}
        type="button"
        className="sidebar__new"
        data-testid="new-thread"
        onClick={threads.switchToNewThread}
      >
        + New conversation
      </button>

      <input
        type="search"
        className="sidebar__search"
        aria-label="Search conversations"
        placeholder="Search"
        value={threads.query}
        onChange={(event) => threads.setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") threads.setQuery("");
        }}
      />

      {threads.error && (
        <p className="sidebar__error" role="alert">
          {threads.error.message}
        </p>
      )}

      {groups.map((group) => (
        <section key={group.label} className="sidebar__group" aria-label={group.label}>
          <h2 className="sidebar__group-label">{group.label}</h2>
          <ul className="sidebar__list">
            {group.threads.map((thread) => (
              <ThreadRow
                key={thread.threadId}
                thread={thread}
                now={now}
                isSelected={thread.threadId === threads.selectedThreadId}
                onSelect={() => threads.selectThread(thread.threadId)}
                onRename={(title) => threads.renameThread(thread.threadId, title)}
                onDelete={() => deleteThread(thread.threadId)}
              />
            ))}
          </ul>
        </section>
      ))}

      <p className="sidebar__status" role="status">
        {status}
      </p>
      {threads.hasMore && !threads.isLoading && (
        <button type="button" className="sidebar__more" onClick={threads.loadMore}>
          Load more
        </button>
      )}
    </nav>
  );
}
