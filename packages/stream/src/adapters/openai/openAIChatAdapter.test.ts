import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collect,
  expectSameEventsForAnySplit,
  failingResponse,
  responseFromChunks,
  utf8,
} from "../../../test/streams";
import type { CrayonStreamEvent } from "../../events";
import { type OpenAIChatAdapterOptions, openAIChatAdapter } from "./openAIChatAdapter";

const ID = "chatcmpl-abc";

/** A `chat.completion.chunk` with one choice (index 0) carrying `delta`. */
function chunk(delta: Record<string, unknown>, finish_reason: string | null = null, id = ID) {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason, logprobs: null }],
  };
}

/** Serialises frames the way the OpenAI API does; strings are sent verbatim. */
function wire(...frames: unknown[]): string {
  return frames.map((f) => (typeof f === "string" ? f : `data: ${JSON.stringify(f)}\n\n`)).join("");
}

const DONE = "data: [DONE]\n\n";

const parse = (body: string | Array<string | Uint8Array>, options?: OpenAIChatAdapterOptions) =>
  collect(
    openAIChatAdapter(options).parse(responseFromChunks(typeof body === "string" ? [body] : body)),
  );

const ofType = <T extends CrayonStreamEvent["type"]>(events: CrayonStreamEvent[], type: T) =>
  events.filter((e): e is Extract<CrayonStreamEvent, { type: T }> => e.type === type);

describe("openAIChatAdapter", () => {
  it("maps a text completion: message-start with the chunk id, deltas, finish, usage, run-finish", async () => {
    const usage = {
      prompt_tokens: 9,
      completion_tokens: 3,
      total_tokens: 12,
      completion_tokens_details: { reasoning_tokens: 0 },
      prompt_tokens_details: { cached_tokens: 0 },
    };
    const events = await parse(
      wire(
        chunk({ role: "assistant", content: "", refusal: null }),
        chunk({ content: "Hello" }),
        chunk({ content: " there" }),
        chunk({}, "stop"),
        { id: ID, object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage },
      ) + DONE,
    );
    expect(events).toEqual([
      { type: "message-start", messageId: ID },
      { type: "text-delta", text: "Hello", messageId: ID },
      { type: "text-delta", text: " there", messageId: ID },
      { type: "message-metadata", metadata: { finishReason: "stop" }, messageId: ID },
      { type: "message-end", messageId: ID },
      {
        type: "run-finish",
        outcome: "success",
        usage: {
          prompt_tokens: 9,
          completion_tokens: 3,
          total_tokens: 12,
          "completion_tokens_details.reasoning_tokens": 0,
          "prompt_tokens_details.cached_tokens": 0,
        },
      },
    ]);
  });

  it("maps DeepSeek reasoning_content to a reasoning message placed before the answer", async () => {
    const events = await parse(
      wire(
        chunk({ role: "assistant", content: null, reasoning_content: "" }),
        chunk({ content: null, reasoning_content: "Let me" }),
        chunk({ content: null, reasoning_content: " think." }),
        chunk({ content: "42", reasoning_content: null }),
        chunk({ content: "" }, "stop"),
      ) + DONE,
    );
    const reasoningId = `${ID}-reasoning`;
    expect(events.slice(0, 6)).toEqual([
      { type: "reasoning-start", messageId: reasoningId },
      { type: "reasoning-delta", text: "Let me", messageId: reasoningId },
      { type: "reasoning-delta", text: " think.", messageId: reasoningId },
      { type: "reasoning-end", messageId: reasoningId },
      { type: "message-start", messageId: ID },
      { type: "text-delta", text: "42", messageId: ID },
    ]);
  });

  it("reads OpenRouter's `reasoning`, and never doubles text sent in both fields", async () => {
    const openRouter = await parse(
      wire(
        chunk({ reasoning: "hmm", reasoning_details: [{ type: "reasoning.text", text: "hmm" }] }),
        chunk({}, "stop"),
      ) + DONE,
    );
    expect(ofType(openRouter, "reasoning-delta").map((e) => e.text)).toEqual(["hmm"]);
    const both = await parse(
      wire(chunk({ reasoning: "a", reasoning_content: "a" }), chunk({}, "stop")) + DONE,
    );
    expect(ofType(both, "reasoning-delta").map((e) => e.text)).toEqual(["a"]);
    expect(ofType(both, "reasoning-end")).toHaveLength(1);
  });

  it("starts a second reasoning message when the model thinks again after answering", async () => {
    const events = await parse(
      wire(
        chunk({ reasoning: "one" }),
        chunk({ content: "x" }),
        chunk({ reasoning: "two" }),
        chunk({}, "stop"),
      ) + DONE,
    );
    expect(ofType(events, "reasoning-start").map((e) => e.messageId)).toEqual([
      `${ID}-reasoning`,
      `${ID}-reasoning-2`,
    ]);
    expect(ofType(events, "reasoning-end")).toHaveLength(2);
  });

  it("streams parallel tool calls with their real ids and interleaved argument pieces", async () => {
    const events = await parse(
      wire(
        chunk({ role: "assistant", content: null }),
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_a",
              type: "function",
              function: { name: "weather", arguments: "" },
            },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        chunk({
          tool_calls: [
            { index: 1, id: "call_b", type: "function", function: { name: "time", arguments: "" } },
          ],
        }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '{"tz":"UTC"}' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
        chunk({}, "tool_calls"),
      ) + DONE,
    );
    expect(events).toEqual([
      { type: "message-start", messageId: ID },
      {
        type: "tool-call-start",
        toolCallId: "call_a",
        toolCallName: "weather",
        parentMessageId: ID,
      },
      { type: "tool-call-args", toolCallId: "call_a", delta: '{"city":' },
      { type: "tool-call-start", toolCallId: "call_b", toolCallName: "time", parentMessageId: ID },
      { type: "tool-call-args", toolCallId: "call_b", delta: '{"tz":"UTC"}' },
      { type: "tool-call-args", toolCallId: "call_a", delta: '"Paris"}' },
      { type: "tool-call-end", toolCallId: "call_a" },
      { type: "tool-call-end", toolCallId: "call_b" },
      { type: "message-metadata", metadata: { finishReason: "tool_calls" }, messageId: ID },
      { type: "message-end", messageId: ID },
      { type: "run-finish", outcome: "success" },
    ]);
  });

  it("copes with tool calls sent whole, without index, or without id", async () => {
    const events = await parse(
      wire(
        // Whole call in one delta, no index (some OpenAI-compatible servers).
        chunk({ tool_calls: [{ id: "call_x", function: { name: "a", arguments: '{"q":1}' } }] }),
        // No id at all: one is made up, stable for the following pieces.
        chunk({ tool_calls: [{ index: 5, function: { name: "b", arguments: "{" } }] }),
        chunk({ tool_calls: [{ index: 5, function: { arguments: "}" } }] }),
        // Same index but a new id: a new call.
        chunk({ tool_calls: [{ index: 5, id: "call_z", function: { name: "c" } }] }),
        chunk({}, "tool_calls"),
      ) + DONE,
    );
    expect(ofType(events, "tool-call-start")).toEqual([
      { type: "tool-call-start", toolCallId: "call_x", toolCallName: "a", parentMessageId: ID },
      {
        type: "tool-call-start",
        toolCallId: `${ID}-tool-1`,
        toolCallName: "b",
        parentMessageId: ID,
      },
      { type: "tool-call-start", toolCallId: "call_z", toolCallName: "c", parentMessageId: ID },
    ]);
    expect(ofType(events, "tool-call-args")).toEqual([
      { type: "tool-call-args", toolCallId: "call_x", delta: '{"q":1}' },
      { type: "tool-call-args", toolCallId: `${ID}-tool-1`, delta: "{" },
      { type: "tool-call-args", toolCallId: `${ID}-tool-1`, delta: "}" },
    ]);
    expect(ofType(events, "tool-call-end").map((e) => e.toolCallId)).toEqual([
      "call_x",
      `${ID}-tool-1`,
      "call_z",
    ]);
  });

  it("maps the deprecated function_call delta to a tool call", async () => {
    const events = await parse(
      wire(
        chunk({ function_call: { name: "lookup", arguments: "" } }),
        chunk({ function_call: { arguments: '{"id":7}' } }),
        chunk({}, "function_call"),
      ) + DONE,
    );
    const toolCallId = `${ID}-tool-0`;
    expect(events.slice(1, 4)).toEqual([
      { type: "tool-call-start", toolCallId, toolCallName: "lookup", parentMessageId: ID },
      { type: "tool-call-args", toolCallId, delta: '{"id":7}' },
      { type: "tool-call-end", toolCallId },
    ]);
  });

  it("shows a refusal as the message text", async () => {
    const events = await parse(
      wire(
        chunk({ role: "assistant", refusal: "" }),
        chunk({ refusal: "I can't help with that." }),
        chunk({}, "stop"),
      ) + DONE,
    );
    expect(ofType(events, "text-delta")).toEqual([
      { type: "text-delta", text: "I can't help with that.", messageId: ID },
    ]);
  });

  it("completes a message cut at the token limit and records finishReason length", async () => {
    const events = await parse(wire(chunk({ content: "Once upon" }), chunk({}, "length")) + DONE);
    expect(events.slice(2, 4)).toEqual([
      { type: "message-metadata", metadata: { finishReason: "length" }, messageId: ID },
      { type: "message-end", messageId: ID },
    ]);
  });

  it("emits an empty, ended message for a finish without content (e.g. content_filter)", async () => {
    const events = await parse(
      wire(chunk({ role: "assistant" }), chunk({}, "content_filter")) + DONE,
    );
    expect(events.slice(0, 3)).toEqual([
      { type: "message-start", messageId: ID },
      { type: "message-metadata", metadata: { finishReason: "content_filter" }, messageId: ID },
      { type: "message-end", messageId: ID },
    ]);
  });

  it("reports an {error} frame as server_error after the text before it, and nothing more", async () => {
    const events = await parse(
      wire(chunk({ content: "Part" }), {
        error: { message: "Rate limit reached", type: "requests", code: "rate_limit" },
      }),
    );
    expect(events).toEqual([
      { type: "message-start", messageId: ID },
      { type: "text-delta", text: "Part", messageId: ID },
      { type: "error", code: "server_error", error: "Rate limit reached", messageId: ID },
    ]);
  });

  it("reports OpenRouter's mid-stream error (error object with finish_reason error) once", async () => {
    const events = await parse(
      wire(chunk({ content: "Hi" }), {
        ...chunk({ content: "" }, "error"),
        error: { code: 502, message: "Provider disconnected" },
      }) + DONE,
    );
    expect(ofType(events, "error")).toEqual([
      { type: "error", code: "server_error", error: "Provider disconnected", messageId: ID },
    ]);
    expect(ofType(events, "message-end")).toEqual([]);
  });

  it("reports finish_reason error and `event: error` frames as server_error", async () => {
    const finish = await parse(wire(chunk({ content: "x" }), chunk({}, "error")) + DONE);
    expect(ofType(finish, "error")).toEqual([
      {
        type: "error",
        code: "server_error",
        error: "The model stopped with an error.",
        messageId: ID,
      },
    ]);
    expect(ofType(finish, "message-end")).toEqual([]);

    const named = await parse(
      'event: error\ndata: {"error":{"message":"boom"}}\n\nevent: error\ndata: plain words\n\n',
    );
    expect(named).toEqual([
      { type: "error", code: "server_error", error: "boom" },
      { type: "error", code: "server_error", error: "plain words" },
    ]);
  });

  it("reports a body that ends without [DONE] as truncated, after everything it carried", async () => {
    const events = await parse(wire(chunk({ reasoning_content: "hm" }), chunk({ content: "Hal" })));
    expect(events.slice(-2)).toEqual([
      { type: "text-delta", text: "Hal", messageId: ID },
      {
        type: "error",
        code: "truncated",
        error: "The stream ended before `data: [DONE]`.",
        messageId: ID,
      },
    ]);
    const reasoningOnly = await parse(wire(chunk({ reasoning_content: "hm" })));
    expect(reasoningOnly.slice(-2)).toEqual([
      { type: "reasoning-end", messageId: `${ID}-reasoning` },
      expect.objectContaining({ type: "error", code: "truncated" }),
    ]);
  });

  it("with requireDone: false treats the end of the body as [DONE]", async () => {
    const events = await parse(wire(chunk({ content: "ok" })), { requireDone: false });
    expect(events.slice(-2)).toEqual([
      { type: "message-end", messageId: ID },
      { type: "run-finish", outcome: "success" },
    ]);
  });

  it("accepts [DONE] without the final blank line", async () => {
    const events = await parse(`${wire(chunk({ content: "ok" }), chunk({}, "stop"))}data: [DONE]`);
    expect(ofType(events, "error")).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "run-finish", outcome: "success" });
  });

  it("ignores choices other than index 0", async () => {
    const two = {
      ...chunk({ content: "zero" }),
      choices: [
        { index: 1, delta: { content: "one" }, finish_reason: null },
        { index: 0, delta: { content: "zero" }, finish_reason: null },
      ],
    };
    const events = await parse(
      wire(two, { ...chunk({}), choices: [{ index: 1, delta: {}, finish_reason: "stop" }] }) + DONE,
    );
    expect(ofType(events, "text-delta").map((e) => e.text)).toEqual(["zero"]);
    expect(ofType(events, "message-end")).toHaveLength(1); // closed by [DONE], not by choice 1
  });

  it("starts a new message for a new completion after a finish_reason (agent loops)", async () => {
    const events = await parse(
      wire(
        chunk({
          tool_calls: [{ index: 0, id: "call_1", function: { name: "f", arguments: "{}" } }],
        }),
        chunk({}, "tool_calls"),
        chunk({ content: "Done." }, null, "chatcmpl-second"),
        chunk({}, "stop", "chatcmpl-second"),
        // Same id again after a finish: still a separate message.
        chunk({ content: "Again." }, null, "chatcmpl-second"),
        chunk({}, "stop", "chatcmpl-second"),
      ) + DONE,
    );
    expect(ofType(events, "message-start").map((e) => e.messageId)).toEqual([
      ID,
      "chatcmpl-second",
      "chatcmpl-second-1",
    ]);
    expect(ofType(events, "text-delta")).toEqual([
      { type: "text-delta", text: "Done.", messageId: "chatcmpl-second" },
      { type: "text-delta", text: "Again.", messageId: "chatcmpl-second-1" },
    ]);
  });

  it("makes up a message id when chunks have none, and skips Azure's empty prompt-filter chunk", async () => {
    const events = await parse(
      wire(
        { id: "", object: "", created: 0, model: "", choices: [], prompt_filter_results: [] },
        { choices: [{ delta: { content: "hi" } }] },
        { choices: [{ delta: {}, finish_reason: "stop" }] },
      ) + DONE,
    );
    const [start] = ofType(events, "message-start");
    expect(start?.messageId).toMatch(/^chatcmpl-[a-z0-9]+-1$/);
    expect(ofType(events, "text-delta")).toEqual([
      { type: "text-delta", text: "hi", messageId: start?.messageId },
    ]);
  });

  it("reports malformed chunks as malformed_event and keeps going", async () => {
    const events = await parse(
      wire(
        "data: {not json\n\n",
        "data: 42\n\n",
        { ...chunk({}), choices: "nope" },
        { ...chunk({}), choices: [{ index: 0, delta: "text" }] },
        chunk({ content: 5 }),
        chunk({ tool_calls: { index: 0 } }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: { a: 1 } } }] }),
        chunk({ content: "still here", unknown_field: { x: 1 } }),
        { object: "gateway.heartbeat", at: 1 },
        chunk({}, "stop"),
      ) + DONE,
    );
    expect(ofType(events, "error").map((e) => e.code)).toEqual(Array(7).fill("malformed_event"));
    expect(ofType(events, "text-delta").map((e) => e.text)).toEqual(["still here"]);
    expect(events.at(-1)).toEqual({ type: "run-finish", outcome: "success" });
  });

  it("ignores everything after [DONE] and empty keep-alive data", async () => {
    const events = await parse(
      wire("data:\n\n", ": ping\n\n", chunk({ content: "a" }), chunk({}, "stop")) +
        DONE +
        wire(chunk({ content: "late" })),
    );
    expect(ofType(events, "text-delta").map((e) => e.text)).toEqual(["a"]);
    expect(ofType(events, "error")).toEqual([]);
  });

  it("decodes the same events however the bytes are split", async () => {
    const body =
      wire(
        chunk({ role: "assistant", content: "", reasoning_content: "Grüße 🤔" }),
        chunk({ content: "日本語 ✓ " }),
        chunk({ content: "multi\nline" }),
        chunk({
          tool_calls: [{ index: 0, id: "call_q", function: { name: "f", arguments: '{"s":"€' } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '😀"}' } }] }),
        chunk({}, "tool_calls"),
      ).replaceAll("\n\n", "\r\n\r\n") + DONE;
    const expected = await parse(body);
    expect(expected.length).toBeGreaterThan(8);
    const bytes = utf8(body);
    await expectSameEventsForAnySplit(parse, bytes, expected, 60);
  });

  it("never throws on random bytes or random JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const events = await parse([utf8("data: "), bytes, utf8("\n\n")]);
        expect(events.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), async (a, b) => {
        const frames = `data: ${JSON.stringify(a)}\n\nevent: error\ndata: ${JSON.stringify(b)}\n\n${wire({ choices: [{ index: 0, delta: b, finish_reason: b }] })}`;
        const events = await parse(frames + DONE);
        expect(events.at(-1)).toMatchObject({ type: "run-finish" });
      }),
      { numRuns: 60 },
    );
  });

  it("delivers a 10 MB single chunk", async () => {
    const big = "z".repeat(10 * 1024 * 1024);
    const events = await parse([wire(chunk({ content: big })), wire(chunk({}, "stop")), DONE]);
    expect(ofType(events, "text-delta")[0]?.text.length).toBe(big.length);
  });

  it("reports non-2xx, a missing body and a dropped connection", async () => {
    const adapter = openAIChatAdapter();
    const body = JSON.stringify({ error: { message: "Incorrect API key provided" } });
    const [http] = await collect(adapter.parse(new Response(body, { status: 401 })));
    expect(http).toMatchObject({ type: "error", code: "http_error", status: 401 });
    expect((http as { error: string }).error).toContain("Incorrect API key");
    expect(await collect(adapter.parse(new Response(null)))).toEqual([
      expect.objectContaining({ type: "error", code: "no_body" }),
    ]);
    const dropped = await collect(
      adapter.parse(failingResponse([wire(chunk({ content: "a" }))], new Error("reset"))),
    );
    expect(dropped.at(-1)).toMatchObject({ type: "error", code: "network" });
    expect(ofType(dropped, "text-delta")).toHaveLength(1);
  });

  it("can be reused: state does not leak between responses", async () => {
    const adapter = openAIChatAdapter();
    await collect(
      adapter.parse(
        responseFromChunks([wire(chunk({ reasoning_content: "r" }), chunk({ content: "a" }))]),
      ),
    );
    const second = await collect(
      adapter.parse(responseFromChunks([wire(chunk({ content: "b" }, null, "chatcmpl-2")) + DONE])),
    );
    expect(second[0]).toEqual({ type: "message-start", messageId: "chatcmpl-2" });
    expect(ofType(second, "reasoning-end")).toEqual([]);
  });
});
