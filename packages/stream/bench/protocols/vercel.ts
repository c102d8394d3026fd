import { jsonSchema, parseJsonEventStream } from "@ai-sdk/provider-utils";
import { uiMessageChunkSchema } from "ai";
import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

/**
 * The AI SDK 5/6 UI message stream (`data: <chunk JSON>` frames, `data: [DONE]` at the end), in
 * the exact format `JsonToSseTransformStream` writes. One assistant message, one step per agent
 * step, reasoning and text parts, tool inputs streamed and then available, tool outputs.
 */
function generate(minBytes: number) {
  const out = wireBuilder();
  const send = (chunk: Record<string, unknown>) => out.frame(`data: ${JSON.stringify(chunk)}\n\n`);
  send({ type: "start", messageId: "msg_1" });
  for (const steps of agentSteps()) {
    send({ type: "start-step" });
    for (const step of steps) {
      switch (step.kind) {
        case "reasoning-start":
          send({ type: "reasoning-start", id: step.reasoningId });
          break;
        case "reasoning-delta":
          send({ type: "reasoning-delta", id: step.reasoningId, delta: step.text });
          break;
        case "reasoning-end":
          send({ type: "reasoning-end", id: step.reasoningId });
          break;
        case "text-start":
          send({ type: "text-start", id: `txt_${step.messageId}` });
          break;
        case "text-delta":
          out.sentText(step.text);
          send({ type: "text-delta", id: `txt_${step.messageId}`, delta: step.text });
          break;
        case "text-end":
          send({ type: "text-end", id: `txt_${step.messageId}` });
          break;
        case "tool-start":
          send({ type: "tool-input-start", toolCallId: step.toolCallId, toolName: step.toolName });
          break;
        case "tool-args":
          send({
            type: "tool-input-delta",
            toolCallId: step.toolCallId,
            inputTextDelta: step.delta,
          });
          break;
        case "tool-end":
          send({
            type: "tool-input-available",
            toolCallId: step.toolCallId,
            toolName: step.toolName,
            input: JSON.parse(step.args),
          });
          break;
        case "tool-result":
          send({
            type: "tool-output-available",
            toolCallId: step.toolCallId,
            output: JSON.parse(step.content),
          });
          break;
        case "message-start":
        case "message-end":
          break; // The UI message stream carries one message; steps mark the agent's turns.
      }
    }
    send({ type: "finish-step" });
    if (out.length >= minBytes) break;
  }
  send({ type: "finish", finishReason: "stop" });
  out.frame("data: [DONE]\n\n");
  return out.done();
}

async function drain(stream: ReadableStream<unknown>): Promise<number> {
  const reader = stream.getReader();
  let count = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) return count;
    count++;
  }
}

// A schema without `validate`: parseJsonEventStream then only JSON-parses. The cheapest way to run
// the AI SDK's own SSE parser, so the comparison is parser against parser.
const passThrough = jsonSchema<unknown>({});

export const vercelBench: ProtocolBench = {
  name: "vercel",
  adapterName: "vercelAIAdapter",
  // What the AI SDK sends (UI_MESSAGE_STREAM_HEADERS): the header names the format.
  headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
  generate,
  isJSON: (message) => message.data !== "[DONE]",
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/vercel/index.ts"), "vercelAIAdapter"),
  peers: [
    {
      name: "parseJsonEventStream (pass-through schema)",
      consume: (response) =>
        drain(parseJsonEventStream({ stream: response.body!, schema: passThrough })),
    },
    {
      // What `useChat`'s DefaultChatTransport actually runs: the same parser, validating every
      // chunk against the AI SDK's zod schema.
      name: "parseJsonEventStream (uiMessageChunkSchema)",
      consume: (response) =>
        drain(parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema })),
    },
  ],
};
