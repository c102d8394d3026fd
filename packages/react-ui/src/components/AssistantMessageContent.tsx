import type { AssistantMessage, ToolMessage } from "@crayonai/stream";
import { safeImageUrl, safeLinkUrl } from "../internal/safeUrl";
import { Markdown } from "./Markdown";
import { RemoteImage } from "./RemoteImage";
import { ToolCallView } from "./ToolCallView";

/** Props of {@link AssistantMessageContent}. */
export type AssistantMessageContentProps = {
  message: AssistantMessage;
  /** Tool results by tool call id. */
  toolResults?: ReadonlyMap<string, ToolMessage>;
  /** The thread's error notice right below already says why this reply failed: don't repeat it. */
  errorShownBelow?: boolean;
};

/** An assistant reply: markdown text, tool calls, sources, files and its status. */
export function AssistantMessageContent({
  message,
  toolResults,
  errorShownBelow,
}: AssistantMessageContentProps) {
  const isStreaming = message.status === "streaming";
  return (
    <div className="crayon-assistant-content">
      {message.content && <Markdown>{message.content}</Markdown>}
      {message.toolCalls?.map((toolCall) => (
        <ToolCallView
          key={toolCall.id}
          toolCall={toolCall}
          result={toolResults?.get(toolCall.id)}
          isStreaming={isStreaming}
          isAwaitingInput={message.status === "awaiting_input"}
        />
      ))}
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
      {message.sources && message.sources.length > 0 && (
        <ul className="crayon-sources" aria-label="Sources">
          {message.sources.map((source) => {
            const href = safeLinkUrl(source.url);
            const title = source.title ?? source.filename ?? source.url ?? source.id;
            return (
              <li key={source.id}>
                {href ? (
                  <a href={href} rel="noopener noreferrer" target="_blank">
                    {title}
                  </a>
                ) : (
                  title
                )}
              </li>
            );
          })}
        </ul>
      )}
      {message.status === "awaiting_input" && (
        <p className="crayon-status crayon-status--awaiting">Waiting for your input</p>
      )}
      {message.status === "stopped" && <p className="crayon-status">Stopped</p>}
      {message.status === "error" && !errorShownBelow && (
        <p className="crayon-status crayon-status--error">
          {message.error ?? "This reply failed."}
        </p>
      )}
    </div>
  );
}
