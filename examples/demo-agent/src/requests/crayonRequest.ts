import type { TurnRequest } from "../chat/turnRequest";
import { isMessage, isRecord } from "../routes/validation";
import type { BodyError } from "./bodyError";

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
  const bad = messages.findIndex((m) => !isMessage(m));
  if (bad !== -1)
    return error(
      `messages[${bad}] is not a message (it needs a string \`id\` and a known \`role\`).`,
    );
  return {
    messages,
    ...(threadId !== undefined && { threadId }),
    ...(runId && { runId }),
    ...(state !== undefined && state !== null && { state }),
  };
}
