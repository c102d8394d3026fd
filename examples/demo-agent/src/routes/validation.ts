import type { Message, UserMessage } from "@crayonai/stream";

const ROLES = new Set([
  "user",
  "assistant",
  "system",
  "developer",
  "tool",
  "reasoning",
  "activity",
]);

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` looks like a Crayon message: an object with a string `id` and a known `role`. */
export function isMessage(value: unknown): value is Message {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    value.id !== "" &&
    typeof value.role === "string" &&
    ROLES.has(value.role)
  );
}

/** Whether `value` is a user message with string or part content. */
export function isUserMessage(value: unknown): value is UserMessage {
  return (
    isMessage(value) &&
    value.role === "user" &&
    (typeof value.content === "string" || Array.isArray(value.content))
  );
}
