import type { BranchInfo } from "@crayonai/react-core";
import type { Message, ToolMessage } from "@crayonai/stream";
import { useReplyRunning } from "../internal/replyRunningContext";
import { replyText } from "../internal/replyTurns";
import { useThreadActions } from "../internal/threadActionsContext";
import { findLast } from "../internal/visibleMessages";
import { BranchPicker } from "./BranchPicker";
import { MessageControls } from "./MessageControls";
import { MessageRow } from "./MessageRow";

type ReplyTurnProps = {
  /** The turn's visible messages after its user message, in order. */
  messages: readonly Message[];
  /** Tool results of a message's calls, by tool call id. */
  resultsOf: (message: Message) => ReadonlyMap<string, ToolMessage> | undefined;
  branches: Readonly<Record<string, BranchInfo>>;
  /** The message whose failure the thread's error notice already explains. */
  failedReplyId?: string;
  /** The thread's last reply: its action row always shows. */
  isLast: boolean;
};

/**
 * A turn's reply as one: its messages (text, reasoning, tool cards, more text) with no gap, and
 * one action row at the end. Copy copies the reply's text (its assistant messages' markdown,
 * not tool data). Regenerate replaces everything after the user's last input: the whole turn,
 * or what followed an approval or answer given mid-turn (hidden messages the user gave, kept).
 * Good / Bad rate the turn's last assistant message. A reply waiting for the user (an answer, a
 * client tool's UI) and a failed one (its error notice and Retry follow it) have no action row.
 * The branch picker sits on the turn's first message that has alternatives (where a regenerated
 * turn forks).
 */
export function ReplyTurn({
  messages,
  resultsOf,
  branches,
  failedReplyId,
  isLast,
}: ReplyTurnProps) {
  const actions = useThreadActions();
  const streaming = useReplyRunning() && isLast;
  const last = findLast(messages, (m) => m.role === "assistant");
  const status = last?.role === "assistant" ? last.status : undefined;
  // Waiting for the user: asked for input, or a tool call the client's UI has yet to answer.
  const unanswered =
    last?.role === "assistant" &&
    status !== "stopped" &&
    status !== "error" &&
    // A row from outside may carry anything there: only a list of calls is looked into.
    Array.isArray(last.toolCalls) &&
    last.toolCalls.some((call) => !resultsOf(last)?.has(call?.id));
  const waiting = status === "awaiting_input" || unanswered;
  // A failed reply ends with the thread's error notice and its Retry, right below its text.
  const failed = failedReplyId !== undefined && messages.some((m) => m.id === failedReplyId);
  // A finished reply (not one still streaming, waiting for the user, or failed) can be copied
  // and rated.
  const finished = last && status !== "streaming" && !waiting && !failed;
  const branched = messages.find((m) => (branches[m.id]?.count ?? 0) > 1);
  return (
    <div
      className={`crayon-reply${streaming ? " crayon-reply--streaming" : ""}${isLast ? " crayon-reply--last" : ""}`}
    >
      {messages.map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          toolResults={resultsOf(message)}
          errorShownBelow={message.id === failedReplyId}
          inReply
        />
      ))}
      <div className="crayon-message__footer">
        {branched && actions && (
          <BranchPicker
            messageId={branched.id}
            branch={branches[branched.id]!}
            onSwitch={actions.switchBranch}
          />
        )}
        <MessageControls
          // A reply waiting for the user's answer is not finished: the answer continues it. A
          // failed one is retried from its error notice.
          onRegenerate={
            actions && last && !waiting && !failed
              ? () => actions.regenerate(last.id).catch(() => {})
              : undefined
          }
          copyText={(finished && replyText(messages)) || undefined}
          feedbackMessageId={finished ? last.id : undefined}
        />
      </div>
    </div>
  );
}
