import type { EventSourceMessage } from "eventsource-parser";
import { SSEType } from "../../events";
import { isRecord } from "../../internal/jsonData";

/** The stream protocols {@link protocolOfEvent} tells apart. */
export type SniffedProtocol =
  | "crayon"
  | "agUI"
  | "vercel"
  | "openAI"
  | "openResponses"
  | "plainText";

const crayonEvents = new Set<string>(Object.values(SSEType));

// AG-UI event types are SCREAMING_SNAKE_CASE (RUN_STARTED, TEXT_MESSAGE_CONTENT, …).
const agUIType = /^[A-Z]+(_[A-Z]+)*$/;

// Vercel AI SDK UI message stream chunk types.
const vercelType =
  /^(start|finish|abort|error|message-metadata|file|(text|reasoning)-(start|delta|end)|(start|finish)-step|source-[a-z]+|tool-[a-z-]+|data-.+)$/;

/** Guesses the protocol of an SSE stream from its first event. */
export function protocolOfEvent({ event, data }: EventSourceMessage): SniffedProtocol {
  if (event && crayonEvents.has(event)) return "crayon";
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return "plainText";
  }
  if (!isRecord(json)) return "plainText";
  if (
    json.object === "chat.completion.chunk" ||
    Array.isArray(json.choices) ||
    isRecord(json.error)
  ) {
    return "openAI";
  }
  const { type } = json;
  if (typeof type === "string") {
    // A Responses stream opens with `response.created` (or `.queued`, `.in_progress`).
    if (type.startsWith("response.")) return "openResponses";
    if (agUIType.test(type)) return "agUI";
    if (vercelType.test(type)) return "vercel";
  }
  return "plainText";
}
