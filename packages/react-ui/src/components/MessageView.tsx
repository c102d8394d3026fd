import type { BranchInfo } from "@crayonai/react-core";
import type { InputContent, Message, ToolMessage, UserMessage } from "@crayonai/stream";
import { useEffect, useRef, useState } from "react";
import { useThreadActions } from "../internal/threadActionsContext";
import { isVisibleMessage } from "../internal/visibleMessages";
import { useLocale } from "../locale/LocaleProvider";
import { ActivityView } from "./ActivityRenderers";
import { AssistantMessageContent } from "./AssistantMessageContent";
import { BranchPicker } from "./BranchPicker";
import { MessageControls } from "./MessageControls";
import { MessageEditor } from "./MessageEditor";
import { ReasoningView } from "./ReasoningView";
import { UserMessageContent } from "./UserMessageContent";

/** Props of {@link Message}. */
export type MessageViewProps = {
  message: Message;
  /** Results of the message's tool calls, by tool call id (assistant messages). */
  toolResults?: ReadonlyMap<string, ToolMessage>;
  /** Set when the message has alternatives: shows a branch picker. */
  branch?: BranchInfo;
  /** The thread's error notice right below already says why this reply failed. */
  errorShownBelow?: boolean;
  /** The last reply of a turn: offers Regenerate. */
  canRegenerate?: boolean;
  /**
   * Part of a turn's reply shown as one (the message list): no action row of its own, the
   * reply has one at its end.
   */
  inReply?: boolean;
};

function Body({ message, toolResults, errorShownBelow }: MessageViewProps) {
  switch (message.role) {
    case "user":
      return <UserMessageContent message={message} />;
    case "assistant":
      return (
        <AssistantMessageContent
          message={message}
          toolResults={toolResults}
          errorShownBelow={errorShownBelow}
        />
      );
    case "reasoning":
      return <ReasoningView message={message} />;
    case "activity":
      return <ActivityView message={message} />;
    default:
      return null;
  }
}

/** The text of a user message: its text parts, one per line. */
function editableText(message: UserMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** The edited content: the new text, followed by the message's attachments, kept as they were. */
function editedContent(message: UserMessage, text: string): string | InputContent[] {
  if (typeof message.content === "string") return text;
  const attachments = message.content.filter((part) => part.type !== "text");
  return attachments.length ? [{ type: "text", text }, ...attachments] : text;
}

/**
 * One message, rendered by role: user text and attachments, assistant markdown and tool
 * calls, reasoning, activities. System, developer, tool and hidden messages render nothing
 * (tool results show inside their tool call).
 */
export function MessageView({
  message,
  toolResults,
  branch,
  errorShownBelow,
  canRegenerate,
  inReply,
}: MessageViewProps) {
  const actions = useThreadActions();
  const { messages: texts } = useLocale();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // After Cancel, focus goes back to the Edit button the user came from.
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  if (!isVisibleMessage(message)) return null;
  const speaker =
    message.role === "user"
      ? texts.conversation.you
      : message.role === "assistant"
        ? texts.chat.assistant
        : undefined;
  const userMessage = message.role === "user" ? message : undefined;
  // A finished reply (not one still streaming or waiting for the user) can be copied and rated.
  const reply =
    message.role === "assistant" &&
    message.status !== "streaming" &&
    message.status !== "awaiting_input"
      ? message
      : undefined;
  const isEditing = editing && userMessage !== undefined && actions !== null;
  // A streaming reply keeps room for the action row it gets when it finishes (styles.css), so
  // the reply does not move then.
  const streaming = !inReply && message.role === "assistant" && message.status === "streaming";

  // Failures (e.g. the thread became busy) show in the thread's error notice.
  const onEdit = actions && userMessage ? () => setEditing(true) : undefined;
  // A reply waiting for the user's answer is not finished: the answer continues it.
  const onRegenerate =
    actions && canRegenerate && message.role === "assistant" && message.status !== "awaiting_input"
      ? () => actions.regenerate(message.id).catch(() => {})
      : undefined;

  return (
    <div
      className={`crayon-message crayon-message--${message.role}${streaming ? " crayon-message--streaming" : ""}`}
      data-message-id={message.id}
    >
      {speaker && <span className="crayon-visually-hidden">{speaker}: </span>}
      {isEditing ? (
        <MessageEditor
          initialText={editableText(userMessage)}
          onSave={(text) => {
            setEditing(false);
            actions.editMessage(message.id, editedContent(userMessage, text)).catch(() => {});
          }}
          onCancel={() => {
            refocusEdit.current = true;
            setEditing(false);
          }}
        />
      ) : (
        <div className="crayon-message__body">
          <Body message={message} toolResults={toolResults} errorShownBelow={errorShownBelow} />
        </div>
      )}
      {!isEditing && !inReply && (
        <div className="crayon-message__footer">
          {branch && branch.count > 1 && actions && (
            <BranchPicker messageId={message.id} branch={branch} onSwitch={actions.switchBranch} />
          )}
          <MessageControls
            onEdit={onEdit}
            onRegenerate={onRegenerate}
            editButtonRef={editButton}
            copyText={reply?.content || undefined}
            feedbackMessageId={reply?.id}
          />
        </div>
      )}
    </div>
  );
}
