import { encodeCrayonEvent } from "@crayonai/server/sse";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collect,
  expectSameEventsForAnySplit,
  failingResponse,
  responseFromChunks,
  splitBytes,
  utf8,
} from "../../../test/streams";
import type { CrayonStreamEvent } from "../../events";
import { crayonSSEAdapter } from "./crayonSSEAdapter";

function counterIds() {
  let n = 0;
  return () => `tpl_${++n}`;
}

function parse(chunks: ReadonlyArray<string | Uint8Array>, init?: ResponseInit) {
  return collect(
    crayonSSEAdapter({ generateTemplateId: counterIds() }).parse(responseFromChunks(chunks, init)),
  );
}

const text = (value: string, messageId?: string): CrayonStreamEvent =>
  messageId === undefined
    ? { type: "text-delta", text: value }
    : { type: "text-delta", text: value, messageId };

describe("crayonSSEAdapter: text", () => {
  it("reads raw text frames; multi-line data is joined with \\n", async () => {
    expect(await parse(["event: text\ndata: Hello\n\nevent: text\ndata: a\ndata: b\n\n"])).toEqual([
      text("Hello"),
      text("a\nb"),
    ]);
  });

  it("reads frames without an event name (and `event: message`) as text", async () => {
    expect(await parse(["data: plain\n\nevent: message\ndata: named\n\n"])).toEqual([
      text("plain"),
      text("named"),
    ]);
  });

  it("keeps empty text and spaces after the one SSE strips", async () => {
    expect(await parse(["event: text\ndata:\n\nevent: text\ndata:  two\n\n"])).toEqual([
      text(""),
      text(" two"),
    ]);
  });

  it("reads reasoning frames as raw text", async () => {
    expect(await parse(["event: reasoning\ndata: Let me think\n\n"])).toEqual([
      { type: "reasoning-delta", text: "Let me think" },
    ]);
  });

  it("drops a final frame that lacks its closing blank line, and reports truncated", async () => {
    expect(await parse(["event: text\ndata: first\n\nevent: text\ndata: last"])).toEqual([
      text("first"),
      expect.objectContaining({ type: "error", code: "truncated" }),
    ]);
  });
});

describe("crayonSSEAdapter: SSE framing", () => {
  const lf =
    'event: text\ndata: one\ndata: two\n\nevent: tool_call_start\ndata: {"toolCallId":"c1","toolCallName":"s"}\n\n' +
    'event: text\nid: {"messageId":"m1"}\ndata: three\n\n';
  const expected: CrayonStreamEvent[] = [
    text("one\ntwo"),
    { type: "tool-call-start", toolCallId: "c1", toolCallName: "s" },
    text("three", "m1"),
  ];

  it.each([
    ["LF", lf],
    ["CRLF", lf.replaceAll("\n", "\r\n")],
    ["CR", lf.replaceAll("\n", "\r")],
  ])("reads %s line endings alike", async (_name, body) => {
    expect(await parse([body])).toEqual(expected);
  });

  it("ignores comments, retry fields and ids that are not JSON objects", async () => {
    const body =
      ": keep-alive\n\nretry: 3000\nevent: text\nid: 17\ndata: a\n\n" +
      "id: 18\n: comment inside a frame\nevent: text\ndata: b\n\n:\n\n";
    expect(await parse([body])).toEqual([text("a"), text("b")]);
  });

  it("reads a stream cut into single bytes, including inside emoji", async () => {
    const body = encodeCrayonEvent(text("héllo 👋🏽 世界")) + encodeCrayonEvent(text("🎉", "m"));
    const bytes = utf8(body);
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await parse(chunks)).toEqual([text("héllo 👋🏽 世界"), text("🎉", "m")]);
  });
});

describe("crayonSSEAdapter: extra fields in id", () => {
  it("reads messageId and exact text from the id object", async () => {
    const body =
      'event: text\nid: {"messageId":"m1"}\ndata: Hi\n\n' +
      'event: reasoning\nid: {"messageId":"r1","text":"a\\r\\nb"}\ndata: a\ndata: b\n\n';
    expect(await parse([body])).toEqual([
      text("Hi", "m1"),
      { type: "reasoning-delta", text: "a\r\nb", messageId: "r1" },
    ]);
  });

  it("keeps the text when the id object is broken, and reports it", async () => {
    const events = await parse([
      "event: text\nid: {oops\ndata: kept\n\n",
      'event: text\nid: {"messageId":5}\ndata: also kept\n\n',
    ]);
    expect(events).toEqual([
      text("kept"),
      expect.objectContaining({ type: "error", code: "malformed_event" }),
      text("also kept"),
      expect.objectContaining({ type: "error", code: "malformed_event" }),
    ]);
  });
});

describe("crayonSSEAdapter: errors from the server", () => {
  it("reads a raw error frame as code server_error", async () => {
    expect(
      await parse(["event: text\ndata: partial\n\nevent: error\ndata: Quota exceeded\n\n"]),
    ).toEqual([text("partial"), { type: "error", error: "Quota exceeded", code: "server_error" }]);
  });

  it("reads code, status and messageId from the id object", async () => {
    expect(
      await parse([
        'event: error\nid: {"code":"http_error","status":502,"messageId":"m1"}\ndata: Bad gateway\n\n',
        'event: error\nid: {"code":"made_up"}\ndata: still an error\n\n',
        "event: error\nid: {}\ndata: no code\n\n",
      ]),
    ).toEqual([
      { type: "error", error: "Bad gateway", code: "http_error", status: 502, messageId: "m1" },
      { type: "error", error: "still an error", code: "server_error" },
      { type: "error", error: "no code" },
    ]);
  });

  it("keeps parsing after an error frame", async () => {
    expect(await parse(["event: error\ndata: oops\n\nevent: text\ndata: more\n\n"])).toEqual([
      { type: "error", error: "oops", code: "server_error" },
      text("more"),
    ]);
  });
});

describe("crayonSSEAdapter: JSON events", () => {
  it("treats null optional fields as absent", async () => {
    const events = await parse([
      'event: tool_call_start\ndata: {"toolCallId":"c1","toolCallName":"s","parentMessageId":null}\n\n',
      'event: activity_snapshot\ndata: {"activityType":"a","content":{},"messageId":null,"replace":null}\n\n',
    ]);
    expect(events).toStrictEqual([
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "s" },
      { type: "activity-snapshot", activityType: "a", content: {} },
    ]);
  });

  it.each([
    ["invalid JSON", "event: tool_call_args\ndata: {not json\n\n", "Invalid JSON"],
    ["a non-object", "event: tool_call_end\ndata: [1,2]\n\n", "JSON object"],
    ["a missing field", 'event: tool_call_start\ndata: {"toolCallId":"c1"}\n\n', "toolCallName"],
    [
      "a mistyped field",
      'event: tool_call_args\ndata: {"toolCallId":1,"delta":""}\n\n',
      "toolCallId",
    ],
    ["a mistyped optional field", 'event: message_end\ndata: {"messageId":7}\n\n', "messageId"],
    ["an unknown status", 'event: status\ndata: {"status":"sleeping"}\n\n', "status"],
    ["an unknown outcome", 'event: run_finish\ndata: {"outcome":"maybe"}\n\n', "outcome"],
    ["an empty message_update id", 'event: message_update\ndata: {"id":""}\n\n', "id"],
    ["a non-JSON context", "event: context_append\ndata: not json\n\n", "Invalid JSON"],
  ])("reports %s as malformed_event and goes on", async (_name, frame, mention) => {
    const events = await parse([
      `event: text\ndata: before\n\n${frame}event: text\ndata: after\n\n`,
    ]);
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual(text("before"));
    expect(events[1]).toMatchObject({ type: "error", code: "malformed_event" });
    expect((events[1] as { error: string }).error).toContain(mention);
    expect(events[2]).toEqual(text("after"));
  });

  it("skips unknown event names, even with invalid data", async () => {
    const body =
      "event: future_thing\ndata: {not json\n\nevent: __proto__\ndata: {}\n\n" +
      "event: constructor\ndata: {}\n\nevent: TEXT\ndata: wrong case\n\nevent: text\ndata: ok\n\n";
    expect(await parse([body])).toEqual([text("ok")]);
  });

  it("reads 0.6 context_append (the context value itself) and message_update", async () => {
    const body =
      'event: context_append\ndata: {"k":"v"}\n\nevent: context_append\ndata: "s"\n\n' +
      'event: context_append\nid: {"messageId":"m"}\ndata: [1]\n\nevent: message_update\ndata: {"id":"srv_1"}\n\n';
    expect(await parse([body])).toEqual([
      { type: "context-append", context: { k: "v" } },
      { type: "context-append", context: "s" },
      { type: "context-append", context: [1], messageId: "m" },
      { type: "message-update", id: "srv_1" },
    ]);
  });
});

describe("crayonSSEAdapter: 0.6 response templates", () => {
  it("reads tpl as an activity snapshot with a generated id", async () => {
    const body =
      'event: tpl\ndata: {"name":"weather","templateProps":{"city":"Paris"}}\n\n' +
      'event: tpl\ndata: {"name":"empty"}\n\n';
    expect(await parse([body])).toEqual([
      {
        type: "activity-snapshot",
        activityType: "weather",
        content: { city: "Paris" },
        messageId: "tpl_1",
      },
      { type: "activity-snapshot", activityType: "empty", content: {}, messageId: "tpl_2" },
    ]);
  });

  it("appends tpl_props_chunk data to the latest template's content, as 0.6 did", async () => {
    const body =
      'event: tpl\ndata: {"name":"c1","templateProps":{"theme":"dark"}}\n\n' +
      "event: tpl_props_chunk\ndata: <content>Hel\n\n" +
      "event: text\ndata: between\n\n" +
      "event: tpl_props_chunk\ndata: lo</content>\n\n" +
      'event: tpl\ndata: {"name":"c1","templateProps":{"content":"<a/>"}}\n\n' +
      "event: tpl_props_chunk\ndata: <b/>\n\n";
    expect(await parse([body])).toEqual([
      {
        type: "activity-snapshot",
        activityType: "c1",
        content: { theme: "dark" },
        messageId: "tpl_1",
      },
      {
        type: "activity-snapshot",
        activityType: "c1",
        content: { theme: "dark", content: "<content>Hel" },
        messageId: "tpl_1",
      },
      text("between"),
      {
        type: "activity-snapshot",
        activityType: "c1",
        content: { theme: "dark", content: "<content>Hello</content>" },
        messageId: "tpl_1",
      },
      {
        type: "activity-snapshot",
        activityType: "c1",
        content: { content: "<a/>" },
        messageId: "tpl_2",
      },
      {
        type: "activity-snapshot",
        activityType: "c1",
        content: { content: "<a/><b/>" },
        messageId: "tpl_2",
      },
    ]);
  });

  it("does not change snapshots it already emitted", async () => {
    const events = await parse([
      'event: tpl\ndata: {"name":"c1","templateProps":{}}\n\n',
      "event: tpl_props_chunk\ndata: a\n\nevent: tpl_props_chunk\ndata: b\n\n",
    ]);
    expect(events.map((e) => (e as { content: unknown }).content)).toEqual([
      {},
      { content: "a" },
      { content: "ab" },
    ]);
  });

  it("reports a props chunk with no template, and bad templates, as malformed_event", async () => {
    const events = await parse([
      "event: tpl_props_chunk\ndata: orphan\n\n",
      'event: tpl\ndata: {"templateProps":{}}\n\n',
      'event: tpl\ndata: {"name":"x","templateProps":[1]}\n\n',
      "event: tpl\ndata: {bad\n\n",
      "event: text\ndata: still here\n\n",
    ]);
    expect(events.slice(0, 4).map((e) => e.type === "error" && e.code)).toEqual([
      "malformed_event",
      "malformed_event",
      "malformed_event",
      "malformed_event",
    ]);
    expect(events[4]).toEqual(text("still here"));
  });

  it("generates distinct template ids by default, across templates and responses", async () => {
    const adapter = crayonSSEAdapter();
    const body = 'event: tpl\ndata: {"name":"t"}\n\nevent: tpl\ndata: {"name":"t"}\n\n';
    const first = await collect(adapter.parse(responseFromChunks([body])));
    const second = await collect(adapter.parse(responseFromChunks([body])));
    const ids = [...first, ...second].map((e) => (e as { messageId: string }).messageId);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^tpl-/);
  });
});

describe("crayonSSEAdapter: runs and truncation", () => {
  it("reports truncated when the body ends after run_start without run_finish", async () => {
    expect(
      await parse(['event: run_start\ndata: {"runId":"r1"}\n\nevent: text\ndata: partial\n\n']),
    ).toEqual([
      { type: "run-start", runId: "r1" },
      text("partial"),
      expect.objectContaining({ type: "error", code: "truncated" }),
    ]);
  });

  it("does not report truncated for a finished run or a stream without runs", async () => {
    const finished = await parse([
      "event: run_start\ndata: {}\n\nevent: text\ndata: a\n\nevent: run_finish\ndata: {}\n\n",
    ]);
    expect(finished.some((e) => e.type === "error")).toBe(false);
    expect(await parse(["event: text\ndata: a\n\n"])).toEqual([text("a")]);
  });

  it("keeps no state between responses of one adapter", async () => {
    const adapter = crayonSSEAdapter();
    await collect(adapter.parse(responseFromChunks(["event: run_start\ndata: {}\n\n"])));
    const next = await collect(
      adapter.parse(
        responseFromChunks(["event: tpl_props_chunk\ndata: x\n\nevent: text\ndata: b\n\n"]),
      ),
    );
    // No template carried over (the chunk has none to go to), no truncation carried over.
    expect(next).toEqual([expect.objectContaining({ code: "malformed_event" }), text("b")]);
  });
});

describe("crayonSSEAdapter: hostile input", () => {
  it("reports non-2xx responses and responses without a body", async () => {
    expect(await parse(["upstream down"], { status: 503 })).toEqual([
      expect.objectContaining({ type: "error", code: "http_error", status: 503 }),
    ]);
    const events = await collect(crayonSSEAdapter().parse(new Response(null, { status: 200 })));
    expect(events).toEqual([expect.objectContaining({ type: "error", code: "no_body" })]);
  });

  it("keeps content received before the body fails, then reports network", async () => {
    const response = failingResponse(
      ["event: text\ndata: Hello\n\n", "event: text\ndata: wor"],
      new TypeError("socket hang up"),
    );
    const events = await collect(crayonSSEAdapter().parse(response));
    expect(events[0]).toEqual(text("Hello"));
    expect(events.at(-1)).toMatchObject({ type: "error", code: "network" });
  });

  it("reads a stream truncated mid-frame: the frames before the cut, then truncated", async () => {
    const truncated = expect.objectContaining({ type: "error", code: "truncated" });
    expect(await parse(["event: text\ndata: Hel"])).toEqual([truncated]);
    const cutJSON = await parse([
      'event: text\ndata: a\n\nevent: tool_call_start\ndata: {"toolCall',
    ]);
    expect(cutJSON).toEqual([text("a"), truncated]);
    // Cut before the frame's data: its data never came, so the reply is cut too.
    expect(await parse(["event: text\ndata: a\n\nevent: tex"])).toEqual([text("a"), truncated]);
  });

  it("reads a 10 MB text event intact", async () => {
    const big = "Grüße 👋 — lorem ipsum dolor sit amet\n".repeat(260_000);
    const bytes = utf8(encodeCrayonEvent(text(big)));
    expect(bytes.length).toBeGreaterThan(10_000_000);
    const cuts = Array.from(
      { length: Math.floor(bytes.length / 65_536) },
      (_, i) => (i + 1) * 65_536 + 1,
    );
    const events = await parse(splitBytes(bytes, cuts));
    expect(events).toHaveLength(1);
    expect((events[0] as { text: string }).text === big).toBe(true);
  });

  it("never throws or hangs on random bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (bytes) => {
        const events = await parse([bytes]);
        for (const event of events) expect(typeof event.type).toBe("string");
      }),
      { numRuns: 200 },
    );
  });

  it("never throws on SSE-shaped garbage", async () => {
    const token = fc.constantFrom(
      "event: ",
      "data: ",
      "id: ",
      "id: {",
      ": ",
      "text",
      "tpl",
      "tpl_props_chunk",
      "error",
      "context_append",
      "tool_call_start",
      "run_start",
      "activity_delta",
      "{",
      "}",
      '"',
      "null",
      '"toolCallId":"c"',
      ",",
      ":",
      "\n",
      "\r",
      "\r\n",
      "\n\n",
      "👋",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 80 }), async (tokens) => {
        const events = await parse([tokens.join("")]);
        for (const event of events) {
          expect(typeof event.type).toBe("string");
          if (event.type === "error") expect(event.code).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("crayonSSEAdapter: chunking never changes the result", () => {
  // A realistic response: reasoning, a message with streamed text (multi-line, CRLF, emoji),
  // a tool call with its result, a 0.6 template streamed in chunks, context, and the end.
  const script: CrayonStreamEvent[] = [
    { type: "run-start", threadId: "t1", runId: "r1" },
    { type: "reasoning-start", messageId: "rsn_1" },
    { type: "reasoning-delta", text: "The user wants\nthe weather.", messageId: "rsn_1" },
    { type: "reasoning-end", messageId: "rsn_1" },
    { type: "message-start", messageId: "msg_1" },
    { type: "text-delta", text: "Let me check ", messageId: "msg_1" },
    { type: "text-delta", text: "the weather 🌦️ in Zürich.\n\n" },
    { type: "text-delta", text: "Windows line\r\nbreak and 日本語" },
    {
      type: "tool-call-start",
      toolCallId: "c1",
      toolCallName: "get_weather",
      parentMessageId: "msg_1",
    },
    { type: "tool-call-args", toolCallId: "c1", delta: '{"city":' },
    { type: "tool-call-args", toolCallId: "c1", delta: '"Zürich"}' },
    { type: "tool-call-end", toolCallId: "c1" },
    { type: "tool-call-result", toolCallId: "c1", content: '{"temp":21}', messageId: "tool_1" },
    { type: "activity-snapshot", activityType: "forecast", content: { days: [1, 2, 3] } },
    { type: "context-append", context: { city: "Zürich" } },
    { type: "text-delta", text: "It is 21 °C." },
    { type: "message-end", messageId: "msg_1" },
    { type: "run-finish", runId: "r1", outcome: "success" },
  ];
  const legacy =
    'event: tpl\ndata: {"name":"c1","templateProps":{}}\n\n' +
    "event: tpl_props_chunk\ndata: <p>Grüße 👋\n\n" +
    "event: tpl_props_chunk\ndata: </p>\n\n";
  const body =
    script.slice(0, -1).map(encodeCrayonEvent).join("") +
    legacy +
    encodeCrayonEvent(script.at(-1)!);
  const bytes = utf8(body);

  it("matches the script when read whole", async () => {
    const events = await parse([bytes]);
    expect(
      events.filter((e) => e.type !== "activity-snapshot" || e.activityType !== "c1"),
    ).toStrictEqual(script);
    expect(
      events.filter((e) => e.type === "activity-snapshot" && e.activityType === "c1"),
    ).toHaveLength(3);
  });

  it("yields identical events for any split of the bytes", async () => {
    const whole = await parse([bytes]);
    await expectSameEventsForAnySplit(parse, bytes, whole, 200);
  });

  it("yields identical events for any split with CRLF line endings", async () => {
    const crlf = utf8(body.replace(/\n/g, "\r\n"));
    const whole = await parse([bytes]);
    await expectSameEventsForAnySplit(parse, crlf, whole, 100);
  });
});

describe("crayonSSEAdapter: error frames with a broken id object", () => {
  it("still reads them as server errors and reports the broken id", async () => {
    const events = await collect(
      crayonSSEAdapter().parse(
        responseFromChunks(["event: error\nid: {oops\ndata: Quota exceeded\n\n"]),
      ),
    );
    expect(events).toEqual([
      { type: "error", error: "Quota exceeded", code: "server_error" },
      expect.objectContaining({ type: "error", code: "malformed_event" }),
    ]);
  });
});
