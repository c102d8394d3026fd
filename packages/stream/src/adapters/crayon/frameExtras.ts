import { isRecord } from "../../internal/jsonData";

const OPEN_BRACE = 123; // "{"

/**
 * What a frame's `id:` field says about the event in its `data:`.
 *
 * `text`, `reasoning`, `error` and `context_append` frames keep their 0.6 payload in `data:`
 * (raw text, or the context value itself), so their optional fields travel in the SSE `id:`
 * field as a JSON object, e.g. `id: {"messageId":"msg_1"}`. Any other `id:` value (a sequence
 * number some servers add for reconnection) is not ours and is ignored.
 */
export type FrameExtras =
  /** No `id:` field, or one that is not a JSON object: the frame has no extra fields. */
  | { kind: "none" }
  | { kind: "fields"; fields: Record<string, unknown> }
  /** The `id:` field starts with `{` but is not a JSON object. */
  | { kind: "invalid" };

const NONE: FrameExtras = { kind: "none" };
const INVALID: FrameExtras = { kind: "invalid" };

/** Reads the extra fields a frame carries in its `id:` field. */
export function readFrameExtras(id: string | undefined): FrameExtras {
  if (id === undefined || id.charCodeAt(0) !== OPEN_BRACE) return NONE;
  let fields: unknown;
  try {
    fields = JSON.parse(id);
  } catch {
    return INVALID;
  }
  return isRecord(fields) ? { kind: "fields", fields } : INVALID;
}
