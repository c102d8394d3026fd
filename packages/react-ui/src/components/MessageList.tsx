import { type BranchInfo, type ChatManager, getThreadActions } from "@crayonai/react-core";
import type { Message, ToolMessage } from "@crayonai/stream";
import { memo, type ReactNode, useEffect, useMemo, useRef } from "react";
import { useStickToBottom } from "use-stick-to-bottom";
import { ReplyRunningContext } from "../internal/replyRunningContext";
import { ThreadActionsContext } from "../internal/threadActionsContext";
import { findLast, isVisibleMessage, toolResultsById } from "../internal/visibleMessages";
import { ErrorNotice } from "./ErrorNotice";
import { MessageView, type MessageViewProps } from "./MessageView";
import { labelOf, RenderErrorBoundary, RenderErrorNotice } from "./RenderErrorBoundary";
import { ReplyAnnouncer } from "./ReplyAnnouncer";
import { ArrowDownIcon } from "./StrokeIcon";

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

function sameBranch(a: BranchInfo | undefined, b: BranchInfo | undefined): boolean {
  return a === b || (a?.index === b?.index && a?.count === b?.count);
}

function sameResults(
  a: ReadonlyMap<string, ToolMessage> | undefined,
  b: ReadonlyMap<string, ToolMessage> | undefined,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [id, result] of a) if (b.get(id) !== result) return false;
  return true;
}

/**
 * A row re-renders only when its own message, tool results or branch changed: messages keep
 * their identity across updates, so a streaming reply re-renders its row and no other.
 */
const MessageRow = memo(
  function MessageRow(props: MessageViewProps) {
    const { message } = props;
    const detail = `${labelOf(message.role)} message ${labelOf(message.id)}`;
    return (
      <RenderErrorBoundary
        resetKey={message}
        what={detail}
        fallback={<RenderErrorNotice what="This message" detail={detail} />}
      >
        <MessageView {...props} />
      </RenderErrorBoundary>
    );
  },
  (prev: MessageViewProps, next: MessageViewProps) =>
    prev.message === next.message &&
    prev.errorShownBelow === next.errorShownBelow &&
    prev.canRegenerate === next.canRegenerate &&
    sameBranch(prev.branch, next.branch) &&
    sameResults(prev.toolResults, next.toolResults),
);

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

/** The ids of the last assistant reply of each turn (before the next user message or the end). */
function lastRepliesOfTurns(visible: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  let turnEnds = true;
  for (let i = visible.length - 1; i >= 0; i--) {
    const message = visible[i]!;
    if (message.role === "user") turnEnds = true;
    else if (message.role === "assistant" && turnEnds) {
      ids.add(message.id);
      turnEnds = false;
    }
  }
  return ids;
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
  return (
    <div className="crayon-loading" role="status">
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-loading__dot" aria-hidden="true" />
      <span className="crayon-visually-hidden">Assistant is replying</span>
    </div>
  );
}

/**
 * The selected thread's messages: sticks to the bottom while a reply streams, shows errors
 * with Retry, a branch picker on messages with alternatives, and announces finished replies.
 */
export function MessageList({
  chat,
  scrollVariant = "always",
  loadingComponent,
  agentName,
}: MessageListProps) {
  const thread = chat.threadManager;
  const { isRunning, error, branches, isLoadingMessages } = thread;
  // Rows need an id and a role; anything else in the list is counted, not rendered.
  const given = thread.messages;
  const messages = useMemo(() => given.filter(isListable), [given]);
  const unlisted = given.length - messages.length;
  const { scrollRef, contentRef, scrollToBottom, stopScroll, isAtBottom } = useStickToBottom({
    initial: "instant",
    resize: "instant",
  });

  // Actions keep their identity, so the context value (and the rows reading it) stays stable.
  const actions = getThreadActions(thread);
  const { retry } = thread;

  // Opening a thread (or switching to another) lands on its end at once; a message the user
  // sends scrolls there smoothly. A smooth scroll across a long thread is still far from the end
  // seconds later, and it overrides the hook's own instant initial scroll.
  const lastUserMessageId = findLast(messages, (m) => m.role === "user")?.id;
  const threadId = thread.threadId;
  const shown = useRef<{ threadId: string | null; lastUserMessageId?: string }>(undefined);
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

  const allResults = useMemo(() => toolResultsById(messages), [messages]);
  const visible = messages.filter(isVisibleMessage);
  const regenerable = lastRepliesOfTurns(visible);
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

  return (
    <ThreadActionsContext.Provider value={actions}>
      <ReplyRunningContext.Provider value={isRunning}>
        <div className="crayon-message-list">
          <div
            ref={scrollRef}
            className="crayon-message-list__scroll"
            role="log"
            aria-label="Messages"
            aria-live="off"
            aria-busy={isRunning}
            // The log scrolls: keyboard users need to reach it.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
            tabIndex={0}
          >
            <div ref={contentRef} className="crayon-message-list__content">
              {isLoadingMessages && (
                <div className="crayon-loading-messages" role="status">
                  Loading messages…
                </div>
              )}
              {unlisted > 0 && (
                <div className="crayon-render-error" role="note">
                  {unlisted === 1
                    ? "1 message could not be displayed"
                    : `${unlisted} messages could not be displayed`}
                </div>
              )}
              {visible.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  toolResults={resultsFor(message, allResults)}
                  branch={branches[message.id]}
                  errorShownBelow={message.id === failedReplyId}
                  canRegenerate={regenerable.has(message.id)}
                />
              ))}
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
              aria-label="Scroll to latest message"
              title="Scroll to latest message"
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
            {thread.status === "reconnecting" ? "Reconnecting…" : null}
          </div>
        </div>
      </ReplyRunningContext.Provider>
    </ThreadActionsContext.Provider>
  );
}
