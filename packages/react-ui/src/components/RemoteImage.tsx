import { useState } from "react";
import {
  absoluteImageUrl,
  loadImageLabel,
  mayLoadImage,
  useAllowedImageOrigins,
} from "../internal/imagePolicy";
import { safeImageUrl } from "../internal/safeUrl";
import { useLocale } from "../locale/LocaleProvider";

/** Props of {@link RemoteImage}. */
export type RemoteImageProps = {
  src: string | undefined;
  alt: string;
  className?: string;
};

/**
 * An image from model or user output. It loads at once only from the page's origin, an allowed
 * origin or an inline raster image; any other shows a button naming the host, and loads when
 * the user asks. Renders nothing for a URL that is not safe as an image at all.
 */
export function RemoteImage({
  src,
  alt,
  className = "crayon-attachment__image",
}: RemoteImageProps) {
  const allowed = useAllowedImageOrigins();
  const { markdown } = useLocale().messages;
  const [loadAnyway, setLoadAnyway] = useState<string | undefined>();
  const safe = safeImageUrl(absoluteImageUrl(src));
  if (!safe) return null;
  if (loadAnyway === safe || mayLoadImage(safe, allowed))
    return <img className={className} src={safe} alt={alt} />;
  return (
    <button
      type="button"
      className="crayon-image-placeholder"
      onClick={(event) => {
        // Inside a markdown link, loading the image must not also follow the link.
        event.preventDefault();
        setLoadAnyway(safe);
      }}
    >
      {loadImageLabel(safe, markdown)}
      {alt && <span className="crayon-image-placeholder__alt">{alt}</span>}
    </button>
  );
}
