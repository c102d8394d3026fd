import {
  type ChatManager,
  type Thread,
  useMinuteClock,
  useThreadGroups,
} from "@crayonai/react-core";
import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  memo,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { activityDate, groupLabel, threadTime } from "../internal/threadTimes";
import { useLocale } from "../locale/LocaleProvider";
import { CloseIcon, PencilIcon } from "./StrokeIcon";
import { ThreadDeleteConfirm } from "./ThreadDeleteConfirm";
import { ThreadRowMenu } from "./ThreadRowMenu";

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
  const { threadList: texts } = useLocale().messages;
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
        aria-label={texts.newTitle(thread.title)}
        dir="auto"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={submit}
      />
    </form>
  );
}

/** Arrow keys, Home and End move between the threads' buttons, in the order shown. */
function moveFocus(event: KeyboardEvent<HTMLElement>, from: HTMLElement | null): void {
  const buttons = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(".crayon-thread-list__select"),
  ];
  if (buttons.length === 0) return;
  const at = from ? buttons.indexOf(from) : -1;
  const target = {
    ArrowDown: buttons[Math.min(at + 1, buttons.length - 1)],
    ArrowUp: at > 0 ? buttons[at - 1] : undefined,
    Home: buttons[0],
    End: buttons[buttons.length - 1],
  }[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * A thread's summary: its title is the button (stretched over the row by CSS, so the whole row
 * opens it), its time and preview describe it. The button's name is exactly its visible text.
 */
function ThreadRow({
  thread,
  selected,
  tabbable,
  now,
  onSelect,
}: {
  thread: Thread;
  selected: boolean;
  /** The one thread of the list that Tab reaches (roving focus); arrow keys reach the others. */
  tabbable: boolean;
  now: Date;
  onSelect: () => void;
}) {
  const detailsId = useId();
  const locale = useLocale();
  const texts = locale.messages.threadList;
  const title = thread.title || texts.untitled;
  const date = activityDate(thread);
  const known = !Number.isNaN(date.getTime());
  return (
    <div className="crayon-thread-list__summary">
      <div className="crayon-thread-list__heading">
        <button
          type="button"
          className="crayon-thread-list__select"
          tabIndex={tabbable ? 0 : -1}
          aria-current={selected ? "page" : undefined}
          aria-describedby={known ? `${detailsId}-time ${detailsId}` : detailsId}
          onClick={onSelect}
        >
          <span className="crayon-thread-list__title" dir="auto">
            {title}
          </span>
          {thread.isRunning && (
            <span className="crayon-thread-list__running">
              <span className="crayon-pulse" aria-hidden="true" />
              <span className="crayon-visually-hidden"> {texts.replying}</span>
            </span>
          )}
        </button>
        {known && (
          <time
            id={`${detailsId}-time`}
            className="crayon-thread-list__time"
            dateTime={date.toISOString()}
          >
            {threadTime(date, now, locale)}
          </time>
        )}
      </div>
      <span id={detailsId} className="crayon-thread-list__preview" dir="auto">
        {thread.preview}
      </span>
    </div>
  );
}

/**
 * The conversations: start a new one, search them, select, rename or delete one. Threads are
 * ordered by last activity and grouped by recency ("Today", "Yesterday", …), each with the time
 * of its last activity ("5 min", kept current while the list shows) and a one-line preview. A
 * pulsing dot marks threads whose reply is still streaming.
 *
 * The threads are one Tab stop (the selected thread, or the one last focused): arrow keys, Home
 * and End move between them, Enter opens one, F2 renames it, Delete asks to delete it, and the
 * context-menu key (or Shift+F10) opens its menu; from the search box, Arrow Down goes to the
 * first thread and Escape clears it. A pointer reaches rename and delete on the row's hover
 * buttons; a touch screen, where nothing hovers, on the row's "More actions" menu.
 *
 * It renders again only when the thread list changes (or `onNavigate` does), not on every
 * update of the open thread: a streamed reply does not re-render the sidebar.
 */
export const ThreadList = memo(
  ThreadListView,
  (before, after) =>
    before.chat.threadListManager === after.chat.threadListManager &&
    before.onNavigate === after.onNavigate,
);

function ThreadListView({ chat, onNavigate }: ThreadListProps) {
  const list = chat.threadListManager;
  const locale = useLocale();
  const { threadList: texts } = locale.messages;
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [confirmingDeleteId, setConfirmingDeleteId] = useState<string | null>(null);
  const [menuId, setMenuId] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const groupId = useId();
  const searching = list.query.trim() !== "";
  const navRef = useRef<HTMLElement>(null);
  const now = useMinuteClock(navRef);
  const groups = useThreadGroups(chat, { now });
  const shown = groups.flatMap((group) => group.threads);
  // The thread Tab reaches: the one last focused, else the selected one, else the first.
  const isShown = (id: string | null) => id !== null && shown.some((t) => t.threadId === id);
  const tabbableId = isShown(focusedId)
    ? focusedId
    : isShown(list.selectedThreadId)
      ? list.selectedThreadId
      : (shown[0]?.threadId ?? null);

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && list.query) {
      event.preventDefault();
      list.setQuery("");
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      event.currentTarget
        .closest("nav")
        ?.querySelector<HTMLElement>(".crayon-thread-list__select")
        ?.focus();
    }
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>(".crayon-thread-list__select");
    if (!from) return;
    const id = from.closest<HTMLElement>("[data-thread-id]")?.dataset.threadId;
    const action =
      event.key === "Delete"
        ? setConfirmingDeleteId
        : event.key === "F2"
          ? setRenamingId
          : event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)
            ? setMenuId
            : undefined;
    if (action && id) {
      event.preventDefault();
      action(id);
      return;
    }
    moveFocus(event, from);
  };
  const onListFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>("[data-thread-id]")?.dataset
      .threadId;
    if (id && (event.target as HTMLElement).matches(".crayon-thread-list__select"))
      setFocusedId(id);
  };

  const renderThread = (thread: Thread) => {
    const selected = thread.threadId === list.selectedThreadId;
    const title = thread.title || texts.untitled;
    return (
      <li
        key={thread.threadId}
        data-thread-id={thread.threadId}
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
                onRename={(newTitle) => list.renameThread(thread.threadId, newTitle).catch(ignore)}
              />
            ) : (
              <ThreadRow
                thread={thread}
                selected={selected}
                tabbable={thread.threadId === tabbableId}
                now={now}
                onSelect={() => {
                  list.selectThread(thread.threadId);
                  onNavigate?.();
                }}
              />
            )}
            {/* Out of the Tab order: the keys above reach the same actions from the row. */}
            <div className="crayon-thread-list__actions">
              <button
                type="button"
                tabIndex={-1}
                className="crayon-icon-button"
                aria-label={texts.renameThread(title)}
                onClick={() => setRenamingId(thread.threadId)}
              >
                <PencilIcon />
              </button>
              <button
                type="button"
                tabIndex={-1}
                className="crayon-icon-button"
                aria-label={texts.deleteThread(title)}
                onClick={() => setConfirmingDeleteId(thread.threadId)}
              >
                <CloseIcon />
              </button>
            </div>
            <ThreadRowMenu
              title={title}
              open={menuId === thread.threadId}
              onOpenChange={(open) => setMenuId(open ? thread.threadId : null)}
              onRename={() => setRenamingId(thread.threadId)}
              onDelete={() => setConfirmingDeleteId(thread.threadId)}
            />
          </>
        )}
      </li>
    );
  };

  return (
    <nav
      ref={navRef}
      className="crayon-thread-list"
      aria-label={locale.messages.chat.conversations}
    >
      <button
        type="button"
        className="crayon-button crayon-thread-list__new"
        onClick={() => {
          list.switchToNewThread();
          onNavigate?.();
        }}
      >
        {locale.messages.chat.newChat}
      </button>
      {(list.threads.length > 0 || searching) && (
        <input
          type="search"
          className="crayon-thread-list__search"
          aria-label={texts.search}
          placeholder={texts.search}
          dir="auto"
          value={list.query}
          onChange={(event) => list.setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      )}
      {/* Key presses bubble here from the threads' buttons. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: each thread is a focusable button */}
      <div className="crayon-thread-list__groups" onKeyDown={onListKeyDown} onFocus={onListFocus}>
        {groups.map((group, index) => (
          <section
            key={group.label}
            className="crayon-thread-list__group"
            aria-labelledby={`${groupId}-${index}`}
          >
            <h3 id={`${groupId}-${index}`} className="crayon-thread-list__group-label">
              {groupLabel(group, now, locale)}
            </h3>
            <ul className="crayon-thread-list__items">{group.threads.map(renderThread)}</ul>
          </section>
        ))}
      </div>
      <p className="crayon-thread-list__status" role="status">
        {searching && groups.length === 0 ? texts.noMatch : ""}
      </p>
      {/* A search that matched nothing has nothing more to load. */}
      {list.hasMore && !(searching && groups.length === 0) && (
        <button
          type="button"
          className="crayon-button crayon-button--secondary"
          disabled={list.isLoading}
          onClick={() => list.loadMore().catch(ignore)}
        >
          {texts.loadMore}
        </button>
      )}
    </nav>
  );
}
