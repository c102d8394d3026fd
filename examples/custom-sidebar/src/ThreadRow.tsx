import { type Thread, threadTimeLabel } from "@crayonai/react-core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

/** Props of {@link ThreadRow}. */
export type ThreadRowProps = {
  thread: Thread;
  /** The time relative times count from (the sidebar's minute clock). */
  now: Date;
  isSelected: boolean;
  onSelect: () => void;
  onRename: (title: string) => Promise<void>;
  onDelete: () => Promise<void>;
};

/**
 * One conversation, with the time of its last activity and a preview of its last message:
 * select it, rename it in place (Enter saves, Escape cancels), delete it.
 */
export function ThreadRow({
  thread,
  now,
  isSelected,
  onSelect,
  onRename,
  onDelete,
}: ThreadRowProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // Enter or Escape end the edit; the blur that follows must not save a second time.
  const isEditing = useRef(false);
  // After Enter or Escape, focus goes back to the Rename button (not after a click elsewhere).
  const renameButton = useRef<HTMLButtonElement>(null);
  const refocusRename = useRef(false);
  useEffect(() => {
    if (draft !== null || !refocusRename.current) return;
    refocusRename.current = false;
    renameButton.current?.focus();
  }, [draft]);

  const startEditing = () => {
    isEditing.current = true;
    setDraft(thread.title);
  };
  const cancel = () => {
    isEditing.current = false;
    setDraft(null);
  };
  const save = () => {
    if (!isEditing.current) return;
    const title = draft?.trim();
    cancel();
    // Failed renames are rolled back by the thread list and reported in its `error`.
    if (title && title !== thread.title) onRename(title).catch(() => {});
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== "Escape") return;
    // Focus moves to the Rename button before the key's default action: without this, that
    // Enter would also press the button and reopen the field.
    event.preventDefault();
    refocusRename.current = true;
    if (event.key === "Enter") save();
    else cancel();
  };

  if (draft !== null) {
    return (
      <li className="thread thread--editing">
        <input
          className="thread__input"
          aria-label="Conversation title"
          value={draft}
          // Focus moves into the field the user just asked to edit.
          // biome-ignore lint/a11y/noAutofocus: opened by an explicit Rename click
          autoFocus
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={save}
          onKeyDown={onKeyDown}
        />
      </li>
    );
  }

  return (
    <li className={isSelected ? "thread thread--selected" : "thread"}>
      <button
        type="button"
        className="thread__select"
        aria-current={isSelected ? "page" : undefined}
        onClick={onSelect}
      >
        {thread.isRunning && <span className="thread__running" role="img" aria-label="Replying" />}
        <span className="thread__text">
          <span className="thread__heading">
            <span className="thread__title">{thread.title}</span>
            <span className="thread__time">
              {threadTimeLabel(thread.updatedAt ?? thread.createdAt, now)}
            </span>
          </span>
          {thread.preview && <span className="thread__preview">{thread.preview}</span>}
        </span>
      </button>
      <button
        ref={renameButton}
        type="button"
        className="thread__action"
        aria-label={`Rename “${thread.title}”`}
        title="Rename"
        onClick={startEditing}
      >
        <span aria-hidden="true">✎</span>
      </button>
      <button
        type="button"
        className="thread__action"
        aria-label={`Delete “${thread.title}”`}
        title="Delete"
        onClick={() => onDelete().catch(() => {})}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
