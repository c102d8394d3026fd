import type { ChatManager, Thread } from "@crayonai/react-core";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CloseIcon, PencilIcon } from "./StrokeIcon";
import { ThreadDeleteConfirm } from "./ThreadDeleteConfirm";

/** Props of {@link ThreadList}. */
export type ThreadListProps = {
  chat: ChatManager;
  /** Called after the user selects a thread or starts a new chat (e.g. to close a drawer). */
  onNavigate?: () => void;
};

const ignore = () => {};

function RenameForm({
  thread,
  onDone,
  onRename,
}: {
  thread: Thread;
  onDone: () => void;
  onRename: (title: string) => void;
}) {
  const [title, setTitle] = useState(thread.title);
  const inputRef = useRef<HTMLInputElement>(null);
  // Escape and Enter end the edit; the blur that follows must not save again.
  const finished = useRef(false);
  useEffect(() => inputRef.current?.select(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (finished.current) return;
    finished.current = true;
    const trimmed = title.trim();
    if (trimmed && trimmed !== thread.title) onRename(trimmed);
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      finished.current = true;
      onDone();
    }
  };

  return (
    <form className="crayon-thread-list__rename" onSubmit={submit}>
      <input
        ref={inputRef}
        className="crayon-thread-list__rename-input"
        aria-label={`New title for ${thread.title}`}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={submit}
      />
    </form>
  );
}

/**
 * The conversations: start a new one, select, rename or delete one. A pulsing dot marks
 * threads whose reply is still streaming.
 */
export function ThreadList({ chat, onNavigate }: ThreadListProps) {
  const list = chat.threadListManager;
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [confirmingDeleteId, setConfirmingDeleteId] = useState<string | null>(null);

  return (
    <nav className="crayon-thread-list" aria-label="Conversations">
      <button
        type="button"
        className="crayon-button crayon-thread-list__new"
        onClick={() => {
          list.switchToNewThread();
          onNavigate?.();
        }}
      >
        New chat
      </button>
      <ul className="crayon-thread-list__items">
        {list.threads.map((thread) => {
          const selected = thread.threadId === list.selectedThreadId;
          const title = thread.title || "Untitled";
          return (
            <li
              key={thread.threadId}
              className={`crayon-thread-list__item${selected ? " crayon-thread-list__item--selected" : ""}`}
            >
              {confirmingDeleteId === thread.threadId ? (
                <ThreadDeleteConfirm
                  title={title}
                  onConfirm={() => {
                    setConfirmingDeleteId(null);
                    list.deleteThread(thread.threadId).catch(ignore);
                  }}
                  onCancel={() => setConfirmingDeleteId(null)}
                />
              ) : (
                <>
                  {renamingId === thread.threadId ? (
                    <RenameForm
                      thread={thread}
                      onDone={() => setRenamingId(null)}
                      onRename={(newTitle) =>
                        list.renameThread(thread.threadId, newTitle).catch(ignore)
                      }
                    />
                  ) : (
                    <button
                      type="button"
                      className="crayon-thread-list__select"
                      aria-current={selected ? "page" : undefined}
                      onClick={() => {
                        list.selectThread(thread.threadId);
                        onNavigate?.();
                      }}
                    >
                      <span className="crayon-thread-list__title">{title}</span>
                      {thread.isRunning && (
                        <span className="crayon-thread-list__running">
                          <span className="crayon-pulse" aria-hidden="true" />
                          <span className="crayon-visually-hidden"> (replying)</span>
                        </span>
                      )}
                    </button>
                  )}
                  <div className="crayon-thread-list__actions">
                    <button
                      type="button"
                      className="crayon-icon-button"
                      aria-label={`Rename ${title}`}
                      onClick={() => setRenamingId(thread.threadId)}
                    >
                      <PencilIcon />
                    </button>
                    <button
                      type="button"
                      className="crayon-icon-button"
                      aria-label={`Delete ${title}`}
                      onClick={() => setConfirmingDeleteId(thread.threadId)}
                    >
                      <CloseIcon />
                    </button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {list.hasMore && (
        <button
          type="button"
          className="crayon-button crayon-button--secondary"
          disabled={list.isLoading}
          onClick={() => list.loadMore().catch(ignore)}
        >
          Load more
        </button>
      )}
    </nav>
  );
}
