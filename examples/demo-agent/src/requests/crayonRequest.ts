import { validateMessages } from "@crayonai/stream";
import type { TurnRequest } from "../chat/turnRequest";
import { isRecord } from "../routes/validation";
import type { BodyError } from "./bodyError";
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
  const { errors } = validateMessages(messages);
  if (errors.length) return messagesError(errors);
  return {
    messages,
    ...(threadId !== undefined && { threadId }),
    ...(runId && { runId }),
    ...(state !== undefined && state !== null && { state }),
  };
}
