import { describe, expect, it } from "vitest";
import { type CrayonStreamEventType, SSEType } from "../../events";
import { crayonSSEEventName } from "./crayonSSEEventName";
import { JSON_EVENT_DECODERS } from "./jsonEventDecoders";

/** Every event type, as a complete record: a new type fails to compile until it is listed. */
const NAMES: Record<CrayonStreamEventType, `${SSEType}`> = {
  "text-delta": "text",
  "reasoning-delta": "reasoning",
  error: "error",
  "context-append": "context_append",
  "message-update": "message_update",
  "tool-call-start": "tool_call_start",
  "tool-call-args": "tool_call_args",
  "tool-call-end": "tool_call_end",
  "tool-call-result": "tool_call_result",
  "tool-approval-request": "tool_approval_request",
  "reasoning-start": "reasoning_start",
  "reasoning-end": "reasoning_end",
  "activity-snapshot": "activity_snapshot",
  "activity-delta": "activity_delta",
  "messages-snapshot": "messages_snapshot",
  "state-snapshot": "state_snapshot",
  "state-delta": "state_delta",
  "status-update": "status",
  "run-start": "run_start",
  "run-finish": "run_finish",
  "message-start": "message_start",
  "message-end": "message_end",
  "step-start": "step_start",
  "step-finish": "step_finish",
  "encrypted-value": "encrypted_value",
  source: "source",
  file: "file",
  "message-metadata": "message_metadata",
  custom: "custom",
  raw: "raw",
};

describe("crayonSSEEventName", () => {
  it("names every JSON-bodied frame with a member of SSEType", () => {
    const names = Object.keys(JSON_EVENT_DECODERS);
    expect(names.length).toBeGreaterThan(20);
    const known = new Set<string>(Object.values(SSEType));
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });

  it("gives each event type its frame's name, a member of SSEType", () => {
    const known = new Set<string>(Object.values(SSEType));
    for (const [type, name] of Object.entries(NAMES)) {
      expect(crayonSSEEventName(type), type).toBe(name);
      expect(known.has(name), name).toBe(true);
    }
  });

  it("names nothing that is not an event type: SSE names, 0.6 templates, prototype keys", () => {
    for (const type of [
      "",
      "text",
      "reasoning",
      "status",
      "tool_call_start",
      "context_append",
      "tpl",
      "tpl_props_chunk",
      "constructor",
      "__proto__",
      "toString",
      "Text-Delta",
      "not-an-event",
    ]) {
      expect(crayonSSEEventName(type), type).toBeUndefined();
    }
  });
});
