import type { SSEType } from "../../events";
import { JSON_EVENT_DECODERS } from "./jsonEventDecoders";
import { type JSONPayloadEventType, sseTypeOfEvent } from "./sseTypeOfEvent";

/**
 * The `event:` name the Crayon SSE format gives an event type: `text-delta` → `text`,
 * `tool-call-start` → `tool_call_start`, `status-update` → `status`, … (see `SSEType`), or
 * `undefined` for a string that is not a {@link CrayonStreamEventType}. The names are the ones
 * `crayonSSEAdapter` reads back, so a writer of the format (such as `@crayonai/server/sse`)
 * takes them from here rather than keeping a table of its own.
 *
 * `text-delta`, `reasoning-delta` and `error` frames carry raw text in `data:`, and
 * `context-append` a bare JSON value; every other event a JSON object of its fields.
 *
 * @example
 * ```ts
 * crayonSSEEventName("tool-call-start"); // "tool_call_start"
 * crayonSSEEventName("not-an-event"); // undefined
 * ```
 */
export function crayonSSEEventName(type: string): `${SSEType}` | undefined {
  switch (type) {
    case "text-delta":
      return "text";
    case "reasoning-delta":
      return "reasoning";
    case "error":
      return "error";
    case "context-append":
      return "context_append";
  }
  const name = sseTypeOfEvent(type as JSONPayloadEventType);
  // The adapter decodes exactly these names (the table has no prototype to match by accident).
  if (JSON_EVENT_DECODERS[name] === undefined) return undefined;
  // A name is not a type: `status` and `tool_call_start` map to themselves, but only
  // `status-update` and `tool-call-start` are events.
  const typeOfName = name === "status" ? "status-update" : name.replace(/_/g, "-");
  return typeOfName === type ? name : undefined;
}
