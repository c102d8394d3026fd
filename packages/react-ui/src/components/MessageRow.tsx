import type { BranchInfo } from "@crayonai/react-core";
import type { ToolMessage } from "@crayonai/stream";
import { memo } from "react";
import { useLocale } from "../locale/LocaleProvider";
import { MessageView, type MessageViewProps } from "./MessageView";
import { labelOf, RenderErrorBoundary, RenderErrorNotice } from "./RenderErrorBoundary";

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
 * One message of the list, inside its own error boundary. It re-renders only when its own
 * message, tool results or branch changed: messages keep their identity across updates, so a
 * streaming reply re-renders its message and no other.
 */
export const MessageRow = memo(
  function MessageRow(props: MessageViewProps) {
    const { message } = props;
    const { conversation } = useLocale().messages;
    const role = labelOf(message.role);
    const id = labelOf(message.id);
    return (
      <RenderErrorBoundary
        resetKey={message}
        what={`${role} message ${id}`}
        fallback={
          <RenderErrorNotice
            what={conversation.messageNotShown}
            detail={conversation.messageDetail(role, id)}
          />
        }
      >
        <MessageView {...props} />
      </RenderErrorBoundary>
    );
  },
  (prev: MessageViewProps, next: MessageViewProps) =>
    prev.message === next.message &&
    prev.errorShownBelow === next.errorShownBelow &&
    prev.canRegenerate === next.canRegenerate &&
    prev.inReply === next.inReply &&
    sameBranch(prev.branch, next.branch) &&
    sameResults(prev.toolResults, next.toolResults),
);
