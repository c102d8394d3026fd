import {
  type CrayonStreamEvent,
  type CrayonStreamEventOf,
  type CrayonStreamEventType,
  crayonSSEAdapter,
} from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { crayonSSEResponse, crayonSSEStream, encodeCrayonEvent } from "./crayonSSEEncoder";

/** Parses a body written by the encoder with the adapter (a string arrives as one chunk). */
async function parseBody(body: string | ReadableStream<Uint8Array> | Response) {
  const response = body instanceof Response ? body : new Response(body);
  const events: CrayonStreamEvent[] = [];
  for await (const event of crayonSSEAdapter().parse(response)) events.push(event);
  return events;
}

/**
 * Events of every type, with and without their optional fields. Typed as a complete record: a
 * new event type fails to compile until it has cases here.
 */
const CASES: { [T in CrayonStreamEventType]: CrayonStreamEventOf<T>[] } = {
  "text-delta": [
    { type: "text-delta", text: "Hello" },
    { type: "text-delta", text: "Hi", messageId: "msg_1" },
    { type: "text-delta", text: "" },
    { type: "text-delta", text: "line 1\nline 2\n\nline 4\n" },
    { type: "text-delta", text: "\n" },
    { type: "text-delta", text: "windows\r\nline\rold mac\n", messageId: "msg_2" },
    { type: "text-delta", text: "\r" },
    { type: "text-delta", text: "  leading spaces, trailing  " },
    { type: "text-delta", text: ' {"looks":"like json"} ' },
    { type: "text-delta", text: "data: event: id: : not a field" },
    { type: "text-delta", text: "héllo 世界 👋🏽 👨‍👩‍👧" },
    { type: "text-delta", text: "\u2028\u2029\u0000\t" },
    { type: "text-delta", text: "x", messageId: "id with\nnewline and {brace" },
    { type: "text-delta", text: "x", messageId: "" },
  ],
  "reasoning-delta": [
    { type: "reasoning-delta", text: "Thinking" },
    { type: "reasoning-delta", text: "step\n1", messageId: "rsn_1" },
    { type: "reasoning-delta", text: "a\r\nb" },
  ],
  error: [
    { type: "error", error: "Upstream failed", code: "server_error" },
    { type: "error", error: "Upstream failed" },
    { type: "error", error: "Bad gateway", code: "http_error", status: 502 },
    { type: "error", error: "stopped", code: "aborted", messageId: "msg_1" },
    { type: "error", error: "two\nlines", code: "server_error" },
    { type: "error", error: "cr\r\nlf", code: "server_error" },
  ],
  "context-append": [
    { type: "context-append", context: { city: "Paris", n: [1, 2] } },
    { type: "context-append", context: "a string" },
    { type: "context-append", context: null },
    { type: "context-append", context: [1, "two"], messageId: "msg_1" },
  ],
  "message-update": [{ type: "message-update", id: "server-id-1" }],
  "tool-call-start": [
    { type: "tool-call-start", toolCallId: "c1", toolCallName: "search" },
    { type: "tool-call-start", toolCallId: "c2", toolCallName: "get", parentMessageId: "msg_1" },
  ],
  "tool-call-args": [{ type: "tool-call-args", toolCallId: "c1", delta: '{"q":"we' }],
  "tool-call-end": [{ type: "tool-call-end", toolCallId: "c1" }],
  "reasoning-start": [{ type: "reasoning-start", messageId: "rsn_1" }],
  "reasoning-end": [
    { type: "reasoning-end", messageId: "rsn_1" },
    { type: "reasoning-end", messageId: "rsn_2", durationMs: 1_480 },
  ],
  "activity-snapshot": [
    { type: "activity-snapshot", activityType: "chart", content: { points: [1, 2] } },
    {
      type: "activity-snapshot",
      activityType: "plan",
      content: {},
      messageId: "act_1",
      replace: false,
    },
  ],
  "activity-delta": [
    { type: "activity-delta", activityType: "plan", content: { step: 2 } },
    {
      type: "activity-delta",
      activityType: "plan",
      patch: [
        { op: "replace", path: "/step", value: 3 },
        { op: "remove", path: "/x" },
      ],
      messageId: "act_1",
    },
  ],
  "messages-snapshot": [
    {
      type: "messages-snapshot",
      messages: [
        { id: "u1", role: "user", content: "Hi" },
        { id: "a1", role: "assistant", content: "Hello", status: "complete" },
      ],
    },
  ],
  "status-update": [
    { type: "status-update", status: "awaiting_input" },
    { type: "status-update", status: "complete", messageId: "msg_1" },
  ],
  "run-start": [{ type: "run-start" }, { type: "run-start", threadId: "t1", runId: "r1" }],
  "run-finish": [
    { type: "run-finish" },
    {
      type: "run-finish",
      threadId: "t1",
      runId: "r1",
      outcome: "interrupt",
      result: { answer: 42 },
      usage: { inputTokens: 10, outputTokens: 20 },
    },
  ],
  "message-start": [{ type: "message-start", messageId: "msg_1" }],
  "message-end": [{ type: "message-end" }, { type: "message-end", messageId: "msg_1" }],
  "step-start": [{ type: "step-start", stepName: "plan" }],
  "step-finish": [{ type: "step-finish", stepName: "plan" }],
  "tool-call-result": [
    { type: "tool-call-result", toolCallId: "c1", content: '{"ok":true}' },
    { type: "tool-call-result", toolCallId: "c1", content: "", messageId: "tool_1", error: "boom" },
  ],
  "tool-approval-request": [{ type: "tool-approval-request", toolCallId: "c1", approvalId: "ap1" }],
  "encrypted-value": [
    { type: "encrypted-value", entity: "tool-call", entityId: "c1", encryptedValue: "b64==" },
  ],
  source: [
    { type: "source", source: { id: "s1", kind: "url", url: "https://example.com", title: "Ex" } },
    {
      type: "source",
      source: { id: "s2", kind: "document", mediaType: "application/pdf" },
      messageId: "m",
    },
  ],
  file: [
    { type: "file", file: { url: "data:image/png;base64,AA==", mediaType: "image/png" } },
    {
      type: "file",
      file: { url: "https://x/y.csv", mediaType: "text/csv", filename: "y.csv" },
      messageId: "m",
    },
  ],
  "message-metadata": [{ type: "message-metadata", metadata: { model: "gpt", latency: 12 } }],
  "state-snapshot": [
    { type: "state-snapshot", snapshot: { todo: ["a"], done: false } },
    { type: "state-snapshot", snapshot: null },
  ],
  "state-delta": [{ type: "state-delta", delta: [{ op: "add", path: "/todo/-", value: "b" }] }],
  custom: [
    { type: "custom", name: "app:progress", value: { pct: 50 } },
    { type: "custom", name: "app:ping", value: "multi\nline\r\nstring" },
  ],
  raw: [
    { type: "raw", event: { provider: "x", payload: [1] } },
    { type: "raw", event: "text", source: "anthropic" },
  ],
};

const ALL_EVENTS: CrayonStreamEvent[] = Object.values(CASES).flat();

describe("encodeCrayonEvent → crayonSSEAdapter round trip", () => {
  it.each(ALL_EVENTS.map((event) => [`${event.type} ${JSON.stringify(event)}`, event] as const))(
    "%s",
    async (_name, event) => {
      const events = await parseBody(encodeCrayonEvent(event));
      // A lone run_start also reports the missing run_finish; that is tested elsewhere.
      const decoded = event.type === "run-start" ? events.slice(0, 1) : events;
      expect(decoded).toStrictEqual([event]);
    },
  );

  it("round-trips every case concatenated into one stream", async () => {
    const body = ALL_EVENTS.map(encodeCrayonEvent).join("");
    const events = await parseBody(body);
    // The last run_start is followed by a run_finish in ALL_EVENTS, so no truncation.
    expect(events).toStrictEqual(ALL_EVENTS);
  });
});

describe("encodeCrayonEvent wire format", () => {
  it("writes text as raw data, split into data lines, as 0.6 did", () => {
    expect(encodeCrayonEvent({ type: "text-delta", text: "Hello" })).toBe(
      "event: text\ndata: Hello\n\n",
    );
    expect(encodeCrayonEvent({ type: "text-delta", text: "a\nb" })).toBe(
      "event: text\ndata: a\ndata: b\n\n",
    );
    expect(encodeCrayonEvent({ type: "reasoning-delta", text: "hmm" })).toBe(
      "event: reasoning\ndata: hmm\n\n",
    );
  });

  it("puts optional fields of raw-text events in the id field as JSON", () => {
    expect(encodeCrayonEvent({ type: "text-delta", text: "Hi", messageId: "m1" })).toBe(
      'event: text\nid: {"messageId":"m1"}\ndata: Hi\n\n',
    );
    expect(
      encodeCrayonEvent({ type: "error", error: "Bad gateway", code: "http_error", status: 502 }),
    ).toBe('event: error\nid: {"code":"http_error","status":502}\ndata: Bad gateway\n\n');
  });

  it("keeps text with a carriage return exact through the id field", () => {
    expect(encodeCrayonEvent({ type: "text-delta", text: "a\r\nb" })).toBe(
      'event: text\nid: {"text":"a\\r\\nb"}\ndata: a\ndata: b\n\n',
    );
  });

  it("writes other events as a JSON object of their fields without type", () => {
    expect(
      encodeCrayonEvent({ type: "tool-call-start", toolCallId: "c1", toolCallName: "search" }),
    ).toBe('event: tool_call_start\ndata: {"toolCallId":"c1","toolCallName":"search"}\n\n');
    expect(encodeCrayonEvent({ type: "context-append", context: { a: 1 } })).toBe(
      'event: context_append\ndata: {"a":1}\n\n',
    );
  });

  it("rejects objects that are not stream events", () => {
    expect(() => encodeCrayonEvent({ type: "nope" } as unknown as CrayonStreamEvent)).toThrow(
      TypeError,
    );
  });
});

async function* generate(events: CrayonStreamEvent[], failure?: unknown) {
  for (const event of events) yield event;
  if (failure !== undefined) throw failure;
}

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("crayonSSEStream", () => {
  const sample: CrayonStreamEvent[] = [
    { type: "message-start", messageId: "m1" },
    { type: "text-delta", text: "Hello " },
    { type: "text-delta", text: "world" },
    { type: "message-end", messageId: "m1" },
  ];

  it("streams an async iterable as frames the adapter reads back", async () => {
    expect(await parseBody(crayonSSEStream(generate(sample)))).toStrictEqual(sample);
  });

  it("accepts a plain iterable (array, generator)", async () => {
    expect(await parseBody(crayonSSEStream(sample))).toStrictEqual(sample);
    function* sync() {
      yield* sample;
    }
    expect(await parseBody(crayonSSEStream(sync()))).toStrictEqual(sample);
  });

  it("ends with an error frame when the source throws, keeping what came before", async () => {
    const stream = crayonSSEStream(generate(sample.slice(0, 2), new Error("LLM quota exceeded")));
    expect(await parseBody(stream)).toStrictEqual([
      ...sample.slice(0, 2),
      { type: "error", error: "LLM quota exceeded", code: "server_error" },
    ]);
  });

  it("reports non-Error throws and a source that fails before the first event", async () => {
    const stream = crayonSSEStream(generate([], "plain string failure"));
    expect(await parseBody(stream)).toStrictEqual([
      { type: "error", error: "plain string failure", code: "server_error" },
    ]);
    const broken = {
      [Symbol.asyncIterator]() {
        throw new Error("cannot start");
      },
    } as unknown as AsyncIterable<CrayonStreamEvent>;
    expect(await parseBody(crayonSSEStream(broken))).toStrictEqual([
      { type: "error", error: "cannot start", code: "server_error" },
    ]);
  });

  it("lets formatError hide internal error details", async () => {
    const stream = crayonSSEStream(generate([], new Error("password=hunter2")), {
      formatError: () => "Something went wrong.",
    });
    expect(await readText(stream)).toBe("event: error\ndata: Something went wrong.\n\n");
  });

  it("ends with an error frame and closes the source when an event cannot be encoded", async () => {
    let cleanedUp = false;
    async function* source(): AsyncGenerator<CrayonStreamEvent> {
      try {
        yield { type: "text-delta", text: "ok" };
        yield { type: "custom", name: "big", value: 10n };
        yield { type: "text-delta", text: "never" };
      } finally {
        cleanedUp = true;
      }
    }
    const events = await parseBody(crayonSSEStream(source()));
    expect(events[0]).toStrictEqual({ type: "text-delta", text: "ok" });
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: "error", code: "server_error" });
    expect(cleanedUp).toBe(true);
  });

  it("closes the source when the client cancels", async () => {
    let cleanedUp = false;
    async function* endless(): AsyncGenerator<CrayonStreamEvent> {
      try {
        for (;;) yield { type: "text-delta", text: "tick" };
      } finally {
        cleanedUp = true;
      }
    }
    const reader = crayonSSEStream(endless()).getReader();
    await reader.read();
    await reader.cancel();
    expect(cleanedUp).toBe(true);
  });

  it("pulls from the source only as the client reads", async () => {
    let pulled = 0;
    function* counting(): Generator<CrayonStreamEvent> {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield { type: "text-delta", text: String(i) };
      }
    }
    const reader = crayonSSEStream(counting()).getReader();
    await reader.read();
    expect(pulled).toBeLessThan(5);
    await reader.cancel();
  });
});

describe("crayonSSEResponse", () => {
  it("sets the SSE headers and a body the adapter reads", async () => {
    const response = crayonSSEResponse([{ type: "text-delta", text: "Hi" }]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-crayon-stream")).toBe("v1");
    expect(await parseBody(response)).toStrictEqual([{ type: "text-delta", text: "Hi" }]);
  });

  it("passes status and extra headers through; explicit headers win", async () => {
    const response = crayonSSEResponse([], {
      status: 201,
      headers: { "x-request-id": "abc", "cache-control": "no-store" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-request-id")).toBe("abc");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/event-stream");
  });

  it("applies formatError to a failing source", async () => {
    const response = crayonSSEResponse(generate([], new Error("secret")), {
      formatError: () => "Try again later.",
    });
    expect(await parseBody(response)).toStrictEqual([
      { type: "error", error: "Try again later.", code: "server_error" },
    ]);
  });
});
