import { EventEncoder } from "@ag-ui/encoder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aiSdkTextResult,
  collect,
  cutsArbitrary,
  failingResponse,
  responseFromChunks,
  splitBytes,
  utf8,
} from "../../../test/streams";
import type { StreamProtocolAdapter } from "../../adapter";
import type { CrayonStreamEvent } from "../../events";
import { agUIAdapter } from "../ag-ui/agUIAdapter";
import { crayonSSEAdapter } from "../crayon/crayonSSEAdapter";
import { openResponsesAdapter } from "../open-responses/openResponsesAdapter";
import { openAIChatAdapter } from "../openai/openAIChatAdapter";
import { plainTextSSEAdapter } from "../plain-text/plainTextSSEAdapter";
import { textStreamAdapter } from "../text/textStreamAdapter";
import { vercelAIAdapter } from "../vercel/vercelAIAdapter";
import { autoAdapter } from "./autoAdapter";

const SSE = { "content-type": "text/event-stream" };

const textOf = (events: CrayonStreamEvent[]) =>
  events.map((e) => (e.type === "text-delta" ? e.text : "")).join("");

/** Parses the same body with autoAdapter and with `direct`; both must yield the same events. */
async function expectSameAs(
  direct: StreamProtocolAdapter,
  chunks: Array<string | Uint8Array>,
  headers: Record<string, string> = SSE,
): Promise<CrayonStreamEvent[]> {
  const viaAuto = await collect(autoAdapter().parse(responseFromChunks(chunks, { headers })));
  const viaDirect = await collect(direct.parse(responseFromChunks(chunks, { headers })));
  expect(viaAuto).toEqual(viaDirect);
  return viaAuto;
}

const agUIBody = (() => {
  const encoder = new EventEncoder();
  return [
    { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hello from AG-UI" },
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
  ]
    .map((event) => encoder.encodeSSE(event as never))
    .join("");
})();

const openAIBody = [
  {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
  },
  {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta: { content: "Hello from OpenAI" }, finish_reason: null }],
  },
  {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
  },
]
  .map((c) => `data: ${JSON.stringify(c)}\n\n`)
  .join("")
  .concat("data: [DONE]\n\n");

const vercelBody = [
  { type: "start", messageId: "msg-1" },
  { type: "start-step" },
  { type: "text-start", id: "t1" },
  { type: "text-delta", id: "t1", delta: "Hello from Vercel" },
  { type: "text-end", id: "t1" },
  { type: "finish-step" },
  { type: "finish" },
]
  .map((c) => `data: ${JSON.stringify(c)}\n\n`)
  .join("")
  .concat("data: [DONE]\n\n");

const crayonBody =
  'event: message_start\ndata: {"messageId":"c1"}\n\nevent: text\ndata: Hello from Crayon\n\nevent: message_end\ndata: {"messageId":"c1"}\n\n';

describe("autoAdapter", () => {
  describe("by response headers", () => {
    it("x-vercel-ai-ui-message-stream → Vercel AI (what toUIMessageStreamResponse sends)", async () => {
      const response = (await aiSdkTextResult(["Hi from the AI SDK"])).toUIMessageStreamResponse({
        generateMessageId: () => "msg-fixed",
      });
      const headers = Object.fromEntries(response.headers);
      expect(headers["x-vercel-ai-ui-message-stream"]).toBe("v1");
      const events = await expectSameAs(vercelAIAdapter(), [await response.text()], headers);
      expect(textOf(events)).toBe("Hi from the AI SDK");
    });

    it("x-vercel-ai-data-stream → Vercel AI, even though it is served as text/plain", async () => {
      const body =
        'f:{"messageId":"msg-v4"}\n0:"Hello "\n0:"v4"\ne:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"isContinued":false}\nd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2}}\n';
      const headers = {
        "content-type": "text/plain; charset=utf-8",
        "x-vercel-ai-data-stream": "v1",
      };
      const events = await expectSameAs(vercelAIAdapter(), [body], headers);
      expect(textOf(events)).toBe("Hello v4");
    });

    it("x-crayon-stream → Crayon SSE, whatever the first event looks like", async () => {
      const body = `data: {"type":"RUN_STARTED"}\n\n${crayonBody}`;
      await expectSameAs(crayonSSEAdapter(), [body], { ...SSE, "x-crayon-stream": "v1" });
    });

    it("text/plain → text stream, even when the text looks like SSE", async () => {
      const events = await expectSameAs(textStreamAdapter(), ["data: not an event\n\n"], {
        "content-type": "text/plain;charset=UTF-8",
      });
      expect(textOf(events)).toBe("data: not an event\n\n");
    });
  });

  describe("by the first SSE event", () => {
    it("AG-UI events (as @ag-ui/encoder writes them) → AG-UI", async () => {
      const events = await expectSameAs(agUIAdapter(), [agUIBody]);
      expect(textOf(events)).toBe("Hello from AG-UI");
    });

    it("response.created → OpenAI Responses / Open Responses", async () => {
      const body = [
        { type: "response.created", response: { id: "resp_1", status: "in_progress" } },
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "msg_1", type: "message", role: "assistant", content: [] },
        },
        {
          type: "response.output_text.delta",
          item_id: "msg_1",
          output_index: 0,
          content_index: 0,
          delta: "Hello from Responses",
        },
        { type: "response.completed", response: { id: "resp_1", status: "completed" } },
      ]
        .map((event, index) => {
          const numbered = { ...event, sequence_number: index };
          return `event: ${event.type}\ndata: ${JSON.stringify(numbered)}\n\n`;
        })
        .join("");
      const events = await expectSameAs(openResponsesAdapter(), [body]);
      expect(textOf(events)).toBe("Hello from Responses");
    });

    it("chat.completion.chunk → OpenAI, after a gateway's comment", async () => {
      const events = await expectSameAs(openAIChatAdapter(), [
        `: OPENROUTER PROCESSING\n\n${openAIBody}`,
      ]);
      expect(textOf(events)).toBe("Hello from OpenAI");
    });

    it("an OpenAI error frame first → OpenAI (reported as server_error)", async () => {
      const events = await expectSameAs(openAIChatAdapter(), [
        'data: {"error":{"message":"overloaded"}}\n\n',
      ]);
      expect(events[0]).toMatchObject({ type: "error", code: "server_error", error: "overloaded" });
    });

    it("Vercel UI message chunks without the header → Vercel AI", async () => {
      const events = await expectSameAs(vercelAIAdapter(), [vercelBody]);
      expect(textOf(events)).toBe("Hello from Vercel");
    });

    it("a Crayon event name → Crayon SSE", async () => {
      const events = await expectSameAs(crayonSSEAdapter(), [crayonBody]);
      expect(textOf(events)).toBe("Hello from Crayon");
    });

    it("anything else → plain-text SSE", async () => {
      for (const body of [
        "data: Hello\n\ndata: [DONE]\n\n",
        'data: {"content":"custom json"}\n\n',
        'data: {"type":"text","value":"not vercel"}\n\n',
        "event: delta\ndata: named but unknown\n\n",
      ]) {
        await expectSameAs(plainTextSSEAdapter(), [body]);
      }
    });

    it("hands the chosen adapter the whole body however the bytes are split", async () => {
      const cases: Array<[StreamProtocolAdapter, string]> = [
        [agUIAdapter(), agUIBody],
        [openAIChatAdapter(), openAIBody.replaceAll("\n\n", "\r\n\r\n")],
        [vercelAIAdapter(), vercelBody],
        [crayonSSEAdapter(), crayonBody],
      ];
      for (const [direct, body] of cases) {
        const bytes = utf8(body);
        const expected = await collect(direct.parse(responseFromChunks([bytes], { headers: SSE })));
        await fc.assert(
          fc.asyncProperty(cutsArbitrary(bytes.length), async (cuts) => {
            const chunks = splitBytes(bytes, cuts);
            const events = await collect(
              autoAdapter().parse(responseFromChunks(chunks, { headers: SSE })),
            );
            expect(events).toEqual(expected);
          }),
          { numRuns: 25 },
        );
      }
    });
  });

  describe("without a telling content type", () => {
    it("sniffs a body that starts like SSE (e.g. a mock Response without headers)", async () => {
      const events = await expectSameAs(openAIChatAdapter(), ["\uFEFF", "\n", openAIBody], {});
      expect(textOf(events)).toBe("Hello from OpenAI");
      await expectSameAs(crayonSSEAdapter(), [crayonBody], {
        "content-type": "application/octet-stream",
      });
      await expectSameAs(plainTextSSEAdapter(), [": hi\n\ndata: x\n\n"], {});
    });

    it("gives anything else to the fallback: the text adapter by default, or the one passed", async () => {
      const body = ["Just ", "text, no SSE."];
      expect(textOf(await expectSameAs(textStreamAdapter(), body, {}))).toBe("Just text, no SSE.");
      const fallback: StreamProtocolAdapter = {
        async *parse(response) {
          yield { type: "custom", name: "fallback", value: await response.text() };
        },
      };
      const events = await collect(
        autoAdapter({ fallback }).parse(
          responseFromChunks(body, { headers: { "content-type": "application/json" } }),
        ),
      );
      expect(events).toEqual([{ type: "custom", name: "fallback", value: "Just text, no SSE." }]);
    });
  });

  it("passes status, status text and headers on, with the body intact", async () => {
    const seen: Response[] = [];
    const spy: StreamProtocolAdapter = {
      parse(response) {
        seen.push(response);
        return textStreamAdapter().parse(response);
      },
    };
    const response = responseFromChunks(openAIBody.match(/[\s\S]{1,7}/g)!, {
      status: 203,
      statusText: "Non-Authoritative",
      headers: { ...SSE, "x-request-id": "req_42" },
    });
    const events = await collect(autoAdapter({ adapters: { openAI: spy } }).parse(response));
    expect(textOf(events)).toBe(openAIBody);
    expect(seen[0]!.status).toBe(203);
    expect(seen[0]!.statusText).toBe("Non-Authoritative");
    expect(seen[0]!.headers.get("x-request-id")).toBe("req_42");
  });

  it("uses the adapters passed in options instead of the defaults", async () => {
    const adapter = autoAdapter({
      adapters: { openAI: openAIChatAdapter({ requireDone: false }) },
    });
    const body = openAIBody.replace("data: [DONE]\n\n", "");
    const events = await collect(adapter.parse(responseFromChunks([body], { headers: SSE })));
    expect(events.filter((e) => e.type === "error")).toEqual([]);
  });

  it("reports non-2xx responses and missing bodies like any adapter", async () => {
    const [http] = await collect(
      autoAdapter().parse(new Response("upstream down", { status: 502, headers: SSE })),
    );
    expect(http).toMatchObject({ type: "error", code: "http_error", status: 502 });
    const [plain] = await collect(autoAdapter().parse(new Response("bad", { status: 400 })));
    expect(plain).toMatchObject({ type: "error", code: "http_error", status: 400 });
    expect(await collect(autoAdapter().parse(new Response(null, { headers: SSE })))).toEqual([
      expect.objectContaining({ type: "error", code: "no_body" }),
    ]);
  });

  it("replays a connection failure met while sniffing, after the events before it", async () => {
    const first = 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n';
    const events = await collect(autoAdapter().parse(failingResponse([first], new Error("reset"))));
    expect(events).toEqual([
      expect.objectContaining({ type: "run-start", threadId: "t", runId: "r" }),
      expect.objectContaining({ type: "error", code: "network" }),
    ]);
    const early = await collect(
      autoAdapter().parse(failingResponse(['data: {"ty'], new Error("reset"))),
    );
    expect(early).toEqual([expect.objectContaining({ type: "error", code: "network" })]);
  });

  it("cancels the original body when the consumer stops early", async () => {
    let cancelled = false;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(utf8(`data: chunk ${sent++}\n\n`));
      },
      cancel() {
        cancelled = true;
      },
    });
    const iterable = autoAdapter().parse(new Response(body, { headers: SSE }));
    for await (const event of iterable) {
      expect(event).toEqual({ type: "text-delta", text: "chunk 0" });
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("can stop before it started", async () => {
    const iterator = autoAdapter()
      .parse(responseFromChunks(["data: x\n\n"]))
      [Symbol.asyncIterator]();
    expect(await iterator.return?.()).toEqual({ value: undefined, done: true });
  });

  it("never throws on random bytes, with or without an SSE content type", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.boolean(), async (bytes, sse) => {
        const response = responseFromChunks([utf8("data: "), bytes], { headers: sse ? SSE : {} });
        await collect(autoAdapter().parse(response));
      }),
      { numRuns: 50 },
    );
  });

  it("delivers a 10 MB first event (too big to sniff: read as plain-text SSE)", async () => {
    const big = "q".repeat(10 * 1024 * 1024);
    const events = await collect(
      autoAdapter().parse(responseFromChunks([`data: ${big}\n\n`], { headers: SSE })),
    );
    expect(textOf(events).length).toBe(big.length);
  });

  it("is reusable across responses of different protocols", async () => {
    const adapter = autoAdapter();
    const a = await collect(adapter.parse(responseFromChunks([openAIBody], { headers: SSE })));
    const b = await collect(adapter.parse(responseFromChunks([agUIBody], { headers: SSE })));
    expect(textOf(a)).toBe("Hello from OpenAI");
    expect(textOf(b)).toBe("Hello from AG-UI");
  });
});
