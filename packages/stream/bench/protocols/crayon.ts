import { encodeCrayonEvent } from "@crayonai/server/sse";
import type { CrayonStreamEvent } from "../../src/events";
import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

// Frames whose data is raw text (everything else carries JSON).
const RAW_TEXT_FRAMES = new Set<string | undefined>([undefined, "text", "reasoning", "error"]);

/**
 * The Crayon SSE format, written by Crayon's server encoder (`encodeCrayonEvent` of
 * `@crayonai/server/sse`, built: `pnpm bench` builds first) from the events a Crayon backend
 * emits: message boundaries, text deltas (without ids: they apply to the message being
 * streamed), reasoning, streamed tool calls and their results.
 */
async function generate(minBytes: number) {
  const out = wireBuilder();
  const send = (event: CrayonStreamEvent) => out.frame(encodeCrayonEvent(event));
  send({ type: "run-start", threadId: "thread_1", runId: "run_1" });
  for (const steps of agentSteps()) {
    for (const step of steps) {
      switch (step.kind) {
        case "message-start":
          send({ type: "message-start", messageId: step.messageId });
          break;
        case "message-end":
          send({ type: "message-end", messageId: step.messageId });
          break;
        case "reasoning-start":
          send({ type: "reasoning-start", messageId: step.reasoningId });
          break;
        case "reasoning-delta":
          send({ type: "reasoning-delta", text: step.text });
          break;
        case "reasoning-end":
          send({ type: "reasoning-end", messageId: step.reasoningId });
          break;
        case "text-delta":
          out.sentText(step.text);
          send({ type: "text-delta", text: step.text });
          break;
        case "tool-start":
          send({
            type: "tool-call-start",
            toolCallId: step.toolCallId,
            toolCallName: step.toolName,
            parentMessageId: step.messageId,
          });
          break;
        case "tool-args":
          send({ type: "tool-call-args", toolCallId: step.toolCallId, delta: step.delta });
          break;
        case "tool-end":
          send({ type: "tool-call-end", toolCallId: step.toolCallId });
          break;
        case "tool-result":
          send({ type: "tool-call-result", toolCallId: step.toolCallId, content: step.content });
          break;
        case "text-start":
        case "text-end":
          break; // Crayon text belongs to the message opened by message_start.
      }
    }
    if (out.length >= minBytes) break;
  }
  send({ type: "run-finish", threadId: "thread_1", runId: "run_1", outcome: "success" });
  return out.done();
}

export const crayonBench: ProtocolBench = {
  name: "crayon",
  adapterName: "crayonSSEAdapter",
  headers: { "content-type": "text/event-stream" },
  generate,
  isJSON: (message) => !RAW_TEXT_FRAMES.has(message.event),
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/crayon/index.ts"), "crayonSSEAdapter"),
  // Crayon's own format: 0.6's reader is a React hook, so there is no standalone peer parser.
  peers: [],
};
