import { vercelUIMessageConverter } from "@crayonai/stream/converters/vercel";
import { convertToModelMessages, safeValidateUIMessages, type UIMessage } from "ai";
import type { TurnRequest } from "../chat/turnRequest";
import { type BodyError, schemaError } from "./bodyError";
import { isRecord } from "./isRecord";

const TRIGGERS = ["submit-message", "regenerate-message"];

/** The zod issues behind an AI SDK validation error, when it has them. */
function issuesOf(error: Error): { path: PropertyKey[]; message: string }[] {
  const issues = (error.cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? issues : [{ path: [], message: error.message }];
}

/**
 * Reads the body the AI SDK's `DefaultChatTransport` posts, `{ id, messages: UIMessage[],
 * trigger, messageId }`, the way an AI SDK route handler does: the messages must pass
 * `validateUIMessages` and `convertToModelMessages`. `id` is the thread; the messages are read
 * with `vercelUIMessageConverter`.
 */
export async function readVercelRequest(
  body: unknown,
): Promise<TurnRequest<UIMessage> | BodyError> {
  if (!isRecord(body)) return { error: "The body must be a JSON object." };
  const { id, messages, trigger, messageId } = body;
  if (typeof id !== "string" || id === "")
    return { error: "`id` (the chat's id) must be a non-empty string." };
  if (trigger !== undefined && !TRIGGERS.includes(trigger as string))
    return { error: `\`trigger\` must be one of ${TRIGGERS.join(", ")}.` };
  if (messageId !== undefined && typeof messageId !== "string")
    return { error: "`messageId` must be a string." };
  const validated = await safeValidateUIMessages({ messages });
  if (!validated.success)
    return schemaError("`messages` are not UI messages", issuesOf(validated.error), ["messages"]);
  try {
    await convertToModelMessages(validated.data);
  } catch (error) {
    return {
      error: `convertToModelMessages rejected the messages: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { threadId: id, messages: validated.data, converter: vercelUIMessageConverter() };
}
