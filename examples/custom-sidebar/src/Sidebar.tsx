import type { ThreadListManager } from "@crayonai/react-core";
import { useRef } from "react";
import { ThreadRow } from "./ThreadRow";

/** Props of {@link Sidebar}. */
export type SidebarProps = {
  threads: ThreadListManager;
};

/** The thread list, built from `ThreadListManager` state and actions only. */
export function Sidebar({ threads }: SidebarProps) {
  // A deleted row takes its focused button with it: keep the keyboard user in the sidebar.
  const newButton = useRef<HTMLButtonElement>(null);
  const deleteThread = (threadId: string) => {
    newButton.current?.focus();
    return threads.deleteThread(threadId);
  };

  return (
    <nav className="sidebar" aria-label="Conversations">
      <button
        ref={newButton}
        type="button"
        className="sidebar__new"
        data-testid="new-thread"
        onClick={threads.switchToNewThread}
      >
        + New conversation
      </button>

      {threads.error && (
        <p className="sidebar__error" role="alert">
          {threads.error.message}
        </p>
      )}

      <ul className="sidebar__list">
        {threads.threads.map((thread) => (
          <ThreadRow
            key={thread.threadId}
            thread={thread}
            isSelected={thread.threadId === threads.selectedThreadId}
            onSelect={() => threads.selectThread(thread.threadId)}
            onRename={(title) => threads.renameThread(thread.threadId, title)}
            onDelete={() => deleteThread(thread.threadId)}
          />
        ))}
      </ul>

      {threads.isLoading && <p className="sidebar__status">Loading…</p>}
      {!threads.isLoading && threads.threads.length === 0 && (
        <p className="sidebar__status">No conversations yet.</p>
      )}
      {threads.hasMore && !threads.isLoading && (
        <button type="button" className="sidebar__more" onClick={threads.loadMore}>
          Load more
        </button>
      )}
    </nav>
  );
}
