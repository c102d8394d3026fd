import { parseSSEStream, runHttpRequest } from "@ag-ui/client";
import { type BaseEvent, EventType } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

/** The AG-UI SSE stream, written by `@ag-ui/encoder`'s EventEncoder (the real producer). */
function generate(minBytes: number) {
  const encoder = new EventEncoder();
  const out = wireBuilder();
  const send = (event: BaseEvent) => out.frame(encoder.encodeSSE(event));
  send({ type: EventType.RUN_STARTED, threadId: "thread_1", runId: "run_1" } as BaseEvent);
  for (const steps of agentSteps()) {
    for (const step of steps) {
      switch (step.kind) {
        case "reasoning-start":
          send({ type: EventType.REASONING_START, messageId: step.reasoningId } as BaseEvent);
          send({
            type: EventType.REASONING_MESSAGE_START,
            messageId: step.reasoningId,
            role: "reasoning",
          } as BaseEvent);
          break;
        case "reasoning-delta":
          send({
            type: EventType.REASONING_MESSAGE_CONTENT,
            messageId: step.reasoningId,
            delta: step.text,
          } as BaseEvent);
          break;
        case "reasoning-end":
          send({ type: EventType.REASONING_MESSAGE_END, messageId: step.reasoningId } as BaseEvent);
          send({ type: EventType.REASONING_END, messageId: step.reasoningId } as BaseEvent);
          break;
        case "text-start":
          send({
            type: EventType.TEXT_MESSAGE_START,
            messageId: step.messageId,
            role: "assistant",
          } as BaseEvent);
          break;
        case "text-delta":
          out.sentText(step.text);
          send({
            type: EventType.TEXT_MESSAGE_CONTENT,
            messageId: step.messageId,
            delta: step.text,
          } as BaseEvent);
          break;
        case "text-end":
          send({ type: EventType.TEXT_MESSAGE_END, messageId: step.messageId } as BaseEvent);
          break;
        case "tool-start":
          send({
            type: EventType.TOOL_CALL_START,
            toolCallId: step.toolCallId,
            toolCallName: step.toolName,
            parentMessageId: step.messageId,
          } as BaseEvent);
          break;
        case "tool-args":
          send({
            type: EventType.TOOL_CALL_ARGS,
            toolCallId: step.toolCallId,
            delta: step.delta,
          } as BaseEvent);
          break;
        case "tool-end":
          send({ type: EventType.TOOL_CALL_END, toolCallId: step.toolCallId } as BaseEvent);
          break;
        case "tool-result":
          send({
            type: EventType.TOOL_CALL_RESULT,
            messageId: `result_${step.toolCallId}`,
            toolCallId: step.toolCallId,
            content: step.content,
            role: "tool",
          } as BaseEvent);
          break;
        case "message-start":
        case "message-end":
          break; // AG-UI marks messages with TEXT_MESSAGE_START / END.
      }
    }
    if (out.length >= minBytes) break;
  }
  send({ type: EventType.RUN_FINISHED, threadId: "thread_1", runId: "run_1" } as BaseEvent);
  return out.done();
}

/** `@ag-ui/client`'s own SSE parser, as HttpAgent runs it (fetch events → parseSSEStream). */
function consumeWithAgUIClient(response: Response): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    const http$ = runHttpRequest(() => Promise.resolve(response));
    parseSSEStream(http$).subscribe({
      next: () => {
        count++;
      },
      error: reject,
      complete: () => resolve(count),
    });
  });
}

export const agUIBench: ProtocolBench = {
  name: "ag-ui",
  adapterName: "agUIAdapter",
  headers: { "content-type": "text/event-stream" },
  generate,
  isJSON: () => true,
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/ag-ui/index.ts"), "agUIAdapter"),
  peers: [{ name: "@ag-ui/client parseSSEStream", consume: consumeWithAgUIClient }],
};
