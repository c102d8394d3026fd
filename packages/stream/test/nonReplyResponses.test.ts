import { describe, expect, it } from "vitest";
import { createMessageAccumulator } from "../src/accumulator/messageAccumulator";
import type { StreamProtocolAdapter } from "../src/adapter";
import { agUIAdapter } from "../src/adapters/ag-ui/agUIAdapter";
import { autoAdapter } from "../src/adapters/auto/autoAdapter";
import { crayonSSEAdapter } from "../src/adapters/crayon/crayonSSEAdapter";
import { openAIChatAdapter } from "../src/adapters/openai/openAIChatAdapter";
import { plainTextSSEAdapter } from "../src/adapters/plain-text/plainTextSSEAdapter";
import { textStreamAdapter } from "../src/adapters/text/textStreamAdapter";
import { vercelAIAdapter } from "../src/adapters/vercel/vercelAIAdapter";
import type { CrayonStreamEvent } from "../src/events";
import { responseFromChunks } from "./streams";

// Responses that are not a reply, through every bundled adapter: each ends with a typed error,
// and whatever was received before is kept.

const adapters: [string, () => StreamProtocolAdapter][] = [
  ["crayonSSEAdapter", () => crayonSSEAdapter()],
  ["agUIAdapter", () => agUIAdapter()],
  ["vercelAIAdapter", () => vercelAIAdapter()],
  ["openAIChatAdapter", () => openAIChatAdapter()],
  ["plainTextSSEAdapter", () => plainTextSSEAdapter()],
  ["textStreamAdapter", () => textStreamAdapter()],
  ["autoAdapter", () => autoAdapter()],
];

async function parse(adapter: StreamProtocolAdapter, response: Response) {
  const events: CrayonStreamEvent[] = [];
  for await (const event of adapter.parse(response)) events.push(event);
  return events;
}

const errorsOf = (events: CrayonStreamEvent[]) =>
  events.filter((event) => event.type === "error").map((event) => event.code);

describe.each(adapters)("%s", (_, make) => {
  it("reports an HTML page served with 200 as unexpected_content_type, quoting it", async () => {
    const page = new Response("<!doctype html><title>Sign in</title>", {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    const events = await parse(make(), page);
    expect(events).toEqual([
      expect.objectContaining({
        type: "error",
        code: "unexpected_content_type",
        status: 200,
        error: expect.stringContaining("text/html"),
      }),
    ]);
    expect((events[0] as { error: string }).error).toContain("Sign in");
  });

  it("reports a JSON body served with 200 as unexpected_content_type", async () => {
    const json = Response.json({ error: "stream must be true" });
    expect(errorsOf(await parse(make(), json))).toEqual(["unexpected_content_type"]);
  });

  it("reports a 204 and an empty 200 as no_body", async () => {
    expect(errorsOf(await parse(make(), new Response(null, { status: 204 })))).toEqual(["no_body"]);
    const empty = new Response("", { headers: { "content-type": "text/event-stream" } });
    expect(errorsOf(await parse(make(), empty))).toEqual(["no_body"]);
  });
});

describe("a body cut in the middle of its last SSE frame", () => {
  const cut: [string, () => StreamProtocolAdapter, string][] = [
    [
      "crayonSSEAdapter",
      () => crayonSSEAdapter(),
      "event: text\ndata: Half a \n\nevent: text\ndata: rep",
    ],
    ["plainTextSSEAdapter", () => plainTextSSEAdapter(), "data: Half a \n\ndata: rep"],
    [
      "agUIAdapter",
      () => agUIAdapter(),
      'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"Half a "}\n\ndata: {"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"rep',
    ],
    [
      "openAIChatAdapter",
      () => openAIChatAdapter(),
      'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"Half a "}}]}\n\ndata: {"id":"c","choices":[{"index":0,"delta":{"content":"rep',
    ],
    [
      "vercelAIAdapter (UI message stream)",
      () => vercelAIAdapter(),
      'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"t"}\n\ndata: {"type":"text-delta","id":"t","delta":"Half a "}\n\ndata: {"type":"text-delta","id":"t","delta":"rep',
    ],
  ];

  it.each(cut)(
    "%s: keeps the text before the cut, marked, and reports truncated",
    async (_, make, body) => {
      const response = new Response(body, {
        headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
      });
      const events = await parse(make(), response);
      expect(errorsOf(events)).toContain("truncated");
      expect(JSON.stringify(events)).not.toContain("rep");
      const accumulator = createMessageAccumulator();
      for (const event of events) accumulator.apply(event);
      accumulator.finish();
      expect(accumulator.getMessages()).toEqual([
        expect.objectContaining({ role: "assistant", content: "Half a ", status: "error" }),
      ]);
    },
  );
});

describe("which content types are read as a reply", () => {
  const sseAdapters = adapters.filter(([name]) => name !== "textStreamAdapter");
  const withType = (type: string | null) =>
    responseFromChunks([": ping\n\n"], type === null ? {} : { headers: { "content-type": type } });
  const refused = async (make: () => StreamProtocolAdapter, type: string | null) =>
    errorsOf(await parse(make(), withType(type))).includes("unexpected_content_type");

  it.each(sseAdapters)(
    "%s reads SSE, loosely labelled SSE and unlabelled bodies",
    async (_, make) => {
      for (const type of [
        null,
        "text/event-stream",
        "Text/Event-Stream; charset=UTF-8",
        " text/event-stream ",
        "text/plain; charset=utf-8",
        "application/octet-stream",
      ]) {
        expect(await refused(make, type), String(type)).toBe(false);
      }
    },
  );

  it.each(sseAdapters)("%s refuses pages, JSON and binary AG-UI events", async (_, make) => {
    for (const type of [
      "TEXT/HTML; charset=utf-8",
      "application/json",
      "application/vnd.ag-ui.event+proto",
      "text/event-streams",
    ]) {
      expect(await refused(make, type), type).toBe(true);
    }
  });

  it("textStreamAdapter reads any text but HTML", async () => {
    const make = () => textStreamAdapter();
    for (const type of [null, "text/plain; charset=utf-8", "text/markdown", "TEXT/PLAIN"]) {
      expect(await refused(make, type), String(type)).toBe(false);
    }
    expect(await refused(make, "application/octet-stream")).toBe(false);
    for (const type of ["text/html", "Text/HTML; charset=utf-8", "application/json"]) {
      expect(await refused(make, type), type).toBe(true);
    }
  });
});

describe("the end of an SSE body", () => {
  const sse = (body: string) =>
    responseFromChunks([body], { headers: { "content-type": "text/event-stream" } });

  it("reads a last event closed by CR line endings as complete", async () => {
    expect(await parse(plainTextSSEAdapter(), sse("data: a\r\rdata: b\r\r"))).toEqual([
      { type: "text-delta", text: "a" },
      { type: "text-delta", text: "b" },
      { type: "message-end" },
    ]);
  });

  it("reports a last line ended by CR but no blank line as truncated", async () => {
    expect(errorsOf(await parse(plainTextSSEAdapter(), sse("data: a\r\rdata: b\r")))).toEqual([
      "truncated",
    ]);
  });

  it("reports a cut at any byte of the last event as truncated, also before its data", async () => {
    const first = "event: text\ndata: Hello\n\n";
    const last = "event: text\r\nid: 2\r\ndata: world\r\n\r\n";
    for (let cut = 1; cut < last.length - 1; cut++) {
      const body = first + last.slice(0, cut);
      // Split too, so the cut also lands after a chunk boundary.
      const response = responseFromChunks([body.slice(0, -1), body.slice(-1)], {
        headers: { "content-type": "text/event-stream" },
      });
      expect(await parse(crayonSSEAdapter(), response), JSON.stringify(body)).toEqual([
        { type: "text-delta", text: "Hello" },
        expect.objectContaining({ type: "error", code: "truncated" }),
      ]);
    }
    for (const end of ["data:", "data: ", "data", "d"]) {
      expect(errorsOf(await parse(plainTextSSEAdapter(), sse(`data: Hi\n\n${end}`))), end).toEqual([
        "truncated",
      ]);
    }
  });

  it("ends cleanly after a last comment, or an event without data", async () => {
    for (const end of [": bye", ": bye\n", "id: 7\n\n", "retry: 10\n\n", "\n"]) {
      expect(await parse(plainTextSSEAdapter(), sse(`data: Hi\n\n${end}`)), end).toEqual([
        { type: "text-delta", text: "Hi" },
        { type: "message-end" },
      ]);
    }
  });

  it("takes a final data: [DONE] without its blank line as the normal end", async () => {
    const chunk =
      'data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n';
    const events = await parse(openAIChatAdapter(), sse(`${chunk}data: [DONE]`));
    expect(errorsOf(events)).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: "text-delta", text: "Hi" }));
    for (const end of ["data: [DONE]", "data: [DONE]\n", "data:[DONE]\r"]) {
      expect(await parse(plainTextSSEAdapter(), sse(`data: Hi\n\n${end}`)), end).toEqual([
        { type: "text-delta", text: "Hi" },
        { type: "message-end" },
      ]);
    }
  });
});
