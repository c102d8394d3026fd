import type { AssistantMessage, ToolMessage } from "@crayonai/stream";
import { safeImageUrl, safeLinkUrl } from "../internal/safeUrl";
import { useLocale } from "../locale/LocaleProvider";
import { Markdown } from "./Markdown";
import { RemoteImage } from "./RemoteImage";
import { labelOf, RenderErrorBoundary, RenderErrorNotice } from "./RenderErrorBoundary";
import { SourceCards, SourcesContext } from "./Sources";
import { ToolCallView } from "./ToolCallView";

/** Props of {@link AssistantMessageContent}. */
export type AssistantMessageContentProps = {
  message: AssistantMessage;
  /** Tool results by tool call id. */
  toolResults?: ReadonlyMap<string, ToolMessage>;
  /** The thread's error notice right below already says why this reply failed: don't repeat it. */
  errorShownBelow?: boolean;
};

/** The ids of the message's calls that have no result yet. */
function pendingCallIds(
  message: AssistantMessage,
  toolResults: ReadonlyMap<string, ToolMessage> | undefined,
): Set<unknown> {
  const ids = new Set<unknown>();
  for (const call of message.toolCalls ?? []) {
    const id: unknown = call?.id;
    if (typeof id !== "string" || !toolResults?.has(id)) ids.add(id);
  }
  return ids;
}

/**
 * An assistant reply: markdown text (marked as declined when `metadata.refusal` is set), tool
 * calls, sources, files and its status.
 */
export function AssistantMessageContent({
  message,
  toolResults,
  errorShownBelow,
}: AssistantMessageContentProps) {
  const isStreaming = message.status === "streaming";
  const texts = useLocale().messages.conversation;
  const pending = pendingCallIds(message, toolResults);
  const toolCallCount = message.toolCalls?.length ?? 0;
  return (
    <div className="crayon-assistant-content">
      {message.content &&
        (message.metadata?.refusal === true ? (
          // The model declined (an OpenAI refusal part): said as such, not as an answer.
          <div className="crayon-refusal" role="note" aria-label={texts.modelDeclined}>
            <span className="crayon-refusal__label">{texts.declined}</span>
            <Markdown isStreaming={isStreaming}>{message.content}</Markdown>
          </div>
        ) : (
          // Its citations `[N]` link to the reply's sources.
          <SourcesContext.Provider value={message.sources}>
            <Markdown isStreaming={isStreaming}>{message.content}</Markdown>
          </SourcesContext.Provider>
        ))}
      {message.toolCalls?.map((toolCall, index) => {
        // A tool call may be malformed (or its view may throw): only its own card says so.
        const id: unknown = toolCall?.id;
        const name = labelOf(toolCall?.function?.name);
        return (
          <RenderErrorBoundary
            key={typeof id === "string" ? id : `#${index}`}
            resetKey={toolCall}
            what={`tool call ${name} in message ${labelOf(message.id)}`}
            fallback={<RenderErrorNotice what={texts.toolCallNotShown} detail={name} />}
          >
            <ToolCallView
              toolCall={toolCall}
              result={typeof id === "string" ? toolResults?.get(id) : undefined}
              replyStatus={message.status}
              otherCallsPending={pending.size > (pending.has(id) ? 1 : 0)}
              argsFinished={index < toolCallCount - 1}
            />
          </RenderErrorBoundary>
        );
      })}
      {message.files?.map((file) => {
        const image = file.mediaType.startsWith("image/") ? safeImageUrl(file.url) : undefined;
        const href = safeLinkUrl(file.url);
        const name = file.filename ?? file.mediaType;
        if (image) return <RemoteImage key={file.url} src={image} alt={name} />;
        return href ? (
          <a
            key={file.url}
            className="crayon-attachment__file"
            href={href}
            rel="noopener noreferrer"
            target="_blank"
          >
            {name}
          </a>
        ) : null;
      })}
      {message.sources && message.sources.length > 0 && <SourceCards sources={message.sources} />}
      {message.status === "awaiting_input" && (
        <p className="crayon-status crayon-status--awaiting">{texts.awaitingInput}</p>
      )}
      {message.status === "stopped" && <p className="crayon-status">{texts.stopped}</p>}
      {message.status === "error" && !errorShownBelow && (
        <p className="crayon-status crayon-status--error">{message.error ?? texts.replyFailed}</p>
      )}
    </div>
  );
}
