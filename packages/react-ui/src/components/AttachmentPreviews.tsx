import { useState } from "react";
import type { PendingAttachment } from "../internal/attachments/useAttachments";
import { useLocale } from "../locale/LocaleProvider";
import { CloseIcon, FileIcon } from "./StrokeIcon";

/** Props of {@link AttachmentPreviews}. */
type AttachmentPreviewsProps = {
  items: readonly PendingAttachment[];
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
};

/** The attachments of the message being written: thumbnails or file chips, each removable. */
export function AttachmentPreviews({ items, onRemove, onRetry }: AttachmentPreviewsProps) {
  const { messages, format } = useLocale();
  const texts = messages.attachments;
  if (items.length === 0) return null;
  return (
    <ul className="crayon-composer__attachments" aria-label={texts.list}>
      {items.map((item) => {
        const { name, size } = item.file;
        return (
          <li
            key={item.id}
            className={`crayon-composer__attachment crayon-composer__attachment--${item.status}`}
            aria-busy={item.status === "uploading"}
          >
            <Thumbnail previewUrl={item.previewUrl} />
            <span className="crayon-composer__attachment-text">
              <span className="crayon-composer__attachment-name">{name}</span>
              <span className="crayon-composer__attachment-detail">
                {item.status === "uploading"
                  ? texts.uploading
                  : item.status === "failed"
                    ? messages.common.failed
                    : format.bytes(size)}
              </span>
            </span>
            {item.status === "failed" && (
              <button
                type="button"
                className="crayon-composer__attachment-retry"
                aria-label={texts.retryFile(name)}
                onClick={() => onRetry(item.id)}
              >
                {messages.common.retry}
              </button>
            )}
            <button
              type="button"
              className="crayon-icon-button crayon-composer__attachment-remove"
              aria-label={texts.removeFile(name)}
              onClick={() => onRemove(item.id)}
            >
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** An image's preview, or the file icon when there is none or the image cannot be decoded. */
function Thumbnail({ previewUrl }: { previewUrl: string | undefined }) {
  const [broken, setBroken] = useState(false);
  if (previewUrl && !broken) {
    return (
      <img
        className="crayon-composer__thumbnail"
        src={previewUrl}
        alt=""
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className="crayon-composer__file-icon">
      <FileIcon />
    </span>
  );
}
