import type { CrayonStreamEventType } from "../events";
import { fieldProblem, ownEntry, shapeProblem } from "../internal/fieldSpec";
import { isRecord } from "../internal/jsonData";
import { ASSISTANT_STATUS, FILE_FIELDS, SOURCE_FIELDS } from "../validation/messageShapes";

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
  "reasoning-end": "messageId:s durationMs:n?",
  "activity-snapshot": "activityType:s content:o messageId:s? replace:b?",
  "activity-delta": "activityType:s content:o? patch:a? messageId:s?",
  "messages-snapshot": "messages:a",
  "status-update": `status:${ASSISTANT_STATUS} messageId:s?`,
  error: "error:s code:s? status:n? messageId:s?",
  "message-start": "messageId:s",
  "message-end": "messageId:s?",
  "encrypted-value": "entity:message|tool-call entityId:s encryptedValue:s",
  source: "source:o messageId:s?",
  file: "file:o messageId:s?",
  "message-metadata": "metadata:o messageId:s?",
  "state-delta": "delta:a",
  "run-finish": "outcome:s?",
};

/**
 * Why the accumulator cannot apply `event`, or undefined when it can. Checked before anything
 * changes, so an event is either applied whole or not at all.
 */
export function eventProblem(event: unknown): string | undefined {
  if (!isRecord(event) || typeof event.type !== "string") return "not an event";
  const spec = ownEntry(FIELDS, event.type);
  const problem = spec && fieldProblem(event, spec);
  if (problem) return `invalid ${problem[0]} in "${event.type}"`;
  // A source or file goes into a message as it is: it must pass what validateMessages checks.
  if (event.type === "source") return shapeProblem(event.source, SOURCE_FIELDS);
  if (event.type === "file") return shapeProblem(event.file, FILE_FIELDS);
  return undefined;
}
