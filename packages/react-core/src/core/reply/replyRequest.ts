import type { ChatRequest, Message, StreamProtocolAdapter } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import type { ReplyOutcome } from "../../types";
import type { ChatError } from "../chatError";
import { lastAwaitingIndex } from "../thread/threadEdits";
import type { ResolvedThreadParams } from "../thread/threadHost";
import { toolDefinitions } from "../tools/clientTools";

/** Why a request is made, and what it is about (the parts of `ChatRequest` the action knows). */
export type RequestIntent = Pick<ChatRequest, "trigger" | "messageId" | "response">;

/**
 * The history message the reply may extend by id: the one a request that sends tool results or
 * an approval back continues, when the protocol continues messages (the AI SDK goes on under
 * its `messageId`). Any other history message an id of the reply names gets a fresh id, so a
 * server that reuses ids across requests (an OpenAI-compatible completion id) cannot append to
 * an earlier, finished message.
 */
export function continuedMessages(
  intent: RequestIntent,
  protocol: Pick<StreamProtocolAdapter, "continuesMessages"> | undefined,
): string[] {
  const continuing =
    intent.trigger === "tool-result" ||
    (intent.trigger === "human-response" && intent.response?.response.type !== "input");
  return continuing && protocol?.continuesMessages && intent.messageId !== undefined
    ? [intent.messageId]
    : [];
}

/** The intent of a request that sends client tool results back. */
export function toolResultIntent(history: readonly Message[]): RequestIntent {
  const last = [...history].reverse().find((m) => m.role === "assistant");
  return { trigger: "tool-result", ...(last && { messageId: last.id }) };
}

/** The request `processMessage` receives for one reply. */
export function chatRequest(options: {
  params: ResolvedThreadParams;
  history: Message[];
  threadId: string;
  controller: AbortController;
  agentState: unknown;
  intent: RequestIntent;
}): ChatRequest<unknown> {
  const { params, history, intent } = options;
  const messageId = intent.messageId ?? history[history.length - 1]?.id;
  return {
    threadId: options.threadId,
    messages: params.messageConverter.toExternal(history),
    abortController: options.controller,
    runId: createId(),
    trigger: intent.trigger,
    state: options.agentState,
    tools: toolDefinitions(params.tools),
    ...(messageId !== undefined && { messageId }),
    ...(intent.response && { response: intent.response }),
  };
}

/** How a reply ended, as `onFinish` reports it. */
export function replyOutcome(
  failure: ChatError | null,
  stopped: boolean,
  messages: readonly Message[],
): ReplyOutcome {
  if (failure) return "error";
  if (stopped) return "stopped";
  return lastAwaitingIndex(messages) !== -1 ? "awaiting_input" : "complete";
}
