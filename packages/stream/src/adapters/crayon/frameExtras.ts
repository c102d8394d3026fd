import { isRecord } from "../../internal/jsonData";

/**
 * Reads the extra fields a frame carries in its `id:` field.
 *
 * `text`, `reasoning`, `error` and `context_append` frames keep their 0.6 payload in `data:`
 * (raw text, or the context value itself), so their optional fields travel in the SSE `id:`
 * field as a JSON object, e.g. `id: {"messageId":"msg_1"}`. Any other `id:` value (a sequence
 * number some servers add for reconnection) is not ours and is ignored.
 *
 * @returns the fields; `undefined` when there are none (no `id:`, or one that is not ours);
 * `null` when the `id:` starts with `{` but is not a JSON object.
 */
export function readFrameExtras(
  id: string | undefined,
): Record<string, unknown> | null | undefined {
  if (id?.[0] !== "{") return undefined;
  try {
    const fields: unknown = JSON.parse(id);
    return isRecord(fields) ? fields : null;
  } catch {
    return null;
  }
}
