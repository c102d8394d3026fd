import type { InputContent, MediaPart, UserMessage } from "@crayonai/stream";
import { normalizeContentPart } from "@crayonai/stream";
import { safeImageUrl, safeLinkUrl } from "../internal/safeUrl";
import { useLocale } from "../locale/LocaleProvider";
import { RemoteImage } from "./RemoteImage";

function mediaUrl(part: MediaPart): string | undefined {
  const { source } = part;
  if (source.type === "data") return `data:${source.mimeType};base64,${source.value}`;
  if (source.type === "url") return source.value;
  return undefined;
}

function mimeTypeOf(part: MediaPart): string | undefined {
  return "mimeType" in part.source ? part.source.mimeType : undefined;
}

/** One attachment: an image when its source is safe for `<img>`, otherwise a file chip. */
function Attachment({ part }: { part: MediaPart }) {
  const url = mediaUrl(part);
  const { image } = useLocale().messages.attachments;
  const name = part.filename ?? mimeTypeOf(part) ?? part.type;
  if (part.type === "image") {
    const src = safeImageUrl(url);
    if (src) return <RemoteImage src={src} alt={part.filename ?? image} />;
  }
  // Only web URLs become links: a `data:` URL is never offered as a link target.
  const href = safeLinkUrl(url);
  return href ? (
    <a className="crayon-attachment__file" href={href} rel="noopener noreferrer" target="_blank">
      {name}
    </a>
  ) : (
    <span className="crayon-attachment__file">{name}</span>
  );
}

function Part({ part }: { part: InputContent }) {
  const normalized = normalizeContentPart(part);
  if (normalized.type === "text") {
    return (
      <p className="crayon-user-text" dir="auto">
        {normalized.text}
      </p>
    );
  }
  return <Attachment part={normalized} />;
}

/**
 * The text and attachments of a user message, shown as plain text (never as markdown or HTML).
 * A message an embedded MCP App sent for the user says which app sent it.
 */
export function UserMessageContent({ message }: { message: UserMessage }) {
  const { sentFromApp } = useLocale().messages.conversation;
  if (typeof message.content === "string") {
    const app = message.metadata?.mcpApp?.title;
    return (
      <p className="crayon-user-text" dir="auto">
        {typeof app === "string" && <span className="crayon-user-source">{sentFromApp(app)}</span>}
        {message.content}
      </p>
    );
  }
  return (
    <div className="crayon-user-parts">
      {message.content.map((part, index) => (
        // Parts have optional ids only; their order is stable within a message.
        <Part key={part.id ?? index} part={part} />
      ))}
    </div>
  );
}
