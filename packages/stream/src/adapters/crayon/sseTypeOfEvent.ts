import type { CrayonStreamEventType, SSEType } from "../../events";

/** Event types whose frame carries raw text or a bare JSON value instead of a JSON object of fields. */
export type RawPayloadEventType = "text-delta" | "reasoning-delta" | "error" | "context-append";

/** Event types whose frame carries a JSON object of the event's fields (without `type`). */
export type JSONPayloadEventType = Exclude<CrayonStreamEventType, RawPayloadEventType>;

/**
 * The SSE event name of an event type whose `data:` is a JSON object of the event's fields:
 * the type in snake_case (`tool-call-start` → `tool_call_start`), except `status-update`, which
 * the specification names `status`. Derived rather than tabulated so the default adapter stays
 * small; a test checks every name against `SSEType`.
 */
export function sseTypeOfEvent(type: JSONPayloadEventType): `${SSEType}` {
  return (type === "status-update" ? "status" : type.replace(/-/g, "_")) as `${SSEType}`;
}
