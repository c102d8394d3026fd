import { Stream } from "openai/streaming";
import { loadSource } from "../loadSource";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

const COMPLETION_ID = "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT";

/**
 * An OpenAI Chat Completions stream as the API sends it (every chunk carries id, object, created,
 * model, system_fingerprint; tool calls are keyed by `index`), with DeepSeek-style
 * `reasoning_content` deltas, one `finish_reason` chunk, a usage chunk and `data: [DONE]`.
 */
function generate(minBytes: number) {
  const out = wireBuilder();
  const send = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    out.frame(
      `data: ${JSON.stringify({
        id: COMPLETION_ID,
        object: "chat.completion.chunk",
        created: 1741569952,
        model: "gpt-4.1-2025-04-14",
        service_tier: "default",
        system_fingerprint: "fp_b3f1157249",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        usage: null,
      })}\n\n`,
    );
  send({ role: "assistant", content: "", refusal: null });
  for (const steps of agentSteps()) {
    for (const step of steps) {
      switch (step.kind) {
        case "reasoning-delta":
          send({ reasoning_content: step.text });
          break;
        case "text-delta":
          out.sentText(step.text);
          send({ content: step.text });
          break;
        case "tool-start":
          send({
            tool_calls: [
              {
                index: step.index,
                id: step.toolCallId,
                type: "function",
                function: { name: step.toolName, arguments: "" },
              },
            ],
          });
          break;
        case "tool-args":
          send({ tool_calls: [{ index: step.index, function: { arguments: step.delta } }] });
          break;
        default:
          break; // Chat Completions has no other boundaries and no tool results in a stream.
      }
    }
    if (out.length >= minBytes) break;
  }
  send({}, "tool_calls");
  out.frame(
    `data: ${JSON.stringify({
      id: COMPLETION_ID,
      object: "chat.completion.chunk",
      created: 1741569952,
      model: "gpt-4.1-2025-04-14",
      choices: [],
      usage: { prompt_tokens: 1117, completion_tokens: 46, total_tokens: 1163 },
    })}\n\n`,
  );
  out.frame("data: [DONE]\n\n");
  return out.done();
}

export const openAIChatBench: ProtocolBench = {
  name: "openai",
  adapterName: "openAIChatAdapter",
  headers: { "content-type": "text/event-stream" },
  generate,
  isJSON: (message) => message.data !== "[DONE]",
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/openai/index.ts"), "openAIChatAdapter"),
  peers: [
    {
      // The openai SDK's own reader, what `client.chat.completions.create({ stream: true })`
      // iterates: its SSE decoder plus JSON.parse of every chunk.
      name: "openai Stream.fromSSEResponse",
      consume: async (response) => {
        let count = 0;
        for await (const _chunk of Stream.fromSSEResponse(response, new AbortController())) count++;
        return count;
      },
    },
  ],
};
