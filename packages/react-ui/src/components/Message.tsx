import type { BranchInfo } from "@crayonai/react-core";
import type { Message as ChatMessage, ToolMessage } from "@crayonai/stream";
import { useThreadActions } from "../internal/threadActionsContext";
import { isVisibleMessage } from "../internal/visibleMessages";
import { ActivityView } from "./ActivityRenderers";
import { AssistantMessageContent } from "./AssistantMessageContent";
import { BranchPicker } from "./BranchPicker";
import { ReasoningView } from "./ReasoningView";
import { UserMessageContent } from "./UserMessageContent";

/** Props of {@link Message}. */
export type MessageProps = {
  message: ChatMessage;
  /** Results of the message's tool calls, by tool call id (assistant messages). */
  toolResults?: ReadonlyMap<string, ToolMessage>;
  /** Set when the message has alternatives: shows a branch picker. */
  branch?: BranchInfo;
  /** The thread's error notice right below already says why this reply failed. */
  errorShownBelow?: boolean;
};

function Body({ message, toolResults, errorShownBelow }: MessageProps) {
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

const SPEAKER: Partial<Record<ChatMessage["role"], string>> = {
  user: "You",
  assistant: "Assistant",
};

/**
 * One message, rendered by role: user text and attachments, assistant markdown and tool
 * calls, reasoning, activities. System, developer, tool and hidden messages render nothing
 * (tool results show inside their tool call).
 */
export function Message({ message, toolResults, branch, errorShownBelow }: MessageProps) {
  const actions = useThreadActions();
  if (!isVisibleMessage(message)) return null;
  const speaker = SPEAKER[message.role];
  return (
    <div className={`crayon-message crayon-message--${message.role}`} data-message-id={message.id}>
      {speaker && <span className="crayon-visually-hidden">{speaker}: </span>}
      <div className="crayon-message__body">
        <Body message={message} toolResults={toolResults} errorShownBelow={errorShownBelow} />
      </div>
      {branch && branch.count > 1 && actions && (
        <BranchPicker messageId={message.id} branch={branch} onSwitch={actions.switchBranch} />
      )}
    </div>
  );
}
