import { type CrayonStreamEvent, SSEType } from "../../events";
import { isRecord } from "../../internal/jsonData";

/**
 * Builds the event one JSON-bodied frame carries from its parsed `data:` object, or returns why
 * the object is not a valid event (a missing or mistyped field).
 */
export type JSONEventDecoder = (data: Record<string, any>) => CrayonStreamEvent | string;

/**
 * Each JSON-bodied frame as `"<event type> <field> <field> …"`. A field is `name` (a string),
 * `name:+` (a non-empty string), `name:o` (an object), `name:a` (an array), `name:b` (a
 * boolean), `name:*` (any value, copied as is) or `name=a|b` (one of these strings); a
 * trailing `?` makes it optional. The table is compiled once: a compact table keeps the
 * default adapter small, and decoding is a loop over a few prepared checks.
 */
const SPECS: Record<string, string> = {
  [SSEType.MessageUpdate]: "message-update id:+",
  [SSEType.ToolCallStart]: "tool-call-start toolCallId toolCallName parentMessageId?",
  [SSEType.ToolCallArgs]: "tool-call-args toolCallId delta",
  [SSEType.ToolCallEnd]: "tool-call-end toolCallId",
  [SSEType.ToolCallResult]: "tool-call-result toolCallId content error? messageId?",
  [SSEType.ToolApprovalRequest]: "tool-approval-request toolCallId approvalId",
  [SSEType.ReasoningStart]: "reasoning-start messageId",
  [SSEType.ReasoningEnd]: "reasoning-end messageId",
  [SSEType.ActivitySnapshot]: "activity-snapshot activityType content:o replace:b? messageId?",
  [SSEType.ActivityDelta]: "activity-delta activityType content:o? patch:a? messageId?",
  [SSEType.MessagesSnapshot]: "messages-snapshot messages:a",
  [SSEType.StateSnapshot]: "state-snapshot snapshot:*",
  [SSEType.StateDelta]: "state-delta delta:a",
  [SSEType.StatusUpdate]:
    "status-update status=streaming|complete|awaiting_input|stopped|error messageId?",
  [SSEType.RunStart]: "run-start threadId? runId?",
  [SSEType.RunFinish]:
    "run-finish threadId? runId? outcome=success|interrupt|cancelled? result:*? usage:o?",
  [SSEType.MessageStart]: "message-start messageId",
  [SSEType.MessageEnd]: "message-end messageId?",
  [SSEType.StepStart]: "step-start stepName",
  [SSEType.StepFinish]: "step-finish stepName",
  [SSEType.EncryptedValue]: "encrypted-value entity=message|tool-call entityId encryptedValue",
  [SSEType.Source]: "source source:o messageId?",
  [SSEType.File]: "file file:o messageId?",
  [SSEType.MessageMetadata]: "message-metadata metadata:o messageId?",
  [SSEType.Custom]: "custom name value:*",
  [SSEType.Raw]: "raw event:* source?",
};

type Check = [test: (value: unknown) => boolean, what: string];

const KINDS: Record<string, Check> = {
  "": [(value) => typeof value === "string", "a string"],
  "+": [(value) => typeof value === "string" && value !== "", "a non-empty string"],
  o: [isRecord, "an object"],
  a: [Array.isArray, "an array"],
  b: [(value) => typeof value === "boolean", "a boolean"],
};

/** A field: its name, its check (none for `*`), and whether it may be absent. */
type Field = [name: string, check: Check | undefined, optional: boolean];

function compile(spec: string): JSONEventDecoder {
  const [type, ...fieldSpecs] = spec.split(" ");
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
    Object.fromEntries(Object.entries(SPECS).map(([name, spec]) => [name, compile(spec)])),
  );
