/**
 * A reply encoded as the AI SDK's UI message stream (what `toUIMessageStreamResponse()` sends),
 * one Server-Sent Event per chunk. Both contenders read this same format: the AI SDK's
 * `DefaultChatTransport` natively, Crayon through `vercelAIBackend`.
 */

/** The response headers `createUIMessageStreamResponse()` sets. */
export const UI_MESSAGE_STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no",
} as const;

/** A reply ready to send: the frames before, between and after its text deltas. */
export type EncodedReply = {
  /** `start`, `start-step`, `text-start`: sent at once when the request arrives. */
  readonly head: Buffer;
  /** One `text-delta` event each, sent on the scenario's schedule. */
  readonly deltas: readonly Buffer[];
  /** `text-end`, `finish-step`, `finish`, `[DONE]`. */
  readonly tail: Buffer;
};

const frame = (data: unknown) =>
  `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;

/** Splits `text` into `deltaLength`-character text deltas and encodes the whole reply. */
export function encodeReply(text: string, deltaLength: number): EncodedReply {
  const textId = "text-1";
  const deltas: Buffer[] = [];
  for (let i = 0; i < text.length; i += deltaLength) {
    const delta = text.slice(i, i + deltaLength);
    deltas.push(Buffer.from(frame({ type: "text-delta", id: textId, delta })));
  }
  return {
    head: Buffer.from(
      frame({ type: "start", messageId: "reply-1" }) +
        frame({ type: "start-step" }) +
        frame({ type: "text-start", id: textId }),
    ),
    deltas,
    tail: Buffer.from(
      frame({ type: "text-end", id: textId }) +
        frame({ type: "finish-step" }) +
        frame({ type: "finish", finishReason: "stop" }) +
        frame("[DONE]"),
    ),
  };
}
