import { encodeCrayonEvent } from "@crayonai/server/sse";
import {
  type AssistantMessage,
  type CrayonStreamEvent,
  crayonSSEAdapter,
  type Message,
  type MessageFormatConverter,
  type StreamProtocolAdapter,
  type UserMessage,
} from "@crayonai/stream";
import { act } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { eventually, renderChat, settle, setupChatBackend, start } from "../../test/renderChat";
import { ChatError } from "../core/chatError";
import { deferredCalls } from "../testing/deferred";
import { textDeltas } from "../testing/heldReply";
import type { Thread } from "../types";

const backend = setupChatBackend();

const text = (value: string): CrayonStreamEvent => ({ type: "text-delta", text: value });
const contents = (messages: Message[]) =>
  messages.map((m) => ("content" in m ? m.content : undefined));

describe("the first message of a new thread", () => {
  it("shows the message and the thread at once, then sends with the id createThread returns", async () => {
    const create = deferredCalls<[UserMessage], Thread>();
    const chat = renderChat(backend, { createThread: create.fn });
    const stream = backend.hold();

    const sending = start(() => chat.thread().processMessage("Plan a trip to Lisbon"));

    // Optimistic: everything is on screen before the backend has created the thread.
    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "Plan a trip to Lisbon" },
    ]);
    expect(chat.thread().isRunning).toBe(true);
    expect(chat.list().threads).toMatchObject([
      { title: "Plan a trip to Lisbon", isRunning: true },
    ]);
    expect(chat.list().selectedThreadId).toBe(chat.list().threads[0]!.threadId);
    expect(create.calls).toHaveLength(1);
    expect(create.calls[0]!.args[0]).toMatchObject({
      role: "user",
      content: "Plan a trip to Lisbon",
    });
    expect(backend.requests).toHaveLength(0);

    await act(async () =>
      create.calls[0]!.resolve({ threadId: "t-1", title: "Lisbon", createdAt: 1 }),
    );
    await eventually(() => expect(backend.requests).toHaveLength(1));
    expect(backend.requests[0]).toMatchObject({
      threadId: "t-1",
      messages: [{ role: "user", content: "Plan a trip to Lisbon" }],
    });
    expect(chat.list().threads).toMatchObject([
      { threadId: "t-1", title: "Lisbon", isRunning: true },
    ]);
    expect(chat.list().selectedThreadId).toBe("t-1");
    expect(chat.thread().threadId).toBe("t-1");

    stream.end(text("Day 1: Alfama."));
    await settle(sending);
    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "Plan a trip to Lisbon" },
      { role: "assistant", content: "Day 1: Alfama.", status: "complete" },
    ]);
    expect(chat.thread().isRunning).toBe(false);
    expect(chat.list().threads).toMatchObject([{ threadId: "t-1", isRunning: false }]);
  });

  it("creates the thread in memory when there is no createThread", async () => {
    backend.reply([text("Hi!")]);
    const chat = renderChat(backend);

    await settle(start(() => chat.thread().processMessage("Hello")));

    const { threads } = chat.list();
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ title: "Hello", isRunning: false });
    expect(threads[0]!.threadId).not.toMatch(/^local-/);
    expect(backend.requests[0]!.threadId).toBe(threads[0]!.threadId);
    expect(chat.thread().threadId).toBe(threads[0]!.threadId);
    expect(chat.list().selectedThreadId).toBe(threads[0]!.threadId);
  });

  it("rolls a thread whose creation failed back, reports it, and gives the text back", async () => {
    let attempts = 0;
    const createThread = vi.fn(async (): Promise<Thread> => {
      attempts++;
      if (attempts === 1) throw new Error("database unavailable");
      return { threadId: "t-2", title: "Saved", createdAt: 0 };
    });
    const chat = renderChat(backend, { createThread });

    const sending = start(() => chat.thread().processMessage("Hello"));
    // Optimistic: listed and shown at once.
    expect(chat.list().threads).toHaveLength(1);
    // Settled as a value: React 18's `act` does not flush renders when its callback rejects.
    const failure = await settle(sending.catch((error: unknown) => error));
    expect(failure).toMatchObject({ code: "create_thread_failed" });
    // Rolled back: not listed, nothing sent, the new-thread view stays, the failure reported.
    expect(chat.list().threads).toEqual([]);
    expect(chat.list().selectedThreadId).toBeNull();
    expect(chat.list().error).toMatchObject({
      code: "create_thread_failed",
      message: "database unavailable",
    });
    expect(chat.thread().error).toMatchObject({ code: "create_thread_failed" });
    expect(chat.thread().messages).toEqual([]);
    expect(backend.requests).toHaveLength(0);

    // Sending the text again creates the thread.
    backend.reply([text("Hi!")]);
    await settle(start(() => chat.thread().processMessage("Hello")));
    expect(createThread).toHaveBeenCalledTimes(2);
    expect(chat.thread().error).toBeNull();
    expect(chat.list().error).toBeNull();
    expect(chat.list().threads).toMatchObject([{ threadId: "t-2" }]);
    expect(backend.requests[0]).toMatchObject({
      threadId: "t-2",
      messages: [{ content: "Hello" }],
    });
    expect(contents(chat.thread().messages)).toEqual(["Hello", "Hi!"]);
  });

  it("never sends runtime fields such as isRunning to updateThread", async () => {
    const updateThread = vi.fn(async (thread: Thread) => thread);
    const chat = renderChat(backend, {
      fetchThreadList: async () => [{ threadId: "t-1", title: "Old", createdAt: 0 }],
      updateThread,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    const listed = chat.list().threads[0]!;
    expect(listed).toHaveProperty("isRunning", false);
    await settle(start(() => chat.list().updateThread({ ...listed, title: "Renamed" })));
    expect(updateThread).toHaveBeenCalledWith({ threadId: "t-1", title: "Renamed", createdAt: 0 });
    expect(chat.list().threads[0]).toMatchObject({ title: "Renamed", isRunning: false });
  });
});

describe("message conversion", () => {
  type Wire = { who: "human" | "bot"; text: string; key: string };
  const wireConverter: MessageFormatConverter<Wire> = {
    toExternal: (messages) =>
      messages.flatMap((m): Wire[] =>
        m.role === "user" || m.role === "assistant"
          ? [{ who: m.role === "user" ? "human" : "bot", text: String(m.content ?? ""), key: m.id }]
          : [],
      ),
    fromExternal: (messages) =>
      messages.map(
        (w): Message =>
          w.who === "human"
            ? { id: w.key, role: "user", content: w.text }
            : { id: w.key, role: "assistant", content: w.text, status: "complete" },
      ),
  };

  it("loads threads through fromExternal and sends the active branch through toExternal", async () => {
    const processMessage = vi.fn(backend.processMessage);
    const chat = renderChat(backend, {
      processMessage,
      messageConverter: wireConverter,
      fetchThreadList: async () => [{ threadId: "t-1", title: "Earlier", createdAt: 0 }],
      loadThread: async (): Promise<Wire[]> => [
        { who: "human", text: "Earlier question", key: "w1" },
        { who: "bot", text: "Earlier answer", key: "w2" },
      ],
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));

    act(() => chat.list().selectThread("t-1"));
    await eventually(() => expect(chat.thread().isLoadingMessages).toBe(false));
    expect(chat.thread().messages).toEqual([
      { id: "w1", role: "user", content: "Earlier question" },
      { id: "w2", role: "assistant", content: "Earlier answer", status: "complete" },
    ]);

    backend.reply([text("Next answer")]);
    await settle(start(() => chat.thread().processMessage("Next question")));

    const question = chat.thread().messages[2]!;
    expect(processMessage).toHaveBeenCalledTimes(1);
    expect(processMessage.mock.calls[0]![0]).toMatchObject({
      threadId: "t-1",
      messages: [
        { who: "human", text: "Earlier question", key: "w1" },
        { who: "bot", text: "Earlier answer", key: "w2" },
        { who: "human", text: "Next question", key: question.id },
      ],
    });
    expect(processMessage.mock.calls[0]![0].abortController).toBeInstanceOf(AbortController);
    expect(backend.requests[0]!.messages).toEqual(processMessage.mock.calls[0]![0].messages);
  });
});

describe("streaming", () => {
  const richReply: CrayonStreamEvent[] = [
    { type: "reasoning-start", messageId: "r1" },
    { type: "reasoning-delta", text: "The user wants a search." },
    { type: "reasoning-end", messageId: "r1" },
    text("Searching "),
    text("now."),
    { type: "tool-call-start", toolCallId: "c1", toolCallName: "search" },
    { type: "tool-call-args", toolCallId: "c1", delta: '{"q":' },
    { type: "tool-call-args", toolCallId: "c1", delta: '"crayon"}' },
    { type: "tool-call-end", toolCallId: "c1" },
    { type: "source", source: { id: "s1", kind: "url", url: "https://example.com" } },
  ];

  it.each([
    ["the default protocol", undefined],
    ["crayonSSEAdapter()", crayonSSEAdapter()],
  ])("parses the Crayon SSE stream with %s into messages", async (_name, streamProtocol) => {
    backend.reply(richReply, 3);
    const chat = renderChat(backend, { streamProtocol });

    await settle(start(() => chat.thread().processMessage("Search for crayon")));

    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "Search for crayon" },
      { id: "r1", role: "reasoning", content: "The user wants a search.", isThinking: false },
      {
        role: "assistant",
        content: "Searching now.",
        status: "complete",
        toolCalls: [
          { id: "c1", type: "function", function: { name: "search", arguments: '{"q":"crayon"}' } },
        ],
        sources: [{ id: "s1", url: "https://example.com" }],
      },
    ]);
  });

  it("parses the response with a custom streamProtocol", async () => {
    backend.respond(() => HttpResponse.text("first line\nsecond line\n"));
    const parse = vi.fn(async function* (response: Response): AsyncGenerator<CrayonStreamEvent> {
      for (const line of (await response.text()).split("\n")) {
        if (line) yield { type: "text-delta", text: `[${line}]` };
      }
    });
    const lines: StreamProtocolAdapter = { parse };
    const chat = renderChat(backend, { streamProtocol: lines });

    await settle(start(() => chat.thread().processMessage("Go")));

    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]![0]).toBeInstanceOf(Response);
    expect(chat.thread().messages[1]).toMatchObject({
      role: "assistant",
      content: "[first line][second line]",
      status: "complete",
    });
  });

  it("batches updates: 200 deltas in 4 chunks re-render the component a handful of times", async () => {
    backend.reply(textDeltas(200), 4);
    const chat = renderChat(backend);
    const seen = new Set<string>();
    const before = chat.renders();

    const sending = start(() => chat.thread().processMessage("Count to 200"));
    await eventually(() => {
      const reply = chat.thread().messages[1] as AssistantMessage | undefined;
      if (reply?.content) seen.add(reply.content);
      expect(reply?.status).toBe("complete");
    });
    await settle(sending);

    const reply = chat.thread().messages[1] as AssistantMessage;
    expect(reply.content).toBe(
      textDeltas(200)
        .map((e) => (e.type === "text-delta" ? e.text : ""))
        .join(""),
    );
    // One publish per network chunk, plus the send, the thread creation and the end.
    expect(chat.renders() - before).toBeLessThanOrEqual(16);
    expect(seen.size).toBeLessThanOrEqual(5);
  });

  it("keeps finished messages identical (same objects) while a new reply streams", async () => {
    backend.reply([text("First answer")]);
    const chat = renderChat(backend);
    await settle(start(() => chat.thread().processMessage("First question")));
    const [q1, a1] = chat.thread().messages;

    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Second question"));
    stream.send(text("Sec"));
    await eventually(() => expect(chat.thread().messages[3]).toMatchObject({ content: "Sec" }));
    const q2 = chat.thread().messages[2];
    expect(chat.thread().messages[0]).toBe(q1);
    expect(chat.thread().messages[1]).toBe(a1);

    stream.send(text("ond"));
    await eventually(() => expect(chat.thread().messages[3]).toMatchObject({ content: "Second" }));
    expect(chat.thread().messages[0]).toBe(q1);
    expect(chat.thread().messages[1]).toBe(a1);
    expect(chat.thread().messages[2]).toBe(q2);

    stream.end();
    await settle(sending);
    expect(chat.thread().messages.slice(0, 3)).toEqual([q1, a1, q2]);
    expect(chat.thread().messages[0]).toBe(q1);
    expect(chat.thread().messages[2]).toBe(q2);
  });
});

describe("stop", () => {
  it("aborts the request, keeps the partial reply and marks it stopped", async () => {
    const chat = renderChat(backend);
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Write an essay"));
    stream.send(text("Once upon"));
    await eventually(() =>
      expect(chat.thread().messages[1]).toMatchObject({
        content: "Once upon",
        status: "streaming",
      }),
    );

    act(() => chat.thread().stop());
    await settle(sending);

    expect(stream.aborted).toBe(true);
    expect(chat.thread().isRunning).toBe(false);
    expect(chat.thread().error).toBeNull();
    expect(chat.thread().messages[1]).toMatchObject({ content: "Once upon", status: "stopped" });
    expect(chat.list().threads[0]).toMatchObject({ isRunning: false });

    // Whatever the server still sends is ignored.
    stream.send(text(" a time"));
    await act(async () => {});
    expect(chat.thread().messages[1]).toMatchObject({ content: "Once upon", status: "stopped" });
  });

  it("ends the reply even while processMessage has not returned a response yet", async () => {
    const never = new Promise<Response>(() => {});
    const chat = renderChat(backend, { processMessage: () => never });
    const sending = start(() => chat.thread().processMessage("Hello"));
    await eventually(() => expect(chat.thread().threadId).not.toBeNull());

    act(() => chat.thread().stop());
    await settle(sending);

    expect(chat.thread().isRunning).toBe(false);
    expect(chat.thread().error).toBeNull();
    expect(chat.thread().messages).toMatchObject([{ role: "user", content: "Hello" }]);
  });
});

describe("errors", () => {
  const malformedBody = [
    encodeCrayonEvent(text("Partial")),
    "event: tool_call_start\ndata: {not json\n\n",
    encodeCrayonEvent(text(" answer")),
  ].join("");

  const failures: Array<{
    name: string;
    script: () => void;
    partial: string;
    code: string;
    status?: number;
    message: RegExp;
  }> = [
    {
      name: "a network failure",
      script: () => backend.respond(() => HttpResponse.error()),
      partial: "",
      code: "process_failed",
      message: /fetch/i,
    },
    {
      name: "a non-2xx response",
      script: () =>
        backend.respond(() => HttpResponse.text("upstream model exploded", { status: 502 })),
      partial: "",
      code: "http_error",
      status: 502,
      message: /502.*upstream model exploded/,
    },
    {
      name: "an error event mid-stream",
      script: () =>
        backend.reply([
          text("Partial"),
          text(" answer"),
          { type: "error", error: "The model is overloaded." },
        ]),
      partial: "Partial answer",
      code: "server_error",
      message: /overloaded/,
    },
    {
      name: "a malformed stream",
      script: () =>
        backend.respond(
          () =>
            new HttpResponse(malformedBody, { headers: { "content-type": "text/event-stream" } }),
        ),
      partial: "Partial answer",
      code: "malformed_event",
      message: /tool_call_start/,
    },
    {
      name: "an HTML page served with 200",
      script: () =>
        backend.respond(() => HttpResponse.html("<html><body>Please sign in</body></html>")),
      partial: "",
      code: "unexpected_content_type",
      status: 200,
      message: /text\/html.*Please sign in/,
    },
    {
      name: "a 204 without a body",
      script: () => backend.respond(() => new HttpResponse(null, { status: 204 })),
      partial: "",
      code: "no_body",
      message: /no body/,
    },
    {
      name: "a body cut in the middle of an event",
      script: () =>
        backend.respond(
          () =>
            new HttpResponse("event: text\ndata: Partial answer\n\nevent: text\ndata: and mo", {
              headers: { "content-type": "text/event-stream" },
            }),
        ),
      partial: "Partial answer",
      code: "truncated",
      message: /mid-event/,
    },
  ];

  it.each(failures)(
    "$name: keeps the partial reply marked error, exposes the error, and retry recovers",
    async (failure) => {
      failure.script();
      const chat = renderChat(backend);
      await settle(start(() => chat.thread().processMessage("Question")));

      const failed = chat.thread().messages[1] as AssistantMessage;
      expect(chat.thread().messages).toHaveLength(2);
      expect(failed).toMatchObject({
        role: "assistant",
        status: "error",
        content: failure.partial,
      });
      expect(failed.error).toMatch(failure.message);
      const error = chat.thread().error;
      expect(error).toBeInstanceOf(ChatError);
      expect(error?.code).toBe(failure.code);
      expect(error?.status).toBe(failure.status);
      expect(error?.message).toMatch(failure.message);
      expect(chat.thread().isRunning).toBe(false);
      expect(chat.list().threads[0]).toMatchObject({ isRunning: false });

      backend.reply([text("Recovered answer")]);
      await settle(start(() => chat.thread().retry()));

      expect(chat.thread().error).toBeNull();
      const [question, reply] = chat.thread().messages;
      expect(chat.thread().messages).toHaveLength(2);
      expect(reply).toMatchObject({
        role: "assistant",
        content: "Recovered answer",
        status: "complete",
      });
      // The retry sends the question again, not the failed reply.
      expect(backend.requests[1]!.messages).toEqual(backend.requests[0]!.messages);
      if (failure.partial) {
        // A failed reply with content stays as a branch.
        expect(chat.thread().branches[reply!.id]).toMatchObject({ index: 1, count: 2 });
        act(() => chat.thread().switchBranch(reply!.id, 0));
        expect(chat.thread().messages).toEqual([question, failed]);
      } else {
        // An empty failure is replaced.
        expect(chat.thread().branches).toEqual({});
      }
    },
  );

  it("a connection that breaks mid-stream keeps the partial reply and reports a network error", async () => {
    const chat = renderChat(backend);
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Question"));
    stream.send(text("Half an ans"));
    await eventually(() =>
      expect(chat.thread().messages[1]).toMatchObject({ content: "Half an ans" }),
    );

    stream.fail();
    await settle(sending);

    expect(chat.thread().messages[1]).toMatchObject({ content: "Half an ans", status: "error" });
    expect(chat.thread().error).toMatchObject({ code: "network" });
  });
});

describe("busy threads", () => {
  it("with queue: false, refuses a second send while a reply streams, with thread_busy, and interleaves nothing", async () => {
    const chat = renderChat(backend, { queue: false });
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("First"));
    stream.send(text("Part"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Part" }));

    const refused = await settle(
      start(() =>
        chat
          .thread()
          .processMessage("Second")
          .catch((e: unknown) => e),
      ),
    );
    expect(refused).toBeInstanceOf(ChatError);
    expect(refused).toMatchObject({ code: "thread_busy" });
    for (const action of [() => chat.thread().retry(), () => chat.thread().regenerate()]) {
      await expect(action()).rejects.toMatchObject({ code: "thread_busy" });
    }
    expect(contents(chat.thread().messages)).toEqual(["First", "Part"]);

    stream.end(text("ial"));
    await settle(sending);
    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "First" },
      { role: "assistant", content: "Partial", status: "complete" },
    ]);
    expect(backend.requests).toHaveLength(1);
    expect(chat.thread().error).toBeNull();
  });
});

describe("callbacks", () => {
  it("calls the latest processMessage after a re-render, without re-creating the store", async () => {
    const calls: string[] = [];
    const chat = renderChat(backend);
    const withLabel = (label: string) => ({
      processMessage: (params: Parameters<typeof backend.processMessage>[0]) => {
        calls.push(label);
        return backend.processMessage(params);
      },
    });
    chat.rerender(withLabel("first"));
    backend.reply([text("One")]);
    await settle(start(() => chat.thread().processMessage("1")));
    const before = chat.thread();

    chat.rerender(withLabel("second"));
    expect(chat.thread().messages).toBe(before.messages);
    expect(chat.thread().processMessage).toBe(before.processMessage);

    backend.reply([text("Two")]);
    await settle(start(() => chat.thread().processMessage("2")));

    expect(calls).toEqual(["first", "second"]);
    expect(contents(chat.thread().messages)).toEqual(["1", "One", "2", "Two"]);
    expect(chat.list().threads).toHaveLength(1);
  });

  it("calls onUpdateMessage with the user message and the finished reply, not per token", async () => {
    const onUpdateMessage = vi.fn();
    backend.reply([{ type: "reasoning-delta", text: "Thinking." }, ...textDeltas(50)], 5);
    const chat = renderChat(backend, { onUpdateMessage });

    await settle(start(() => chat.thread().processMessage("Count to fifty")));

    const [question, reasoning, reply] = chat.thread().messages;
    const updated = onUpdateMessage.mock.calls.map(([props]) => props.message);
    expect(updated).toHaveLength(3);
    expect(updated[0]).toBe(question);
    expect(updated.slice(1)).toEqual([reasoning, reply]);
    expect(reply).toMatchObject({ role: "assistant", status: "complete" });
    expect((reply as AssistantMessage).content).toMatch(/^word0 word1 .* word49$/);
    expect(reasoning).toMatchObject({ role: "reasoning", isThinking: false });
  });

  it("calls onUpdateMessage with the stopped reply", async () => {
    const onUpdateMessage = vi.fn();
    const chat = renderChat(backend, { onUpdateMessage });
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Go"));
    stream.send(text("Par"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Par" }));
    act(() => chat.thread().stop());
    await settle(sending);

    expect(onUpdateMessage).toHaveBeenCalledTimes(2);
    expect(onUpdateMessage.mock.calls[1]![0].message).toMatchObject({
      content: "Par",
      status: "stopped",
    });
  });
});

describe("unmounting", () => {
  it("lets a streaming reply finish: not aborted, saved through onUpdateMessage and onFinish", async () => {
    const updated: Message[] = [];
    const finished = vi.fn();
    const chat = renderChat(backend, {
      onUpdateMessage: ({ message }) => void updated.push(message),
      onFinish: finished,
    });
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Question"));
    stream.send(text("Half"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Half" }));

    chat.unmount();
    stream.send(text(" and the rest."));
    stream.end();
    await settle(sending);

    expect(stream.aborted).toBe(false);
    expect(updated.at(-1)).toMatchObject({
      role: "assistant",
      content: "Half and the rest.",
      status: "complete",
    });
    expect(finished).toHaveBeenCalledWith(expect.objectContaining({ outcome: "complete" }));
  });
});
