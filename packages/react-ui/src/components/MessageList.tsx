import { type ChatManager, getThreadActions } from "@crayonai/react-core";
import type { Message, ToolMessage } from "@crayonai/stream";
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useStickToBottom } from "use-stick-to-bottom";
import { ReplyRunningContext } from "../internal/replyRunningContext";
import { rowOfMessage, rowsOfTurns } from "../internal/replyTurns";
import { KeptRowsContext } from "../internal/scroll/keptRowsContext";
import { keepInView, whenRowRendered } from "../internal/scroll/rowInView";
import { useFollowEnd } from "../internal/scroll/useFollowEnd";
import { useMessageWindow } from "../internal/scroll/useMessageWindow";
import { paintSearchHighlight, textRangesOf } from "../internal/search/searchHighlight";
import { ThreadActionsContext } from "../internal/threadActionsContext";
import { findLast, isVisibleMessage, toolResultsById } from "../internal/visibleMessages";
import { useLocale } from "../locale/LocaleProvider";
import { ErrorNotice } from "./ErrorNotice";
import { MessageRow } from "./MessageRow";
import { ReplyAnnouncer } from "./ReplyAnnouncer";
import { ReplyTurn } from "./ReplyTurn";
import { ArrowDownIcon, SearchIcon } from "./StrokeIcon";
import { ThreadSearch } from "./ThreadSearch";
import { MessageListContext, type MessageListHandle } from "./useScrollToMessage";

/**
 * How the list scrolls: `"always"` follows the reply as it streams (until the user scrolls up);
 * `"once"` scrolls to the bottom when the user sends a message, then stays where it is.
 */
export type ScrollVariant = "always" | "once";

/** Props of {@link MessageList}. */
export type MessageListProps = {
  chat: ChatManager;
  /** Default `"always"`. */
  scrollVariant?: ScrollVariant;
  /** Replaces the default indicator shown while waiting for the first token of a reply. */
  loadingComponent?: () => ReactNode;
  /** Names the assistant in screen reader announcements. */
  agentName?: string;
};

function resultsFor(message: Message, all: Map<string, ToolMessage>) {
  // Runs outside the row's error boundary: a malformed `toolCalls` must not throw here.
  const calls: unknown = message.role === "assistant" ? message.toolCalls : undefined;
  if (!Array.isArray(calls) || calls.length === 0) return undefined;
  const results = new Map<string, ToolMessage>();
  for (const call of calls) {
    const id = (call as { id?: unknown } | null)?.id;
    if (typeof id !== "string") continue;
    const result = all.get(id);
    if (result) results.set(id, result);
  }
  return results;
}

function isListable(message: unknown): message is Message {
  const { id, role } = (message ?? {}) as { id?: unknown; role?: unknown };
  return typeof id === "string" && typeof role === "string";
}

function isWaitingForFirstToken(messages: readonly Message[]): boolean {
  const last = findLast(messages, isVisibleMessage);
  if (!last || last.role === "user") return true;
  return last.role === "assistant" && !last.content && !last.toolCalls?.length;
}

function DefaultLoadingIndicator() {
  const { replying } = useLocale().messages.conversation;
  return (
    <div className="crayon-loading" role="status">
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-visually-hidden">{replying}</span>
    </div>
  );
}

/** The index of the row holding `element`, if it is in one. */
function rowIndexOf(element: EventTarget | null): number | undefined {
  const row = element instanceof Element ? element.closest("[data-index]") : null;
  const index = row ? Number(row.getAttribute("data-index")) : Number.NaN;
  return Number.isInteger(index) ? index : undefined;
}

/**
 * The selected thread's messages: sticks to the bottom while a reply streams, shows errors
 * with Retry, a branch picker on messages with alternatives, and announces finished replies.
 * Only the rows near the viewport are rendered, so a long thread costs what its visible rows
 * cost; rows are articles of a feed (PageDown and PageUp move between them) and Ctrl+F (⌘F)
 * inside the list, or its search button, searches every message.
 */
export function MessageList({
  chat,
  scrollVariant = "always",
  loadingComponent,
  agentName,
}: MessageListProps) {
  const thread = chat.threadManager;
  const { isRunning, error, branches, isLoadingMessages } = thread;
  const { messages: texts, format } = useLocale();
  // Rows need an id and a role; anything else in the list is counted, not rendered.
  const given = thread.messages;
  const messages = useMemo(() => given.filter(isListable), [given]);
  const unlisted = given.length - messages.length;
  const { scrollRef, contentRef, scrollToBottom, stopScroll, isAtBottom, state } = useStickToBottom(
    { initial: "instant", resize: "instant" },
  );
  useFollowEnd(scrollRef, contentRef, state, scrollToBottom, stopScroll);

  // Actions keep their identity, so the context value (and the rows reading it) stays stable.
  const actions = getThreadActions(thread);
  const { retry } = thread;

  const allResults = useMemo(() => toolResultsById(messages), [messages]);
  const visible = useMemo(() => messages.filter(isVisibleMessage), [messages]);

  // Opening a thread (or switching to another) lands on its end at once; a message the user
  // sends scrolls there smoothly. A smooth scroll across a long thread is still far from the end
  // seconds later, and it overrides the hook's own instant initial scroll.
  const lastUserMessageId = findLast(messages, (m) => m.role === "user")?.id;
  const threadId = thread.threadId;
  const shown = useRef<{ threadId: string | null; lastUserMessageId?: string }>(undefined);
  // Before the window reads the scroll position (its layout effects run after this one), so
  // an opened thread renders its last rows at once rather than its first ones for a frame.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!isLoadingMessages && element && shown.current?.threadId !== threadId) {
      element.scrollTop = element.scrollHeight;
    }
  }, [threadId, isLoadingMessages, scrollRef]);
  useEffect(() => {
    if (isLoadingMessages) return;
    const previous = shown.current;
    shown.current = { threadId, lastUserMessageId };
    const opened = !previous || previous.threadId !== threadId;
    if (!opened && (!lastUserMessageId || previous.lastUserMessageId === lastUserMessageId)) return;
    const scrolled = scrollToBottom(opened ? "instant" : undefined);
    if (scrollVariant !== "once") return;
    // Land on the end, then let the reply grow below without following it.
    Promise.resolve(scrolled).then(() => stopScroll());
  }, [threadId, lastUserMessageId, isLoadingMessages, scrollVariant, scrollToBottom, stopScroll]);

  // A user message is a row, and so is each reply: everything of its turn up to the next one.
  const listRows = useMemo(() => rowsOfTurns(visible), [visible]);
  // In-thread search: the match's row is scrolled to, marked, and its text highlighted.
  const [searching, setSearching] = useState(false);
  const [match, setMatch] = useState<{ index: number; query: string }>();
  // Rows holding a live embedded app stay rendered until the app is told it goes.
  const [appRows] = useState<number[]>(() => []);
  const { rows, setFocusedRow, setRevealedRow, onScroll } = useMessageWindow(
    listRows,
    () => scrollRef.current,
    match?.index,
    appRows,
  );
  const feed = useRef<HTMLDivElement>(null);

  // What useScrollToMessage needs from the list. Its logic lives in the hook: an app that does
  // not scroll to messages does not download it.
  const handle = useRef<MessageListHandle>(null);
  handle.current = { visible, listRows, rows, feed, stopScroll, setRevealedRow };

  const searchButton = useRef<HTMLButtonElement>(null);
  const reveal = useCallback(
    (messageIndex: number, query: string) => {
      // Going to a match is the reader's move: the list stops following the reply.
      stopScroll();
      const index = rowOfMessage(listRows, messageIndex);
      setMatch({ index, query });
      rows.scrollToIndex(index, { align: "center" });
    },
    [rows, listRows, stopScroll],
  );
  useEffect(() => {
    if (!match) return paintSearchHighlight([]);
    let stopKeeping = () => {};
    const stopWaiting = whenRowRendered(
      () => feed.current,
      match.index,
      (row) => {
        const ranges = textRangesOf(row, match.query);
        paintSearchHighlight(ranges);
        const list = scrollRef.current;
        if (ranges[0] && list) stopKeeping = keepInView(list, ranges[0]);
      },
    );
    return () => {
      stopWaiting();
      stopKeeping();
    };
  }, [match, scrollRef]);
  // Closing the search gives focus back to its button (rendered again once it closed).
  const refocusSearchButton = useRef(false);
  const closeSearch = useCallback(() => {
    refocusSearchButton.current = true;
    setSearching(false);
    setMatch(undefined);
  }, []);
  useEffect(() => {
    if (searching || !refocusSearchButton.current) return;
    refocusSearchButton.current = false;
    searchButton.current?.focus();
  }, [searching]);
  const onListKeyDown = (event: KeyboardEvent) => {
    // Inside the list, the browser's find would miss the rows not rendered: search them all.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "f") {
      event.preventDefault();
      setSearching(true);
      (
        event.currentTarget.querySelector(".crayon-thread-search__input") as HTMLElement | null
      )?.focus();
    }
  };

  // Feed keys: PageDown and PageUp move focus to the next or previous row, rendering it first.
  const onFeedKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "PageDown" ? 1 : event.key === "PageUp" ? -1 : 0;
    const from = rowIndexOf(event.target);
    if (!step || from === undefined || (event.target as Element).tagName !== "ARTICLE") return;
    const to = from + step;
    if (to < 0 || to >= listRows.length) return;
    event.preventDefault();
    setFocusedRow(to);
    rows.scrollToIndex(to, { align: "auto" });
    whenRowRendered(
      () => feed.current,
      to,
      (row) => row.focus(),
    );
  };
  const onFeedFocus = (event: FocusEvent) => setFocusedRow(rowIndexOf(event.target));
  const onFeedBlur = (event: FocusEvent) => {
    if (!feed.current?.contains(event.relatedTarget as Node | null)) setFocusedRow(undefined);
  };

  // The error notice below the list says why the last reply failed; that reply doesn't repeat it.
  const lastVisible = visible[visible.length - 1];
  const failedReplyId =
    error && lastVisible?.role === "assistant" && lastVisible.status === "error"
      ? lastVisible.id
      : undefined;
  const canRetry =
    error !== null &&
    !isRunning &&
    !["thread_busy", "invalid_action", "load_failed"].includes(error.code);

  const items = rows.getVirtualItems();
  return (
    <ThreadActionsContext.Provider value={actions}>
      <KeptRowsContext.Provider value={appRows}>
        <MessageListContext.Provider value={handle}>
          <ReplyRunningContext.Provider value={isRunning}>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+F anywhere in the list opens its search */}
            <div
              className={`crayon-message-list${isAtBottom ? "" : " crayon-message-list--away"}`}
              onKeyDown={onListKeyDown}
            >
              {searching ? (
                <ThreadSearch messages={visible} onReveal={reveal} onClose={closeSearch} />
              ) : (
                visible.length > 0 && (
                  <button
                    ref={searchButton}
                    type="button"
                    className="crayon-thread-search__open"
                    aria-label={texts.search.label}
                    title={texts.search.shortcut}
                    aria-keyshortcuts="Control+F Meta+F"
                    onClick={() => setSearching(true)}
                  >
                    <SearchIcon />
                  </button>
                )
              )}
              <div
                ref={scrollRef}
                className="crayon-message-list__scroll"
                role="log"
                aria-label={texts.conversation.log}
                aria-live="off"
                aria-busy={isRunning}
                onScroll={onScroll}
                // The log scrolls: keyboard users need to reach it.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
                tabIndex={0}
              >
                <div ref={contentRef} className="crayon-message-list__content">
                  {isLoadingMessages && (
                    <div className="crayon-loading-messages" role="status">
                      {texts.conversation.loading}
                    </div>
                  )}
                  {unlisted > 0 && (
                    <div className="crayon-render-error" role="note">
                      {texts.conversation.notListed(format.count(unlisted))}
                    </div>
                  )}
                  {visible.length > 0 && (
                    <div
                      ref={feed}
                      className="crayon-message-list__rows"
                      role="feed"
                      aria-busy={isRunning}
                      // Rows out of the window take their (measured or estimated) room.
                      style={{ height: rows.getTotalSize() }}
                      onKeyDown={onFeedKeyDown}
                      onFocus={onFeedFocus}
                      onBlur={onFeedBlur}
                    >
                      {items.map(({ index, key, start }) => {
                        const { messages: rowMessages } = listRows[index]!;
                        const message = rowMessages[0]!;
                        return (
                          <article
                            key={key}
                            ref={rows.measureElement}
                            data-index={index}
                            className={`crayon-message-list__row${match?.index === index ? " crayon-message-list__row--match" : ""}`}
                            aria-posinset={index + 1}
                            aria-setsize={listRows.length}
                            style={{ transform: `translateY(${start}px)` }}
                            // A feed's articles take focus (PageDown/PageUp move between them).
                            // biome-ignore lint/a11y/noNoninteractiveTabindex: feed article
                            tabIndex={0}
                          >
                            {message.role === "user" ? (
                              <MessageRow message={message} branch={branches[message.id]} />
                            ) : (
                              <ReplyTurn
                                messages={rowMessages}
                                resultsOf={(m) => resultsFor(m, allResults)}
                                branches={branches}
                                failedReplyId={failedReplyId}
                                isLast={index === listRows.length - 1}
                              />
                            )}
                          </article>
                        );
                      })}
                    </div>
                  )}
                  {isRunning &&
                    isWaitingForFirstToken(messages) &&
                    (loadingComponent ? loadingComponent() : <DefaultLoadingIndicator />)}
                  {error && (
                    <ErrorNotice
                      error={error}
                      onRetry={canRetry ? () => retry().catch(() => {}) : undefined}
                    />
                  )}
                </div>
              </div>
              {!isAtBottom && (
                <button
                  type="button"
                  className="crayon-scroll-to-latest"
                  aria-label={texts.conversation.scrollToLatest}
                  title={texts.conversation.scrollToLatest}
                  onClick={() => scrollToBottom()}
                >
                  <ArrowDownIcon />
                </button>
              )}
              <ReplyAnnouncer
                threadId={thread.threadId}
                messages={messages}
                isRunning={isRunning}
                agentName={agentName}
              />
              {/* Always there, so the change is announced; empty (and hidden) unless reconnecting. */}
              <div className="crayon-reconnecting" role="status" aria-live="polite">
                {thread.status === "reconnecting" ? texts.conversation.reconnecting : null}
              </div>
            </div>
          </ReplyRunningContext.Provider>
        </MessageListContext.Provider>
      </KeptRowsContext.Provider>
    </ThreadActionsContext.Provider>
  );
}
