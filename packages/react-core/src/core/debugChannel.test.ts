// @vitest-environment node

import { encodeCrayonEvent } from "@crayonai/server/sse";
import {
  type ChatRequest,
  type CrayonStreamEvent,
  crayonSSEAdapter,
  type StreamProtocolAdapter,
} from "@crayonai/stream";
import { crayonBackend } from "@crayonai/stream/backends/crayon";
import { describe, expect, it, vi } from "vitest";
import { HeldReply, textDeltas } from "../testing/heldReply";
import { replayFixture } from "../testing/replayFixture";
import { createChat } from "../vanilla";
import type { ChatDebugEvent } from "./debugChannel";
import { parseReplyFixture, ReplyFixtureError, replyFixture } from "./reply/replyFixture";
import { RESUME_POSITION_HEADER } from "./reply/resumableBody";

const REPLY: CrayonStreamEvent[] = [
  { type: "message-start", messageId: "a1" },
  { type: "text-delta", messageId: "a1", text: "Hello" },
  { type: "text-delta", messageId: "a1", text: " world" },
  { type: "message-end", messageId: "a1" },
];

const wireOf = (events: CrayonStreamEvent[]) => events.map(encodeCrayonEvent).join("");

/** A chat on the bundled Crayon backend whose `fetch` answers `body` (with secrets around). */
function chatAnswering(body: string, init: ResponseInit = {}) {
  const fetch = vi.fn(
    async () =>
      new Response(body, {
        ...init,
        headers: { "content-type": "text/event-stream", "x-session-token": "s3cret" },
      }),
  );
  const backend = crayonBackend({
    url: "/api/chat",
    headers: { Authorization: "Bearer s3cret", "X-Api-Key": "k3y", "X-Trace": "visible" },
    fetch,
  });
  const seen: { request?: ChatRequest; response?: Response } = {};
  const protocol: StreamProtocolAdapter = {
    parse(response) {
      seen.response = response;
      return backend.streamProtocol.parse(response);
    },
  };
  const chat = createChat({
    ...backend,
    processMessage: (request) => {
      seen.request = request;
      return backend.processMessage(request);
    },
    streamProtocol: protocol,
    streamBatching: "microtask",
    // Read as it comes (no reconnecting body around it).
    reconnect: false,
  });
  return { chat, fetch, seen };
}

/** Sends "Hi" and collects the debug channel's events of the reply. */
async function debugged(chat: ReturnType<typeof chatAnswering>["chat"]) {
  const events: ChatDebugEvent[] = [];
  const stop = chat.debug.subscribe((event) => events.push(event));
  await chat.selectedThread().actions.processMessage("Hi");
  stop();
  return events;
}

describe("the debug channel", () => {
  it("costs nothing without a listener: no traced request, the response read as it came", async () => {
    const { chat, fetch, seen } = chatAnswering(wireOf(REPLY));
    chat.debug.subscribe(() => {})(); // attached and detached again
    expect(chat.debug.listening).toBe(false);
    await chat.selectedThread().actions.processMessage("Hi");
    expect(seen.request).toBeDefined();
    expect(seen.request).not.toHaveProperty("traceRequest");
    // The adapter got fetch's own response: not copied, not observed.
    expect(seen.response).toBe(await fetch.mock.results[0]!.value);
  });

  it("reports the reply: start, request without secrets, response, wire frames, events, end", async () => {
    const { chat } = chatAnswering(wireOf(REPLY));
    const events = await debugged(chat);
    const threadId = chat.selectedThread().store.getState().threadId;
    const types = events.map((event) => event.type);
    expect(types[0]).toBe("reply-start");
    expect(types.slice(1, 3)).toEqual(["request", "response"]);
    expect(types.at(-1)).toBe("reply-end");
    const replyId = events[0]!.replyId;
    expect(events.every((e) => e.replyId === replyId && e.threadId === threadId)).toBe(true);
    expect(events.every((e) => typeof e.at === "number")).toBe(true);

    const [start, request, response] = events;
    expect(start).toMatchObject({
      type: "reply-start",
      request: { runId: replyId, trigger: "submit-message", threadId },
      messages: [{ role: "user", content: "Hi" }],
      continues: [],
    });
    expect(start).not.toHaveProperty("request.abortController");
    expect(request).toMatchObject({
      type: "request",
      request: {
        url: "/api/chat",
        method: "POST",
        headers: { Authorization: "[redacted]", "X-Api-Key": "[redacted]", "X-Trace": "visible" },
      },
    });
    expect(JSON.parse((request as { request: { body: string } }).request.body)).toMatchObject({
      threadId,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(response).toMatchObject({
      type: "response",
      response: {
        status: 200,
        headers: { "content-type": "text/event-stream", "x-session-token": "[redacted]" },
      },
    });

    // Each frame as the adapter parsed it (the frames of a chunk before the events they
    // became), and the Crayon events.
    const wire = events.filter((e) => e.type === "wire").map((e) => e.frame);
    expect(wire.map((frame) => frame.event)).toEqual([
      "message_start",
      "text",
      "text",
      "message_end",
    ]);
    expect(wire[1]).toMatchObject({ kind: "sse", event: "text", data: "Hello" });
    expect(events.filter((e) => e.type === "event").map((e) => e.event)).toEqual(REPLY);

    expect(events.at(-1)).toMatchObject({
      type: "reply-end",
      outcome: "complete",
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello world", status: "complete" },
      ],
      reply: [{ role: "assistant", content: "Hello world" }],
    });
  });

  it("reports an error with its ChatError code and the event that caused it", async () => {
    const failing: CrayonStreamEvent[] = [
      ...REPLY.slice(0, 2),
      { type: "error", code: "server_error", error: "The model is overloaded." },
    ];
    const { chat } = chatAnswering(wireOf(failing));
    const events = await debugged(chat);
    expect(events.find((e) => e.type === "error")).toMatchObject({
      code: "server_error",
      message: "The model is overloaded.",
      event: { type: "error", error: "The model is overloaded." },
    });
    expect(events.at(-1)).toMatchObject({ type: "reply-end", outcome: "error" });
  });

  it("reports each resume attempt with its position and status", async () => {
    const events = textDeltas(8);
    const wire = events.map(encodeCrayonEvent).join("");
    const held = new HeldReply();
    const chat = createChat({
      processMessage: async () => held.response,
      resumeStream: async ({ position }) =>
        new Response(wire.slice(position), {
          headers: { "content-type": "text/event-stream", [RESUME_POSITION_HEADER]: `${position}` },
        }),
      reconnect: { delays: [0] },
      streamBatching: "microtask",
    });
    const reported: ChatDebugEvent[] = [];
    chat.debug.subscribe((event) => reported.push(event));
    const thread = chat.selectedThread();
    const sending = thread.actions.processMessage("Count");
    const cut = Math.floor(wire.length / 2);
    held.sendRaw(wire.slice(0, cut));
    await vi.waitFor(() => expect(reported.some((e) => e.type === "wire")).toBe(true));
    held.fail();
    await sending;
    const resume = reported.filter((e) => e.type === "resume");
    expect(resume).toEqual([
      expect.objectContaining({ position: expect.any(Number), attempt: 1, status: 200 }),
    ]);
    expect((resume[0] as { position: number }).position).toBeLessThanOrEqual(cut);
    // The frames on both sides of the break are reported once each.
    expect(reported.filter((e) => e.type === "wire")).toHaveLength(events.length);
  });
});

describe("reply fixtures", () => {
  it("a fixture copied from the channel replays to the same messages, through the adapter or not", async () => {
    const { chat } = chatAnswering(wireOf(REPLY));
    const events = await debugged(chat);
    // What the inspector copies: JSON text.
    const copied = JSON.parse(JSON.stringify(replyFixture(events)));
    expect(copied).toMatchObject({ wire: { length: REPLY.length }, events: REPLY });

    for (const streamProtocol of [crayonSSEAdapter(), undefined]) {
      const replay = await replayFixture(copied, streamProtocol && { streamProtocol });
      expect(replay.actual).toEqual(replay.expected);
      expect(replay.messages.at(-1)).toMatchObject({ content: "Hello world", status: "complete" });
    }
  });

  it("a replay that differs from the fixture says so", async () => {
    const { chat } = chatAnswering(wireOf(REPLY));
    const fixture = replyFixture(await debugged(chat));
    fixture.events = REPLY.slice(0, 2);
    const replay = await replayFixture(fixture);
    expect(replay.actual).not.toEqual(replay.expected);
  });

  it("refuses what is not a fixture with a typed error listing each problem", async () => {
    await expect(replayFixture("{}")).rejects.toBeInstanceOf(ReplyFixtureError);
    const bad = {
      format: "crayon-reply-fixture@1",
      messages: [{ role: "user" }],
      continues: [],
      wire: [{ kind: "sse" }],
      events: [{}],
      expected: { outcome: "done", messages: [] },
    };
    let error: unknown;
    try {
      parseReplyFixture(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ReplyFixtureError);
    expect((error as ReplyFixtureError).issues).toEqual([
      expect.stringMatching(/^messages\[0\]/),
      expect.stringMatching(/^wire\[0\]/),
      expect.stringMatching(/^events\[0\]/),
      expect.stringMatching(/^expected\.outcome/),
    ]);
  });
});
