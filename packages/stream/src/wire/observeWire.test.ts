import { describe, expect, it } from "vitest";
import { collect, responseFromChunks } from "../../test/streams";
import type { StreamProtocolAdapter } from "../adapter";
import { agUIAdapter } from "../adapters/ag-ui";
import { autoAdapter } from "../adapters/auto";
import { crayonSSEAdapter } from "../adapters/crayon";
import { openResponsesAdapter } from "../adapters/open-responses";
import { openAIChatAdapter } from "../adapters/openai";
import { plainTextSSEAdapter } from "../adapters/plain-text";
import { textStreamAdapter } from "../adapters/text";
import { vercelAIAdapter } from "../adapters/vercel";
import { crayonBackend } from "../backends/crayon";
import type { ChatRequest, HttpRequestTrace } from "../chatRequest";
import { observeWire, type WireFrame } from "./observeWire";

const sse = (...frames: string[]) => frames.map((frame) => `${frame}\n\n`).join("");

async function framesOf(adapter: StreamProtocolAdapter, body: string, headers?: HeadersInit) {
  const frames: WireFrame[] = [];
  // Split mid-frame: a frame is reported once, whole, however the body is chunked.
  const half = Math.floor(body.length / 2);
  const response = responseFromChunks([body.slice(0, half), body.slice(half)], { headers });
  const events = await collect(adapter.parse(observeWire(response, (f) => frames.push(f))));
  // Observing changes nothing the adapter reads.
  const unobserved = responseFromChunks([body.slice(0, half), body.slice(half)], { headers });
  const types = (list: { type: string }[]) => list.map((event) => event.type);
  expect(types(events)).toEqual(types(await collect(adapter.parse(unobserved))));
  return { frames, events };
}

describe("observeWire", () => {
  // The SSE protocols each read with the adapter of their own, observed and not.
  it("reports each SSE message of a Crayon SSE body, with its event name and id", async () => {
    const { frames, events } = await framesOf(
      crayonSSEAdapter(),
      sse("event: text\nid: 1\ndata: Hel", "event: text\ndata: lo"),
      { "content-type": "text/event-stream" },
    );
    expect(frames).toEqual([
      { kind: "sse", event: "text", id: "1", data: "Hel" },
      { kind: "sse", event: "text", data: "lo" },
    ]);
    expect(events.filter((e) => e.type === "text-delta")).toHaveLength(2);
  });

  it.each([
    ["AG-UI", agUIAdapter(), sse('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}')],
    ["OpenAI Chat Completions", openAIChatAdapter(), sse("data: [DONE]")],
    ["Open Responses", openResponsesAdapter(), sse('data: {"type":"response.created"}')],
    ["plain-text SSE", plainTextSSEAdapter(), sse("data: hi", "data: [DONE]")],
    ["Vercel AI UI message stream", vercelAIAdapter(), sse('data: {"type":"start"}')],
    ["the auto adapter", autoAdapter(), sse("event: text\ndata: hi")],
  ])("reports the SSE messages of %s", async (_name, adapter, body) => {
    const { frames } = await framesOf(adapter, body, { "content-type": "text/event-stream" });
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.kind === "sse")).toBe(true);
  });

  it("reports the lines of an AI SDK data stream and the chunks of a text stream", async () => {
    const data = await framesOf(vercelAIAdapter(), '0:"Hi"\nd:{"finishReason":"stop"}\n', {
      "content-type": "text/plain",
      "x-vercel-ai-data-stream": "v1",
    });
    expect(data.frames).toEqual([
      { kind: "line", data: '0:"Hi"' },
      { kind: "line", data: 'd:{"finishReason":"stop"}' },
    ]);
    const text = await framesOf(textStreamAdapter(), "Hello world");
    expect(text.frames.map((f) => f.data).join("")).toBe("Hello world");
    expect(text.frames.every((f) => f.kind === "text")).toBe(true);
  });
});

describe("ChatRequest.traceRequest", () => {
  it("receives the bundled backends' HTTP request as sent", async () => {
    const traces: HttpRequestTrace[] = [];
    const backend = crayonBackend({
      url: "/api/chat",
      headers: { Authorization: "Bearer x" },
      fetch: async () => new Response(""),
    });
    const request: ChatRequest = {
      threadId: "t",
      messages: [],
      abortController: new AbortController(),
      runId: "r",
      trigger: "submit-message",
      state: undefined,
      tools: [],
      traceRequest: (trace) => traces.push(trace),
    };
    await backend.processMessage(request);
    expect(traces).toEqual([
      {
        url: "/api/chat",
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          Authorization: "Bearer x",
        },
        body: JSON.stringify({ threadId: "t", messages: [] }),
      },
    ]);
  });
});
