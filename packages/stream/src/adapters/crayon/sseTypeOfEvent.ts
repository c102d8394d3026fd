import { type CrayonStreamEventType, SSEType } from "../../events";

/** Event types whose frame carries raw text or a bare JSON value instead of a JSON object of fields. */
export type RawPayloadEventType = "text-delta" | "reasoning-delta" | "error" | "context-append";

/**
 * The SSE event name of every event type whose `data:` is a JSON object of the event's fields
 * (without `type`). Typed as a complete record, so a new event type cannot be forgotten here.
 */
export const SSE_TYPE_OF_EVENT: Readonly<
  Record<Exclude<CrayonStreamEventType, RawPayloadEventType>, SSEType>
> = {
  "message-update": SSEType.MessageUpdate,
  "tool-call-start": SSEType.ToolCallStart,
  "tool-call-args": SSEType.ToolCallArgs,
  "tool-call-end": SSEType.ToolCallEnd,
  "tool-call-result": SSEType.ToolCallResult,
  "tool-approval-request": SSEType.ToolApprovalRequest,
  "reasoning-start": SSEType.ReasoningStart,
  "reasoning-end": SSEType.ReasoningEnd,
  "activity-snapshot": SSEType.ActivitySnapshot,
  "activity-delta": SSEType.ActivityDelta,
  "messages-snapshot": SSEType.MessagesSnapshot,
  "state-snapshot": SSEType.StateSnapshot,
  "state-delta": SSEType.StateDelta,
  "status-update": SSEType.StatusUpdate,
  "run-start": SSEType.RunStart,
  "run-finish": SSEType.RunFinish,
  "message-start": SSEType.MessageStart,
  "message-end": SSEType.MessageEnd,
  "step-start": SSEType.StepStart,
  "step-finish": SSEType.StepFinish,
  "encrypted-value": SSEType.EncryptedValue,
  source: SSEType.Source,
  file: SSEType.File,
  "message-metadata": SSEType.MessageMetadata,
  custom: SSEType.Custom,
  raw: SSEType.Raw,
};
