// Conformance of openAIChatAdapter + the message accumulator against the `openai` package itself:
// its SSE reader (`Stream.fromSSEResponse`) decodes the wire, and its `ChatCompletionStream`
// accumulates the chunks into the final completion. Our messages must say the same thing.
import fc from "fast-check";
import { ChatCompletionStream } from "openai/lib/ChatCompletionStream";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import { Stream } from "openai/streaming";
import { describe, expect, it } from "vitest";
import { createMessageAccumulator } from "../src/accumulator/messageAccumulator";
import { openAIChatAdapter } from "../src/adapters/openai/openAIChatAdapter";
import type { CrayonStreamEvent } from "../src/events";
import type { AssistantMessage } from "../src/message";
import { collect, cutsArbitrary, responseFromChunks, splitBytes, utf8 } from "./streams";

type Delta = ChatCompletionChunk.Choice.Delta;

function chunk(
  id: string,
  delta: Delta,
  finish_reason: ChatCompletionChunk.Choice["finish_reason"] = null,
): ChatCompletionChunk {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_735_000_000,
    model: "gpt-4o-2024-08-06",
    system_fingerprint: "fp_test",
    service_tier: "default",
    usage: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason }],
  };
}

function usageChunk(id: string): ChatCompletionChunk {
  return {
    ...chunk(id, {}),
    choices: [],
    usage: {
      prompt_tokens: 85,
      completion_tokens: 61,
      total_tokens: 146,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  };
}

/** A completion with text first, then two parallel tool calls whose argument pieces interleave. */
function textThenParallelToolCalls(id: string): ChatCompletionChunk[] {
  const text = ["I'll", " check", " both", " cities —", " Zürich", " and", " 東京", " 🌦️."];
  return [
    chunk(id, { role: "assistant", content: "", refusal: null }),
    ...text.map((content) => chunk(id, { content })),
    chunk(id, {
      tool_calls: [
        {
          index: 0,
          id: "call_Zrh4xQ",
          type: "function",
          function: { name: "get_weather", arguments: "" },
        },
      ],
    }),
    chunk(id, { tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }),
    chunk(id, {
      tool_calls: [
        {
          index: 1,
          id: "call_Tky9pL",
          type: "function",
          function: { name: "get_weather", arguments: "" },
        },
      ],
    }),
    chunk(id, { tool_calls: [{ index: 0, function: { arguments: 'ty": "Zü' } }] }),
    chunk(id, { tool_calls: [{ index: 1, function: { arguments: '{"city": "東' } }] }),
    chunk(id, { tool_calls: [{ index: 0, function: { arguments: 'rich", "unit": "c"}' } }] }),
    chunk(id, { tool_calls: [{ index: 1, function: { arguments: '京", "unit": "c"}' } }] }),
    chunk(id, {}, "tool_calls"),
    usageChunk(id),
  ];
}

/** Exactly what the OpenAI API sends for a streamed completion. */
function serialise(chunks: ChatCompletionChunk[]): string {
  return `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`;
}

/** The oracle's SSE reader: the chunks `openai` decodes from the body. */
async function oracleChunks(response: Response): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const item of Stream.fromSSEResponse<ChatCompletionChunk>(
    response,
    new AbortController(),
  )) {
    chunks.push(item);
  }
  return chunks;
}

/** The oracle: openai's own SSE reader, then its own chunk accumulator (needs a finished stream). */
async function oracle(
  response: Response,
): Promise<{ chunks: ChatCompletionChunk[]; completions: ChatCompletion[] }> {
  const chunks = await oracleChunks(response);
  const ndjson = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(utf8(`${JSON.stringify(c)}\n`));
      controller.close();
    },
  });
  const runner = ChatCompletionStream.fromReadableStream(ndjson);
  await runner.done();
  return { chunks, completions: runner.allChatCompletions() };
}

/** Ours: the adapter's events applied to the accumulator. */
async function ours(response: Response) {
  const events = await collect(openAIChatAdapter().parse(response));
  const acc = createMessageAccumulator({ now: () => 0 });
  for (const event of events) acc.apply(event);
  acc.finish();
  return { events, messages: acc.getMessages() };
}

/** What a ChatCompletion's message should look like in Crayon's model. */
function expectedAssistant(completion: ChatCompletion) {
  const message = completion.choices[0]!.message;
  return {
    id: completion.id,
    role: "assistant",
    content: (message.content ?? "") + (message.refusal ?? ""),
    status: "complete",
    ...(message.tool_calls?.length
      ? {
          toolCalls: message.tool_calls.map((call) => {
            if (call.type !== "function") throw new Error("unexpected tool call type");
            return {
              id: call.id,
              type: "function",
              function: { name: call.function.name, arguments: call.function.arguments },
            };
          }),
        }
      : {}),
  };
}

const usageOf = (events: CrayonStreamEvent[]) =>
  events.find(
    (e): e is Extract<CrayonStreamEvent, { type: "run-finish" }> => e.type === "run-finish",
  )?.usage;

describe("openAIChatAdapter conformance with the openai package", () => {
  it("text followed by parallel tool calls with interleaved arguments", async () => {
    const sent = textThenParallelToolCalls("chatcmpl-A1b2C3");
    const wire = serialise(sent);
    const reference = await oracle(responseFromChunks([wire]));
    expect(reference.chunks).toEqual(sent); // the oracle reads back exactly what was sent
    const [completion] = reference.completions;
    expect(completion!.choices[0]!.message.tool_calls).toHaveLength(2);

    const { events, messages } = await ours(responseFromChunks([wire]));
    expect(messages).toEqual([expect.objectContaining(expectedAssistant(completion!))]);
    const message = messages[0] as AssistantMessage;
    expect(message.content).toBe("I'll check both cities — Zürich and 東京 🌦️.");
    for (const call of message.toolCalls!)
      expect(() => JSON.parse(call.function.arguments)).not.toThrow();
    expect(message.metadata).toEqual({ finishReason: completion!.choices[0]!.finish_reason });
    expect(usageOf(events)).toMatchObject({
      prompt_tokens: completion!.usage!.prompt_tokens,
      completion_tokens: completion!.usage!.completion_tokens,
      total_tokens: completion!.usage!.total_tokens,
    });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
  });

  it("agrees with the oracle however the bytes are split", async () => {
    const wire = utf8(serialise(textThenParallelToolCalls("chatcmpl-split")));
    await fc.assert(
      fc.asyncProperty(cutsArbitrary(wire.length), async (cuts) => {
        const { completions } = await oracle(responseFromChunks(splitBytes(wire, cuts)));
        const { messages } = await ours(responseFromChunks(splitBytes(wire, cuts)));
        expect(messages).toEqual([expect.objectContaining(expectedAssistant(completions[0]!))]);
      }),
      { numRuns: 25 },
    );
  });

  it("a refusal reads as the message text", async () => {
    const id = "chatcmpl-refuse";
    const wire = serialise([
      chunk(id, { role: "assistant", content: null, refusal: "" }),
      chunk(id, { refusal: "I'm sorry, " }),
      chunk(id, { refusal: "I can't help with that." }),
      chunk(id, {}, "stop"),
    ]);
    const { completions } = await oracle(responseFromChunks([wire]));
    expect(completions[0]!.choices[0]!.message.refusal).toBe("I'm sorry, I can't help with that.");
    const { messages } = await ours(responseFromChunks([wire]));
    expect(messages).toEqual([expect.objectContaining(expectedAssistant(completions[0]!))]);
  });

  it("two completions in one body (a server-side tool loop) become two messages", async () => {
    const second = "chatcmpl-second";
    const wire = serialise([
      ...textThenParallelToolCalls("chatcmpl-first"),
      chunk(second, { role: "assistant", content: "" }),
      chunk(second, { content: "Zürich: 18 °C, " }),
      chunk(second, { content: "東京: 24 °C." }),
      chunk(second, {}, "stop"),
    ]);
    const { completions } = await oracle(responseFromChunks([wire]));
    expect(completions.map((c) => c.id)).toEqual(["chatcmpl-first", second]);
    const { messages } = await ours(responseFromChunks([wire]));
    expect(messages).toEqual(completions.map((c) => expect.objectContaining(expectedAssistant(c))));
  });

  it("DeepSeek-style reasoning_content becomes a reasoning message before the answer", async () => {
    // ChatCompletionStream does not accumulate `reasoning_content`, so the oracle here is its SSE
    // reader plus a plain concatenation of the field.
    const id = "chatcmpl-think";
    const reasoning = ["The user", " wants", " 6×7", ". That is 42."];
    const sent = [
      chunk(id, { role: "assistant", content: null, reasoning_content: "" } as Delta),
      ...reasoning.map((r) => chunk(id, { content: null, reasoning_content: r } as Delta)),
      chunk(id, { content: "42", reasoning_content: null } as Delta),
      chunk(id, { content: "" }, "stop"),
    ];
    const wire = serialise(sent);
    const chunks = await oracleChunks(responseFromChunks([wire]));
    const field = (c: ChatCompletionChunk, name: string) =>
      ((c.choices[0]?.delta as Record<string, unknown> | undefined)?.[name] as string | null) ?? "";
    const { completions } = await oracle(responseFromChunks([wire]));
    const { messages } = await ours(responseFromChunks([wire]));
    expect(messages).toEqual([
      {
        id: `${id}-reasoning`,
        role: "reasoning",
        content: chunks.map((c) => field(c, "reasoning_content")).join(""),
        isThinking: false,
        durationMs: 0,
      },
      expect.objectContaining(expectedAssistant(completions[0]!)),
    ]);
  });

  it("a truncated body keeps what the oracle could read and is flagged", async () => {
    const sent = textThenParallelToolCalls("chatcmpl-cut");
    const wire = serialise(sent.slice(0, 12)).replace("data: [DONE]\n\n", "");
    const chunks = await oracleChunks(responseFromChunks([wire]));
    expect(chunks).toEqual(sent.slice(0, 12));
    const { events, messages } = await ours(responseFromChunks([wire]));
    const message = messages[0] as AssistantMessage;
    expect(message.content).toBe(chunks.map((c) => c.choices[0]?.delta.content ?? "").join(""));
    expect(message.toolCalls?.map((t) => t.id)).toEqual(["call_Zrh4xQ", "call_Tky9pL"]);
    expect(message.status).toBe("error");
    expect(events.at(-1)).toMatchObject({ type: "error", code: "truncated" });
  });
});
