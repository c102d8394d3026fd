import { validateMessages } from "@crayonai/stream";
import type { TurnRequest } from "../chat/turnRequest";
import type { BodyError } from "./bodyError";
import { isRecord } from "./isRecord";
import { messagesError } from "./messagesError";

/**
 * Reads Crayon's own request body, `{ threadId?, runId?, messages, state? }` with messages in
 * the Crayon model (what the `crayon`, `plain-text` and `text` protocols are sent), or says
 * what is wrong with it.
 */
export function readCrayonRequest(body: unknown): TurnRequest | BodyError {
  const error = (text: string): BodyError => ({ error: text });
  if (!isRecord(body)) return error("The body must be a JSON object.");
  const { threadId, runId, messages, state } = body;
  if (threadId !== undefined && (typeof threadId !== "string" || threadId === ""))
    return error("`threadId` must be a non-empty string.");
  if (runId !== undefined && typeof runId !== "string") return error("`runId` must be a string.");
  if (!Array.isArray(messages)) return error("`messages` must be an array of messages.");
  // Every message valid, or none stored; what is kept drops the `null`s the check ignores.
  const validated = validateMessages(messages);
  if (validated.errors.length) return messagesError(validated.errors);
  return {
    messages: validated.messages,
    ...(threadId !== undefined && { threadId }),
    ...(runId && { runId }),
    ...(state !== undefined && state !== null && { state }),
  };
}
