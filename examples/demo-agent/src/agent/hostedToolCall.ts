import type { CrayonStreamEvent } from "@crayonai/stream";
import { fromOpenResponsesItems } from "@crayonai/stream/converters/open-responses";
import { pause } from "./pause";

/**
 * A tool call the server runs itself (a web search, the code interpreter, image generation), as
 * an OpenAI Responses / Open Responses output item describes it: `{ id, type:
 * "web_search_call", status, … }`.
 */
export type HostedToolItem = { id: string; type: string; status: string } & Record<string, unknown>;

/**
 * The item's input fields (the search's `action`, the interpreter's `code` and container, …),
 * as the JSON arguments of its Crayon tool call: what the Open Responses adapter makes of a
 * finished hosted tool item, read here by the converter that shares its rule.
 */
export function hostedToolInput(item: HostedToolItem): string {
  const [owner] = fromOpenResponsesItems([item]).messages;
  return owner?.role === "assistant" ? (owner.toolCalls?.[0]?.function.arguments ?? "") : "";
}

/** How a script paces a hosted tool call. */
export type HostedToolPacing = {
  /** The wait before each state of the item, in ms. */
  stepMs: number;
  /** Aborted when the client stops the reply. */
  signal: AbortSignal;
};

/**
 * The events of a tool call the server runs itself, in the shape the Open Responses adapter
 * reads one from a Responses stream, so that every protocol carries the same card: the call,
 * named by the item type and identified by the item's id; each state of `progress` as the
 * call's result (one tool message, `<id>:result`, replaced by each: the card moves as the
 * server works); then the finished item's input fields as the arguments, the end of the call,
 * and `done` as the result.
 *
 * Each state differs from the one before it in one thing only, which one Open Responses
 * progress event says: the status (`in_progress`, `searching`, `interpreting`, `generating`,
 * `completed`), the code grown by a piece, or a new partial image (with status `generating`).
 */
export async function* hostedToolCall(
  progress: readonly HostedToolItem[],
  done: HostedToolItem,
  { stepMs, signal }: HostedToolPacing,
  parentMessageId?: string,
): AsyncGenerator<CrayonStreamEvent> {
  const toolCallId = done.id;
  const messageId = `${toolCallId}:result`;
  yield {
    type: "tool-call-start",
    toolCallId,
    toolCallName: done.type,
    ...(parentMessageId !== undefined && { parentMessageId }),
  };
  for (const state of progress) {
    await pause(stepMs, signal);
    yield { type: "tool-call-result", toolCallId, messageId, content: JSON.stringify(state) };
  }
  yield { type: "tool-call-args", toolCallId, delta: hostedToolInput(done) };
  yield { type: "tool-call-end", toolCallId };
  yield { type: "tool-call-result", toolCallId, messageId, content: JSON.stringify(done) };
}
