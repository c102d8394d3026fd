import type { StreamProtocolAdapter } from "../../adapter";
import { bodyPeek } from "./bodyPeek";
import { firstSSEEvent } from "./firstSSEEvent";
import { protocolOfEvent, type SniffedProtocol } from "./protocolOfEvent";

/** One adapter per protocol the auto adapter can pick, plus the one for anything else. */
export type AdapterChoices = Record<SniffedProtocol | "text" | "fallback", StreamProtocolAdapter>;

/** The first SSE event is looked for in at most this many bytes. */
const SNIFF_LIMIT = 1 << 20;

/**
 * Picks the adapter for `response` and returns it with the response to give it: the original
 * one when the headers were enough, otherwise a copy whose body still starts at byte 0.
 */
export async function selectAdapter(
  response: Response,
  adapters: AdapterChoices,
): Promise<[StreamProtocolAdapter, Response]> {
  const { headers, body } = response;
  if (headers.has("x-vercel-ai-ui-message-stream") || headers.has("x-vercel-ai-data-stream")) {
    return [adapters.vercel, response];
  }
  if (headers.has("x-crayon-stream")) return [adapters.crayon, response];
  const contentType = headers.get("content-type")?.toLowerCase() ?? "";
  if (contentType.startsWith("text/plain")) return [adapters.text, response];
  let isSSE = contentType.includes("text/event-stream");
  // Errors and empty bodies need no sniffing: every adapter reports them the same way.
  if (!response.ok || !body || body.locked) {
    return [isSSE ? adapters.plainText : adapters.fallback, response];
  }

  const peek = bodyPeek(response, body);
  let text = "";
  if (!isSSE) {
    // No telling content type: SSE if the body starts like an SSE field or comment.
    for (let chunk: string | undefined; /^\s*(\S{0,5})$/.test(text); text += chunk) {
      chunk = await peek.read();
      if (chunk === undefined) break;
    }
    isSSE = /^\s*(data|event|id|retry)?:/.test(text);
    if (!isSSE) return [adapters.fallback, peek.response()];
  }
  const first = await firstSSEEvent(peek, SNIFF_LIMIT, text);
  return [adapters[first ? protocolOfEvent(first) : "plainText"], peek.response()];
}
