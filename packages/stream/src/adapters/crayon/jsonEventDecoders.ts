import type { CrayonStreamEvent } from "../../events";
import { isRecord } from "../../internal/jsonData";
import { type JSONPayloadEventType, sseTypeOfEvent } from "./sseTypeOfEvent";

/**
 * Builds the event one JSON-bodied frame carries from its parsed `data:` object, or returns why
 * the object is not a valid event (a missing or mistyped field).
 */
export type JSONEventDecoder = (data: Record<string, any>) => CrayonStreamEvent | string;

/**
 * The fields of each JSON-bodied event, as `"<field> <field> …"`. A field is `name` (a string),
 * `name:+` (a non-empty string), `name:o` (an object), `name:a` (an array), `name:b` (a
 * boolean), `name:n` (a number), `name:*` (any value, copied as is) or `name=a|b` (one of these strings); a
 * trailing `?` makes it optional. The table is compiled once: a compact table keeps the
 * default adapter small, and decoding is a loop over a few prepared checks.
 */
// A complete record: a new event type does not compile until its fields are described here.
const FIELD_SPECS: Record<JSONPayloadEventType, string> = {
  "message-update": "id:+",
  "tool-call-start": "toolCallId toolCallName parentMessageId?",
  "tool-call-args": "toolCallId delta",
  "tool-call-end": "toolCallId",
  "tool-call-result": "toolCallId content error? messageId?",
  "tool-approval-request": "toolCallId approvalId",
  "reasoning-start": "messageId",
  "reasoning-end": "messageId durationMs:n?",
  "activity-snapshot": "activityType content:o replace:b? messageId?",
  "activity-delta": "activityType content:o? patch:a? messageId?",
  "messages-snapshot": "messages:a",
  "state-snapshot": "snapshot:*",
  "state-delta": "delta:a",
  "status-update": "status=streaming|complete|awaiting_input|stopped|error messageId?",
  "run-start": "threadId? runId?",
  "run-finish": "threadId? runId? outcome=success|interrupt|cancelled? result:*? usage:o?",
  "message-start": "messageId",
  "message-end": "messageId?",
  "step-start": "stepName",
  "step-finish": "stepName",
  "encrypted-value": "entity=message|tool-call entityId encryptedValue",
  source: "source:o messageId?",
  file: "file:o messageId?",
  "message-metadata": "metadata:o messageId?",
  custom: "name value:*",
  raw: "event:* source?",
};

type Check = [test: (value: unknown) => boolean, what: string];

const KINDS: Record<string, Check> = {
  "": [(value) => typeof value === "string", "a string"],
  "+": [(value) => typeof value === "string" && value !== "", "a non-empty string"],
  o: [isRecord, "an object"],
  a: [Array.isArray, "an array"],
  b: [(value) => typeof value === "boolean", "a boolean"],
  n: [(value) => typeof value === "number", "a number"],
};

/** A field: its name, its check (none for `*`), and whether it may be absent. */
type Field = [name: string, check: Check | undefined, optional: boolean];

/**
 * Compiles a field spec (see {@link FIELD_SPECS}) into a decoder that builds `{ type, …fields }`
 * or says which field is wrong.
 */
export function compile(type: string, spec: string): JSONEventDecoder {
  const fieldSpecs = spec ? spec.split(" ") : [];
  const fields = fieldSpecs.map((fieldSpec): Field => {
    const optional = fieldSpec.endsWith("?");
    const body = optional ? fieldSpec.slice(0, -1) : fieldSpec;
    const [name, values] = body.split("=") as [string, string | undefined];
    if (values !== undefined) {
      const allowed = values.split("|");
      return [
        name,
        [(value) => allowed.includes(value as string), `one of ${allowed.join(", ")}`],
        optional,
      ];
    }
    const [key, kind = ""] = name.split(":") as [string, string | undefined];
    return [key, kind === "*" ? undefined : KINDS[kind], optional];
  });
  return (data) => {
    const event: Record<string, unknown> = { type };
    for (const [name, check, optional] of fields) {
      const value = data[name];
      // Absent or `null` (what many JSON serializers write for "none") leaves an optional field out.
      if (optional && (value === undefined || value === null)) continue;
      if (check && !check[0](value)) return `\`${name}\` must be ${check[1]}`;
      event[name] = value;
    }
    return event as CrayonStreamEvent;
  };
}

/**
 * Decoders for every frame whose `data:` is a JSON object of the event's fields (without
 * `type`), keyed by SSE event name. Names not in this table (and not handled as raw text or 0.6
 * templates by the sink) are unknown and skipped.
 */
export const JSON_EVENT_DECODERS: Readonly<Record<string, JSONEventDecoder | undefined>> =
  Object.assign(
    Object.create(null) as Record<string, JSONEventDecoder>,
    Object.fromEntries(
      Object.entries(FIELD_SPECS).map(([type, spec]) => [
        sseTypeOfEvent(type as JSONPayloadEventType),
        compile(type, spec),
      ]),
    ),
  );
