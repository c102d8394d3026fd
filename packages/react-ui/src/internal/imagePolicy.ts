import { createContext, useContext } from "react";
import type { CrayonMessages } from "../locale/messages";

/**
 * Origins (`https://cdn.example.com`) images from model output may load from without a click,
 * besides the page's own origin and inline raster `data:image/*` URLs. `"*"` allows any.
 */
export type AllowedImageOrigins = readonly string[];

export const ImagePolicyContext = createContext<AllowedImageOrigins>([]);

/** The allowed origins in effect here. */
export const useAllowedImageOrigins = () => useContext(ImagePolicyContext);

// Raster formats only: an inline SVG is a document of its own.
const INLINE_RASTER = /^data:image\/(png|jpe?g|gif|webp|avif|bmp)[;,]/i;

/**
 * Whether an image URL (already checked by `safeImageUrl`) may load at once: a model can make
 * the browser fetch any URL by writing an image, which can leak what the chat contains.
 */
export function mayLoadImage(src: string, allowed: AllowedImageOrigins): boolean {
  if (INLINE_RASTER.test(src)) return true;
  if (src.startsWith("data:")) return false;
  const base = typeof location === "undefined" ? undefined : location.href;
  try {
    const { origin } = new URL(src, base);
    return (
      (base !== undefined && origin === location.origin) ||
      allowed.some((entry) => entry === "*" || originOf(entry) === origin)
    );
  } catch {
    return false;
  }
}

/** The origin of an allowed entry, so `https://CDN.example.com/` matches as it reads. */
function originOf(entry: string): string | undefined {
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

// A URL that names its scheme (`https:`, `data:`, `javascript:` …) is taken as written.
const HAS_SCHEME = /^\s*[a-z][a-z0-9+.-]*:/i;

/**
 * A relative image URL (`/charts/a.png`, `./logo.svg`) made absolute against the page, so it
 * counts as same-origin; any other URL unchanged. `safeImageUrl` still decides what is an image.
 */
export function absoluteImageUrl(src: string | undefined): string | undefined {
  if (!src || HAS_SCHEME.test(src) || typeof document === "undefined") return src;
  try {
    return new URL(src.trim(), document.baseURI).href;
  } catch {
    return undefined;
  }
}

/** The placeholder's label: which host the image would load from, so the user can judge. */
export function loadImageLabel(src: string, texts: CrayonMessages["markdown"]): string {
  if (src.startsWith("data:")) return texts.loadInlineImage;
  try {
    return texts.loadImageFrom(new URL(src).host);
  } catch {
    return texts.loadImageElsewhere;
  }
}
