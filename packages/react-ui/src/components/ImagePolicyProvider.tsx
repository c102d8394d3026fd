import type { ReactNode } from "react";
import { ImagePolicyContext } from "../internal/imagePolicy";

/** Props of {@link ImagePolicyProvider}. */
export type ImagePolicyProviderProps = {
  /** Origins images may load from without a click, e.g. `["https://cdn.example.com"]`. */
  allowedImageOrigins: readonly string[];
  children: ReactNode;
};

/**
 * Sets which origins images in messages may load from without a click, for layouts built from
 * the parts (`CrayonChat` takes the same list as its `allowedImageOrigins` prop). The page's own
 * origin and inline raster images always load; others wait for the user.
 */
export function ImagePolicyProvider({ allowedImageOrigins, children }: ImagePolicyProviderProps) {
  return (
    <ImagePolicyContext.Provider value={allowedImageOrigins}>
      {children}
    </ImagePolicyContext.Provider>
  );
}
