import type { CrayonStreamEventType } from "../events";
import { fieldProblem, shapeProblem } from "../internal/fieldSpec";
import { isRecord } from "../internal/jsonData";

// What each event's fields must be for the accumulator to apply it (see fieldSpec). Events not
// listed carry nothing it reads.
const FIELDS: Partial<Record<CrayonStreamEventType, string>> = {
  "text-delta": "text:s messageId:s?",
  "message-update": "id:s",
  "context-append": "messageId:s?",
  "tool-call-start": "toolCallId:s toolCallName:s parentMessageId:s?",
  "tool-call-args": "toolCallId:s delta:s",
  "tool-call-end": "toolCallId:s",
  "tool-call-result": "toolCallId:s content:s messageId:s? error:s?",
  "tool-approval-request": "toolCallId:s approvalId:s",
  "reasoning-start": "messageId:s",
  "reasoning-delta": "text:s messageId:s?",
  "reasoning-end": "messageId:s",
  "activity-snapshot": "activityType:s content:o messageId:s? replace:b?",
  "activity-delta": "activityType:s content:o? patch:a? messageId:s?",
  "messages-snapshot": "messages:a",
  "status-update": "status:s messageId:s?",
  error: "error:s code:s? status:n? messageId:s?",
  "message-start": "messageId:s",
  "message-end": "messageId:s?",
  "encrypted-value": "entity:s entityId:s encryptedValue:s",
  source: "source:o messageId:s?",
  file: "file:o messageId:s?",
  "message-metadata": "metadata:o messageId:s?",
  "state-delta": "delta:a",
  "run-finish": "outcome:s?",
};

const STATUSES = ["streaming", "complete", "awaiting_input", "stopped", "error"];

/**
 * Why the accumulator cannot apply `event`, or undefined when it can. Checked before anything
 * changes, so an event is either applied whole or not at all.
 */
export function eventProblem(event: unknown): string | undefined {
  if (!isRecord(event) || typeof event.type !== "string") return "not an event";
  const spec = FIELDS[event.type as CrayonStreamEventType];
  const problem = spec && fieldProblem(event, spec);
  if (problem) return `invalid ${problem[0]} in "${event.type}"`;
  if (event.type === "status-update" && !STATUSES.includes(event.status)) return "unknown status";
  if (
    event.type === "encrypted-value" &&
    event.entity !== "message" &&
    event.entity !== "tool-call"
  )
    return "unknown entity";
  if (event.type === "source") return shapeProblem(event.source, "id:s kind:s url:s? title:s?");
  if (event.type === "file") return shapeProblem(event.file, "url:s mediaType:s filename:s?");
  return undefined;
}
