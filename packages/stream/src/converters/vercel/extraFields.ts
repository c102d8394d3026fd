import { isRecord } from "../../internal/jsonData";
import type { Metadata } from "../../message";

/**
 * The metadata key under which a loaded part keeps the AI SDK fields Crayon has no place for
 * (`providerExecuted`, provider metadata, a `dynamic-tool` type, …), so that it is sent back
 * as it came.
 */
export const VERCEL_PART = "vercelPart";

/** The defined fields of `part` other than `known`; undefined when there are none. */
export function extraFields(
  part: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  const extra: Record<string, unknown> = {};
  for (const key in part)
    if (part[key] !== undefined && !known.includes(key)) extra[key] = part[key];
  return Object.keys(extra).length ? extra : undefined;
}

/** `{ vercelPart: extra }` to spread into a metadata object, or nothing. */
export const keepExtra = (extra: Record<string, unknown> | undefined) =>
  extra && { [VERCEL_PART]: extra };

/** The fields {@link keepExtra} kept in `metadata`. */
export function keptExtra(metadata: Metadata | undefined): Record<string, any> {
  const extra = metadata?.[VERCEL_PART];
  return isRecord(extra) ? extra : {};
}
