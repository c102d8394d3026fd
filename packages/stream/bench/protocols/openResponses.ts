import { Stream } from "openai/streaming";
import { loadSource } from "../loadSource";
import { createRandom } from "../random";
import { agentSteps } from "../script";
import { adapterFrom, type ProtocolBench, wireBuilder } from "./types";

/** At least this many events: a Responses event is larger than most, so bytes alone give fewer. */
const MIN_EVENTS = 100_000;

const ALPHABET = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"];

const RESPONSE_ID = "resp_01830d662ab3856501693c321345c88190b0de00f3b9975691";
/** The API's item ids: a type prefix and 50 hex digits, the last ones per item here. */
const itemId = (prefix: string, n: number) =>
  `${prefix}_01830d662ab3856501693c3214${n.toString(16).padStart(24, "0")}`;

const RESPONSE = {
  id: RESPONSE_ID,
  object: "response",
  created_at: 1765552659,
  background: false,
  error: null,
  incomplete_details: null,
  instructions: null,
  max_output_tokens: null,
  model: "gpt-5.1-2025-11-13",
  parallel_tool_calls: true,
  previous_response_id: null,
  reasoning: { effort: "medium", summary: "detailed" },
  service_tier: "default",
  store: true,
  temperature: 1,
  text: { format: { type: "text" }, verbosity: "medium" },
  tool_choice: "auto",
  top_p: 1,
  truncation: "disabled",
  user: null,
  metadata: {},
};

/**
 * An OpenAI Responses stream as the API sends it (`event:` line, then the JSON event with its
 * `sequence_number`, fields in the API's order, deltas padded with `obfuscation`): per agent
 * step a reasoning item streaming its summary, a message item streaming its text, and
 * sometimes a function call streaming its arguments, each item with its added / done events;
 * then `response.completed` with the usage. The API's completed event also repeats every output
 * item, which here would be one event of the whole stream's size, so its `output` is empty.
 */
function generate(minBytes: number) {
  const out = wireBuilder();
  const random = createRandom(7);
  // The API pads each delta with 3–15 random characters, to hide its length.
  const padding = () => {
    let text = "";
    for (let i = random.int(3, 15); i > 0; i--) text += random.pick(ALPHABET);
    return text;
  };
  let sequence = 0;
  let outputIndex = -1;
  const send = (type: string, fields: Record<string, unknown>) => {
    out.frame(
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`,
    );
  };
  /** `<kind>.delta` of the item at the current output index, fields in the API's order. */
  const sendDelta = (
    kind: string,
    id: string,
    part: Record<string, number>,
    delta: string,
    extra: Record<string, unknown> = {},
  ) =>
    send(`${kind}.delta`, {
      item_id: id,
      output_index: outputIndex,
      ...part,
      delta,
      ...extra,
      obfuscation: padding(),
    });
  const response = { ...RESPONSE, status: "in_progress", output: [], tools: [], usage: null };
  send("response.created", { response });
  send("response.in_progress", { response });

  let reasoning = { id: "", text: "" };
  let message = { id: "", text: "" };
  const call = { id: "", callId: "", name: "", args: "" };
  let items = 0;
  for (const steps of agentSteps()) {
    for (const step of steps) {
      switch (step.kind) {
        case "reasoning-start":
          reasoning = { id: itemId("rs", ++items), text: "" };
          send("response.output_item.added", {
            output_index: ++outputIndex,
            item: { id: reasoning.id, type: "reasoning", summary: [] },
          });
          send("response.reasoning_summary_part.added", {
            item_id: reasoning.id,
            output_index: outputIndex,
            summary_index: 0,
            part: { type: "summary_text", text: "" },
          });
          break;
        case "reasoning-delta":
          reasoning.text += step.text;
          sendDelta(
            "response.reasoning_summary_text",
            reasoning.id,
            { summary_index: 0 },
            step.text,
          );
          break;
        case "reasoning-end": {
          const part = { type: "summary_text", text: reasoning.text };
          const at = { item_id: reasoning.id, output_index: outputIndex, summary_index: 0 };
          send("response.reasoning_summary_text.done", { ...at, text: reasoning.text });
          send("response.reasoning_summary_part.done", { ...at, part });
          send("response.output_item.done", {
            output_index: outputIndex,
            item: { id: reasoning.id, type: "reasoning", summary: [part] },
          });
          break;
        }
        case "text-start":
          message = { id: itemId("msg", ++items), text: "" };
          send("response.output_item.added", {
            output_index: ++outputIndex,
            item: {
              id: message.id,
              type: "message",
              status: "in_progress",
              content: [],
              role: "assistant",
            },
          });
          send("response.content_part.added", {
            item_id: message.id,
            output_index: outputIndex,
            content_index: 0,
            part: { type: "output_text", annotations: [], logprobs: [], text: "" },
          });
          break;
        case "text-delta":
          out.sentText(step.text);
          message.text += step.text;
          sendDelta("response.output_text", message.id, { content_index: 0 }, step.text, {
            logprobs: [],
          });
          break;
        case "text-end": {
          const part = { type: "output_text", annotations: [], logprobs: [], text: message.text };
          const at = { item_id: message.id, output_index: outputIndex, content_index: 0 };
          send("response.output_text.done", { ...at, text: message.text, logprobs: [] });
          send("response.content_part.done", { ...at, part });
          send("response.output_item.done", {
            output_index: outputIndex,
            item: {
              id: message.id,
              type: "message",
              status: "completed",
              content: [part],
              role: "assistant",
            },
          });
          break;
        }
        case "tool-start":
          Object.assign(call, {
            id: itemId("fc", ++items),
            callId: step.toolCallId,
            name: step.toolName,
            args: "",
          });
          send("response.output_item.added", {
            output_index: ++outputIndex,
            item: {
              id: call.id,
              type: "function_call",
              status: "in_progress",
              arguments: "",
              call_id: call.callId,
              name: call.name,
            },
          });
          break;
        case "tool-args":
          call.args += step.delta;
          sendDelta("response.function_call_arguments", call.id, {}, step.delta);
          break;
        case "tool-end":
          send("response.function_call_arguments.done", {
            item_id: call.id,
            output_index: outputIndex,
            arguments: call.args,
          });
          send("response.output_item.done", {
            output_index: outputIndex,
            item: {
              id: call.id,
              type: "function_call",
              status: "completed",
              arguments: call.args,
              call_id: call.callId,
              name: call.name,
            },
          });
          break;
        default:
          break; // The app runs function calls: their results are not in the stream.
      }
    }
    if (out.length >= minBytes && out.frames >= MIN_EVENTS) break;
  }
  send("response.completed", {
    response: {
      ...RESPONSE,
      status: "completed",
      output: [],
      tools: [],
      usage: {
        input_tokens: 1117,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 48_211,
        output_tokens_details: { reasoning_tokens: 9_872 },
        total_tokens: 49_328,
      },
    },
  });
  return out.done();
}

export const openResponsesBench: ProtocolBench = {
  name: "open-responses",
  adapterName: "openResponsesAdapter",
  headers: { "content-type": "text/event-stream; charset=utf-8" },
  generate,
  isJSON: () => true,
  loadAdapter: async () =>
    adapterFrom(await loadSource("src/adapters/open-responses/index.ts"), "openResponsesAdapter"),
  peers: [
    {
      // The openai SDK's own reader, what `client.responses.create({ stream: true })` iterates:
      // its SSE decoder plus JSON.parse of every event.
      name: "openai Stream.fromSSEResponse",
      consume: async (response) => {
        let count = 0;
        for await (const _event of Stream.fromSSEResponse(response, new AbortController())) {
          count++;
        }
        return count;
      },
    },
  ],
};
