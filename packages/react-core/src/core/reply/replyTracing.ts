import type { Message } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import { observeWire } from "@crayonai/stream/wire";
import { observe } from "../abortable";
import type { ChatDebugEvent, DebugChannel, DebugChatRequest, ReplyTrace } from "../debugChannel";

// What a reply needs to report to the debug channel, loaded with `import()` only when the
// channel has a listener as the reply starts (`onDemand.ts`): a chat nobody debugs never
// downloads it.

/** Header names whose values are secrets: credentials, cookies, keys and tokens. */
const SECRET_HEADER = /authorization|cookie|api[-_]?key|token|secret|password|session|signature/i;

/** `headers` with secret values replaced by `"[redacted]"`. */
export function redactHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) out[name] = SECRET_HEADER.test(name) ? "[redacted]" : value;
  return out;
}

/**
 * The trace of one reply. It reports nothing until `sent` gives it the request `processMessage`
 * receives (null for a reply followed after a load): then `reply-start`, and the request
 * reports what the backend sends.
 */
export function replyTracer(
  channel: DebugChannel,
  history: Message[],
  continues: string[],
  threadId: string,
): ReplyTrace {
  let replyId = "";
  const trace: ReplyTrace = {
    emit(event) {
      const reported = { ...event, replyId, threadId, at: Date.now() } as ChatDebugEvent;
      for (const listener of channel.listeners) observe(() => listener(reported));
    },
    end: (outcome, messages, reply) => trace.emit({ type: "reply-end", outcome, messages, reply }),
    sent(request) {
      replyId = request?.runId ?? createId();
      let sent: DebugChatRequest | null = null;
      if (request) {
        const { abortController: _, ...rest } = request;
        sent = rest;
        request.traceRequest = (http) =>
          trace.emit({
            type: "request",
            request: { ...http, headers: redactHeaders(Object.entries(http.headers)) },
          });
      }
      trace.emit({ type: "reply-start", request: sent, messages: history, continues });
    },
  };
  return trace;
}

/** Reports `response` (status, headers without secrets) to the trace. */
export function traceResponse(trace: ReplyTrace, response: Response): void {
  const { url, status, statusText } = response;
  trace.emit({
    type: "response",
    response: { url, status, statusText, headers: redactHeaders(response.headers) },
  });
}

/** `response` with each frame of its body reported to the trace as the adapter reads it. */
export function traceWire(trace: ReplyTrace, response: Response): Response {
  return observeWire(response, (frame) => trace.emit({ type: "wire", frame }));
}
