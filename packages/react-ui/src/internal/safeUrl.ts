/**
 * URL checks for anything model or user output puts into `src` or `href`. Links accept only
 * web URLs; images also accept inline `data:image/*` (an `<img>` never runs script), which is
 * never accepted for a link.
 */

const WEB_URL = /^https?:\/\//i;
const DATA_IMAGE_URL = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** The URL if it is safe as a link target (`http:` / `https:`), otherwise undefined. */
export function safeLinkUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  return WEB_URL.test(trimmed) ? trimmed : undefined;
}

/** The URL if it is safe as an `<img src>` (web URL or `data:image/*`), otherwise undefined. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  return WEB_URL.test(trimmed) || DATA_IMAGE_URL.test(trimmed) ? trimmed : undefined;
}
