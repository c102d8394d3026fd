import type { HttpOptions } from "./postJSON";

/**
 * The HTTP options with `Authorization: Bearer <apiKey>` sent first, so that headers given
 * explicitly win; the options unchanged without a key.
 */
export function withBearerToken(options: HttpOptions, apiKey: string | undefined): HttpOptions {
  if (apiKey === undefined) return options;
  return {
    ...options,
    headers: async () => ({
      Authorization: `Bearer ${apiKey}`,
      ...(typeof options.headers === "function" ? await options.headers() : options.headers),
    }),
  };
}
