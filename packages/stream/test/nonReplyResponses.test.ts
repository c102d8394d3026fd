import { describe, expect, it } from "vitest";
import { createMessageAccumulator } from "../src/accumulator/messageAccumulator";
import type { StreamProtocolAdapter } from "../src/adapter";
import { agUIAdapter } from "../src/adapters/agUIAdapter";
import { autoAdapter } from "../src/adapters/autoAdapter";
import { crayonSSEAdapter } from "../src/adapters/crayonSSEAdapter";
import { openAIChatAdapter } from "../src/adapters/openAIChatAdapter";
import { plainTextSSEAdapter } from "../src/adapters/plainTextSSEAdapter";
import { textStreamAdapter } from "../src/adapters/textStreamAdapter";
import { vercelAIAdapter } from "../src/adapters/vercelAIAdapter";
import type { CrayonStreamEvent } from "../src/events";

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
