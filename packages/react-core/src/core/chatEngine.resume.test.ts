// @vitest-environment node

import { encodeCrayonEvent } from "@crayonai/server/sse";
import type { Message, UserMessage } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { deferred } from "../testing/deferred";
import { HeldReply, textDeltas } from "../testing/heldReply";
import type { ReplyFinish, ResumeStreamRequest, ThreadStatus } from "../types";
import { createChat, type ThreadStore } from "../vanilla";
import { RESUME_POSITION_HEADER } from "./reply/resumableBody";

// Resumable replies, at the engine: a dropped connection is reopened with `resumeStream`, a
// thread whose history loads follows a reply still running on the server, stop reaches the
// server with `stopStream`.

const SSE = { "content-type": "text/event-stream" };
const events = textDeltas(8);
const WIRE = events.map(encodeCrayonEvent).join("");
const FULL_TEXT = events.map((event) => (event.type === "text-delta" ? event.text : "")).join("");

/** The wire from character `position` on, as a resumed response (honouring the position). */
function resumedFrom(position: number): Response {
  return new Response(WIRE.slice(position), {
    headers: { ...SSE, [RESUME_POSITION_HEADER]: String(position) },
  });
}

const texts = (thread: ThreadStore) =>
  thread.store.getState().messages.map((m) => ("content" in m ? m.content : ""));

/** Every status the thread goes through, without repeats. */
function statuses(thread: ThreadStore): ThreadStatus[] {
  const seen: ThreadStatus[] = [thread.store.getState().status];
  thread.store.subscribe((state) => {
    if (seen.at(-1) !== state.status) seen.push(state.status);
  });
  return seen;
}

/**
 * Sends a message whose reply delivers the first part of the wire (cut in the middle of an
 * event), then drops the connection. Returns the sending (wrapped: it is still going on).
 */
async function sendAndDrop(
  thread: ThreadStore,
  held: HeldReply,
): Promise<{ sending: Promise<void> }> {
  const sending = thread.actions.processMessage("Count");
  held.sendRaw(WIRE.slice(0, Math.floor(WIRE.length / 2)));
  await vi.waitFor(() => expect(texts(thread)[1]).toMatch(/^word0/));
  held.fail();
  return { sending };
}

describe("reconnecting a dropped reply", () => {
  it("reopens it where it stopped: the final text is exactly the uninterrupted one; reconnecting, then streaming", async () => {
    const held = new HeldReply();
    const resumed = deferred<Response>();
    const requests: Omit<ResumeStreamRequest, "signal">[] = [];
    const onError = vi.fn();
    const chat = createChat({
      processMessage: async () => held.response,
      resumeStream: ({ signal: _signal, ...request }) => {
        requests.push(request);
        return resumed.promise;
      },
      reconnect: { delays: [0] },
      streamBatching: "microtask",
      onError,
    });
    const thread = chat.selectedThread();
    const seen = statuses(thread);
    const { sending } = await sendAndDrop(thread, held);
    await vi.waitFor(() => expect(thread.store.getState().status).toBe("reconnecting"));
    expect(thread.store.getState()).toMatchObject({ isRunning: true, isReconnecting: true });

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const position = requests[0]!.position;
    expect(requests).toEqual([{ threadId: thread.store.getState().threadId, position }]);
    resumed.resolve(resumedFrom(position));
    await sending;

    expect(texts(thread)).toEqual(["Count", FULL_TEXT]);
    expect(thread.store.getState()).toMatchObject({
      status: "idle",
      isRunning: false,
      isReconnecting: false,
      error: null,
    });
    expect(thread.store.getState().messages[1]).toMatchObject({ status: "complete" });
    expect(seen).toEqual(["idle", "submitted", "streaming", "reconnecting", "streaming", "idle"]);
    expect(onError).not.toHaveBeenCalled();
  });

  it("stop while reconnecting ends the reply stopped and asks the server to stop, trying again while that fails", async () => {
    const held = new HeldReply();
    const stopStream = vi
      .fn<(request: { threadId: string }) => Promise<void>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(undefined);
    // The network is still down: the try hangs.
    const resumeStream = vi.fn(() => deferred<Response | null>().promise);
    const chat = createChat({
      processMessage: async () => held.response,
      resumeStream,
      stopStream,
      reconnect: { delays: [0, 0] },
      streamBatching: "microtask",
    });
    const thread = chat.selectedThread();
    const { sending } = await sendAndDrop(thread, held);
    await vi.waitFor(() => expect(thread.store.getState().isReconnecting).toBe(true));
    await vi.waitFor(() => expect(resumeStream).toHaveBeenCalledOnce());
    const partial = texts(thread)[1];

    thread.actions.stop();
    await sending;
    expect(thread.store.getState()).toMatchObject({
      status: "idle",
      isRunning: false,
      isReconnecting: false,
      error: null,
    });
    expect(thread.store.getState().messages[1]).toMatchObject({
      status: "stopped",
      content: partial,
    });
    const threadId = thread.store.getState().threadId!;
    await vi.waitFor(() => expect(stopStream).toHaveBeenCalledTimes(2));
    expect(stopStream).toHaveBeenLastCalledWith({ threadId });
    expect(resumeStream).toHaveBeenCalledOnce();
  });

  it("stop before anything of the reply arrived asks the server again a second later (it may not have registered the reply yet)", async () => {
    const stopStream = vi.fn(async (_request: { threadId: string }) => {});
    const processMessage = vi.fn(() => deferred<Response>().promise);
    // The request went out; the server has not answered yet when the user presses Stop.
    const chat = createChat({ processMessage, stopStream, streamBatching: "microtask" });
    const thread = chat.selectedThread();
    const sending = thread.actions.processMessage("Go");
    await vi.waitFor(() => expect(processMessage).toHaveBeenCalledOnce());
    thread.actions.stop();
    await sending;
    expect(stopStream).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(stopStream).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(stopStream).toHaveBeenLastCalledWith({ threadId: thread.store.getState().threadId });
  });

  it("a stop asked again never reaches a reply started after it, nor one that was already streaming", async () => {
    const stopStream = vi.fn(async (_request: { threadId: string }) => {});
    const held = new HeldReply();
    let calls = 0;
    const chat = createChat({
      processMessage: () =>
        ++calls === 1 ? deferred<Response>().promise : Promise.resolve(held.response),
      stopStream,
      streamBatching: "microtask",
    });
    const thread = chat.selectedThread();
    const first = thread.actions.processMessage("Go");
    await vi.waitFor(() => expect(calls).toBe(1));
    thread.actions.stop();
    await first;
    // The user sends again at once: the stop is not repeated onto the new reply.
    const second = thread.actions.processMessage("Go again");
    await vi.waitFor(() => expect(calls).toBe(2));
    held.send(...textDeltas(2));
    await vi.waitFor(() => expect(texts(thread).join(" ")).toMatch(/word0/));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stopStream).toHaveBeenCalledTimes(1);
    // Stopped while streaming: the server had the reply; asked once.
    thread.actions.stop();
    await second;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stopStream).toHaveBeenCalledTimes(2);
  });

  it("loads the stored thread when the reply ended elsewhere meanwhile (204): no error, no duplicate", async () => {
    const held = new HeldReply();
    const stored: Message[] = [];
    const onFinish = vi.fn<(finish: ReplyFinish) => void>();
    const chat = createChat({
      processMessage: async () => held.response,
      onUpdateMessage: ({ message }) => {
        if (message.role === "user") stored.push(message);
      },
      loadThread: async () => [
        ...stored,
        { id: "a-stored", role: "assistant", content: FULL_TEXT, status: "complete" },
      ],
      resumeStream: async () => null,
      reconnect: { delays: [0] },
      streamBatching: "microtask",
      onFinish,
    });
    const thread = chat.selectedThread();
    const { sending } = await sendAndDrop(thread, held);
    await sending;

    expect(thread.store.getState().messages).toEqual([
      stored[0],
      { id: "a-stored", role: "assistant", content: FULL_TEXT, status: "complete" },
    ]);
    expect(thread.store.getState()).toMatchObject({ status: "idle", error: null });
    expect(onFinish).toHaveBeenCalledOnce();
    expect(onFinish.mock.calls[0]![0]).toMatchObject({
      outcome: "complete",
      reply: [{ id: "a-stored" }],
    });
  });

  it("fails as before, keeping the partial reply, when every try failed; reconnect: false never tries", async () => {
    for (const reconnect of [{ delays: [0, 0] }, false as const]) {
      const held = new HeldReply();
      const resumeStream = vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      });
      const chat = createChat({
        processMessage: async () => held.response,
        resumeStream,
        reconnect,
        streamBatching: "microtask",
      });
      const thread = chat.selectedThread();
      const { sending } = await sendAndDrop(thread, held);
      await sending;
      expect(thread.store.getState()).toMatchObject({ status: "error", isReconnecting: false });
      expect(thread.store.getState().error?.code).toBe("network");
      expect(thread.store.getState().messages[1]).toMatchObject({ status: "error" });
      expect(resumeStream).toHaveBeenCalledTimes(reconnect ? 2 : 0);
    }
  });
});

describe("following a reply still running when the thread loads", () => {
  const user: UserMessage = { id: "u1", role: "user", content: "Count" };
  const partial: Message = { id: "a-partial", role: "assistant", content: "word0 word1" };

  it("follows it live from position 0 over the stored history without the partial reply", async () => {
    const held = new HeldReply();
    const requests: Omit<ResumeStreamRequest, "signal">[] = [];
    const onFinish = vi.fn<(finish: ReplyFinish) => void>();
    const chat = createChat({
      loadThread: async () => [user, partial],
      resumeStream: async ({ signal: _signal, ...request }) => {
        requests.push(request);
        return held.response;
      },
      streamBatching: "microtask",
      onFinish,
    });
    chat.actions.selectThread("t1");
    const thread = chat.selectedThread();
    await vi.waitFor(() => expect(thread.store.getState().isRunning).toBe(true));
    expect(requests).toEqual([{ threadId: "t1", position: 0 }]);
    expect(chat.store.getState().threads).toEqual([]);

    held.send(...events.slice(0, 3));
    await vi.waitFor(() => expect(thread.store.getState().status).toBe("streaming"));
    expect(texts(thread)).toEqual(["Count", "word0 word1 word2"]);
    held.end(...events.slice(3));
    await vi.waitFor(() => expect(thread.store.getState().isRunning).toBe(false));

    expect(texts(thread)).toEqual(["Count", FULL_TEXT]);
    expect(thread.store.getState().status).toBe("idle");
    expect(onFinish).toHaveBeenCalledOnce();
    expect(onFinish.mock.calls[0]![0]).toMatchObject({ threadId: "t1", outcome: "complete" });
    // The stored partial reply left no branch behind.
    expect(thread.store.getState().branches).toEqual({});
  });

  it("keeps the earlier run's messages when the running reply continues after a tool result", async () => {
    // An approval turn: the first run asked for a tool and finished awaiting input; the answer
    // started a second run, still running (stored so far as a partial continuation).
    const asked: Message = {
      id: "a-asked",
      role: "assistant",
      content: "Checking.",
      status: "awaiting_input",
      toolCalls: [
        { id: "call-1", type: "function", function: { name: "lookup", arguments: "{}" } },
      ],
    };
    const answered: Message = { id: "t-1", role: "tool", toolCallId: "call-1", content: "42" };
    const continuing: Message = { ...partial, status: "streaming" };
    const held = new HeldReply();
    const chat = createChat({
      loadThread: async () => [user, asked, answered, continuing],
      resumeStream: async () => held.response,
      streamBatching: "microtask",
    });
    chat.actions.selectThread("t1");
    const thread = chat.selectedThread();
    await vi.waitFor(() => expect(thread.store.getState().isRunning).toBe(true));
    held.end(...events);
    await vi.waitFor(() => expect(thread.store.getState().isRunning).toBe(false));

    const ids = thread.store.getState().messages.map((m) => m.id);
    expect(ids.slice(0, 3)).toEqual(["u1", "a-asked", "t-1"]);
    expect(ids).not.toContain("a-partial");
    expect(texts(thread)).toEqual(["Count", "Checking.", "42", FULL_TEXT]);
  });

  it("stop ends the followed reply and asks the server to stop it", async () => {
    const held = new HeldReply();
    const stopStream = vi.fn(async () => {});
    const chat = createChat({
      loadThread: async () => [user],
      resumeStream: async () => held.response,
      stopStream,
      streamBatching: "microtask",
    });
    chat.actions.selectThread("t1");
    const thread = chat.selectedThread();
    held.send(events[0]!);
    await vi.waitFor(() => expect(thread.store.getState().status).toBe("streaming"));
    thread.actions.stop();
    await vi.waitFor(() => expect(thread.store.getState().isRunning).toBe(false));
    expect(thread.store.getState().messages[1]).toMatchObject({ status: "stopped" });
    expect(stopStream).toHaveBeenCalledWith({ threadId: "t1" });
    await held.abortedPromise;
  });

  it("leaves the stored messages when no reply runs (null) or resumeStream fails", async () => {
    for (const resumeStream of [
      async () => null,
      async () => {
        throw new Error("503");
      },
    ]) {
      const spy = vi.fn(resumeStream);
      const chat = createChat({
        loadThread: async () => [user, { ...partial, status: "complete" as const }],
        resumeStream: spy,
      });
      chat.actions.selectThread("t1");
      const thread = chat.selectedThread();
      await vi.waitFor(() => expect(spy).toHaveBeenCalledOnce());
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(thread.store.getState()).toMatchObject({
        status: "idle",
        isRunning: false,
        error: null,
        messages: [user, { ...partial, status: "complete" }],
      });
    }
  });

  it("drops the followed reply when the user sent meanwhile (one reply at a time)", async () => {
    const answer = deferred<Response | null>();
    const held = new HeldReply();
    const sent = new HeldReply();
    const chat = createChat({
      loadThread: async () => [user],
      resumeStream: () => answer.promise,
      processMessage: async () => sent.response,
      streamBatching: "microtask",
    });
    chat.actions.selectThread("t1");
    const thread = chat.selectedThread();
    await vi.waitFor(() => expect(thread.store.getState().isLoadingMessages).toBe(false));
    const sending = thread.actions.processMessage("Again");
    answer.resolve(held.response);
    await held.abortedPromise;
    sent.end({ type: "text-delta", text: "Fresh" });
    await sending;
    expect(texts(thread)).toEqual(["Count", "Again", "Fresh"]);
  });
});
