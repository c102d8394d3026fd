import { type CrayonStreamEvent, type CrayonStreamEventOf, SSEType } from "../../events";
import { isRecord } from "../../internal/jsonData";

/**
 * Builds the event one JSON-bodied frame carries from its parsed `data:` object, or returns why
 * the object is not a valid event (a missing or mistyped field).
 */
export type JSONEventDecoder = (data: Record<string, any>) => CrayonStreamEvent | string;

const ASSISTANT_STATUSES: ReadonlySet<string> = new Set([
  "streaming",
  "complete",
  "awaiting_input",
  "stopped",
  "error",
]);
const RUN_OUTCOMES: ReadonlySet<string> = new Set(["success", "interrupt", "cancelled"]);

/** An event under construction; optional fields are added to it once they pass their check. */
type Target = object;

function expected(field: string, what: string): string {
  return `\`${field}\` must be ${what}`;
}

const A_STRING = "a string";

// Optional fields: absent or `null` (what many JSON serializers write for "none") leaves the
// field out of the event; any other value must have the right type.

function copyOptionalString(target: Target, data: Record<string, any>, key: string): boolean {
  const value = data[key];
  if (value === undefined || value === null) return true;
  if (typeof value !== "string") return false;
  (target as Record<string, unknown>)[key] = value;
  return true;
}

function copyOptionalRecord(target: Target, data: Record<string, any>, key: string): boolean {
  const value = data[key];
  if (value === undefined || value === null) return true;
  if (!isRecord(value)) return false;
  (target as Record<string, unknown>)[key] = value;
  return true;
}

/** Optional `messageId`, which most events share. */
function withMessageId<E extends CrayonStreamEvent>(
  event: E,
  data: Record<string, any>,
): E | string {
  return copyOptionalString(event, data, "messageId") ? event : expected("messageId", A_STRING);
}

/** Copies a field of any type when it is present (`unknown`-typed fields such as `result`). */
function copyPresent(target: Target, data: Record<string, any>, key: string): void {
  const value = data[key];
  if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

function stepEvent(type: "step-start" | "step-finish", data: Record<string, any>) {
  return typeof data.stepName === "string"
    ? { type, stepName: data.stepName as string }
    : expected("stepName", A_STRING);
}

/**
 * Decoders for every frame whose `data:` is a JSON object of the event's fields (without
 * `type`), keyed by SSE event name. Names not in this table (and not handled as raw text or 0.6
 * templates by the sink) are unknown and skipped.
 */
export const JSON_EVENT_DECODERS: Readonly<Record<string, JSONEventDecoder | undefined>> =
  Object.assign(Object.create(null) as Record<string, JSONEventDecoder>, {
    [SSEType.MessageUpdate](data) {
      return typeof data.id === "string" && data.id !== ""
        ? { type: "message-update", id: data.id }
        : expected("id", "a non-empty string");
    },

    [SSEType.ToolCallStart](data) {
      if (typeof data.toolCallId !== "string") return expected("toolCallId", A_STRING);
      if (typeof data.toolCallName !== "string") return expected("toolCallName", A_STRING);
      const event: CrayonStreamEventOf<"tool-call-start"> = {
        type: "tool-call-start",
        toolCallId: data.toolCallId,
        toolCallName: data.toolCallName,
      };
      return copyOptionalString(event, data, "parentMessageId")
        ? event
        : expected("parentMessageId", A_STRING);
    },

    [SSEType.ToolCallArgs](data) {
      if (typeof data.toolCallId !== "string") return expected("toolCallId", A_STRING);
      if (typeof data.delta !== "string") return expected("delta", A_STRING);
      return { type: "tool-call-args", toolCallId: data.toolCallId, delta: data.delta };
    },

    [SSEType.ToolCallEnd](data) {
      return typeof data.toolCallId === "string"
        ? { type: "tool-call-end", toolCallId: data.toolCallId }
        : expected("toolCallId", A_STRING);
    },

    [SSEType.ToolCallResult](data) {
      if (typeof data.toolCallId !== "string") return expected("toolCallId", A_STRING);
      if (typeof data.content !== "string") return expected("content", A_STRING);
      const event: CrayonStreamEventOf<"tool-call-result"> = {
        type: "tool-call-result",
        toolCallId: data.toolCallId,
        content: data.content,
      };
      if (!copyOptionalString(event, data, "error")) return expected("error", A_STRING);
      return withMessageId(event, data);
    },

    [SSEType.ToolApprovalRequest](data) {
      if (typeof data.toolCallId !== "string") return expected("toolCallId", A_STRING);
      if (typeof data.approvalId !== "string") return expected("approvalId", A_STRING);
      return {
        type: "tool-approval-request",
        toolCallId: data.toolCallId,
        approvalId: data.approvalId,
      };
    },

    [SSEType.ReasoningStart](data) {
      return typeof data.messageId === "string"
        ? { type: "reasoning-start", messageId: data.messageId }
        : expected("messageId", A_STRING);
    },

    [SSEType.ReasoningEnd](data) {
      return typeof data.messageId === "string"
        ? { type: "reasoning-end", messageId: data.messageId }
        : expected("messageId", A_STRING);
    },

    [SSEType.ActivitySnapshot](data) {
      if (typeof data.activityType !== "string") return expected("activityType", A_STRING);
      if (!isRecord(data.content)) return expected("content", "an object");
      const event: CrayonStreamEventOf<"activity-snapshot"> = {
        type: "activity-snapshot",
        activityType: data.activityType,
        content: data.content,
      };
      const replace = data.replace;
      if (replace !== undefined && replace !== null) {
        if (typeof replace !== "boolean") return expected("replace", "a boolean");
        event.replace = replace;
      }
      return withMessageId(event, data);
    },

    [SSEType.ActivityDelta](data) {
      if (typeof data.activityType !== "string") return expected("activityType", A_STRING);
      const event: CrayonStreamEventOf<"activity-delta"> = {
        type: "activity-delta",
        activityType: data.activityType,
      };
      if (!copyOptionalRecord(event, data, "content")) return expected("content", "an object");
      const patch = data.patch;
      if (patch !== undefined && patch !== null) {
        if (!Array.isArray(patch)) return expected("patch", "an array of JSON Patch operations");
        event.patch = patch;
      }
      return withMessageId(event, data);
    },

    [SSEType.MessagesSnapshot](data) {
      return Array.isArray(data.messages)
        ? { type: "messages-snapshot", messages: data.messages }
        : expected("messages", "an array");
    },

    [SSEType.StateSnapshot](data) {
      return { type: "state-snapshot", snapshot: data.snapshot };
    },

    [SSEType.StateDelta](data) {
      return Array.isArray(data.delta)
        ? { type: "state-delta", delta: data.delta }
        : expected("delta", "an array of JSON Patch operations");
    },

    [SSEType.StatusUpdate](data) {
      if (typeof data.status !== "string" || !ASSISTANT_STATUSES.has(data.status)) {
        return expected("status", `one of ${[...ASSISTANT_STATUSES].join(", ")}`);
      }
      return withMessageId({ type: "status-update", status: data.status as any }, data);
    },

    [SSEType.RunStart](data) {
      const event: CrayonStreamEventOf<"run-start"> = { type: "run-start" };
      if (!copyOptionalString(event, data, "threadId")) return expected("threadId", A_STRING);
      if (!copyOptionalString(event, data, "runId")) return expected("runId", A_STRING);
      return event;
    },

    [SSEType.RunFinish](data) {
      const event: CrayonStreamEventOf<"run-finish"> = { type: "run-finish" };
      if (!copyOptionalString(event, data, "threadId")) return expected("threadId", A_STRING);
      if (!copyOptionalString(event, data, "runId")) return expected("runId", A_STRING);
      const outcome = data.outcome;
      if (outcome !== undefined && outcome !== null) {
        if (!RUN_OUTCOMES.has(outcome)) {
          return expected("outcome", `one of ${[...RUN_OUTCOMES].join(", ")}`);
        }
        event.outcome = outcome;
      }
      copyPresent(event, data, "result");
      if (!copyOptionalRecord(event, data, "usage")) return expected("usage", "an object");
      return event;
    },

    [SSEType.MessageStart](data) {
      return typeof data.messageId === "string"
        ? { type: "message-start", messageId: data.messageId }
        : expected("messageId", A_STRING);
    },

    [SSEType.MessageEnd](data) {
      return withMessageId({ type: "message-end" }, data);
    },

    [SSEType.StepStart](data) {
      return stepEvent("step-start", data);
    },

    [SSEType.StepFinish](data) {
      return stepEvent("step-finish", data);
    },

    [SSEType.EncryptedValue](data) {
      if (data.entity !== "message" && data.entity !== "tool-call") {
        return expected("entity", '"message" or "tool-call"');
      }
      if (typeof data.entityId !== "string") return expected("entityId", A_STRING);
      if (typeof data.encryptedValue !== "string") return expected("encryptedValue", A_STRING);
      return {
        type: "encrypted-value",
        entity: data.entity,
        entityId: data.entityId,
        encryptedValue: data.encryptedValue,
      };
    },

    [SSEType.Source](data) {
      return isRecord(data.source)
        ? withMessageId({ type: "source", source: data.source as any }, data)
        : expected("source", "an object");
    },

    [SSEType.File](data) {
      return isRecord(data.file)
        ? withMessageId({ type: "file", file: data.file as any }, data)
        : expected("file", "an object");
    },

    [SSEType.MessageMetadata](data) {
      return isRecord(data.metadata)
        ? withMessageId({ type: "message-metadata", metadata: data.metadata }, data)
        : expected("metadata", "an object");
    },

    [SSEType.Custom](data) {
      return typeof data.name === "string"
        ? { type: "custom", name: data.name, value: data.value }
        : expected("name", A_STRING);
    },

    [SSEType.Raw](data) {
      const event: CrayonStreamEventOf<"raw"> = { type: "raw", event: data.event };
      return copyOptionalString(event, data, "source") ? event : expected("source", A_STRING);
    },
  } satisfies Record<string, JSONEventDecoder>);
