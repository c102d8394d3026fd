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

function isRecord(value: unknown): value is Record<string, unknown> {
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

/** The body of `POST /api/chat`, or a sentence saying what is wrong with it. */
export type ChatRequest = { threadId?: string; runId?: string; messages: Message[] };

/** Reads the body of `POST /api/chat`. */
export function parseChatRequest(body: unknown): ChatRequest | string {
  if (!isRecord(body)) return "The body must be a JSON object.";
  const { threadId, runId, messages } = body;
  if (threadId !== undefined && (typeof threadId !== "string" || threadId === ""))
    return "`threadId` must be a non-empty string.";
  if (runId !== undefined && typeof runId !== "string") return "`runId` must be a string.";
  if (!Array.isArray(messages)) return "`messages` must be an array of messages.";
  const bad = messages.findIndex((m) => !isMessage(m));
  if (bad !== -1)
    return `messages[${bad}] is not a message (it needs a string \`id\` and a known \`role\`).`;
  const request: ChatRequest = { messages: messages as Message[] };
  if (threadId !== undefined) request.threadId = threadId;
  if (runId) request.runId = runId;
  return request;
}
