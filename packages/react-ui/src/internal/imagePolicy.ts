import { createContext, useContext } from "react";

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
      allowed.includes("*") ||
      allowed.includes(origin)
    );
  } catch {
    return false;
  }
}

/** The host an image would load from, for the placeholder's label. */
export function imageHost(src: string): string {
  if (src.startsWith("data:")) return "an inline image";
  try {
    return new URL(src).host;
  } catch {
    return "another site";
  }
}
