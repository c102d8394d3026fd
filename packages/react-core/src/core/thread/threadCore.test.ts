// @vitest-environment node
import type { AssistantMessage, Message } from "@crayonai/stream";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deferred, deferredCalls } from "../../testing/deferred";
import { HeldReply, sseResponse, textDeltas } from "../../testing/heldReply";
import type { ThreadListParams, ThreadParams } from "../../types";
import { createChat, type ThreadStore } from "../../vanilla";
import { loadReplyPipeline } from "../onDemand";
import type { ThreadCore } from "./threadCore";

type Setup = Partial<ThreadParams<any>> & { list?: ThreadListParams };

/** A thread list with thread params attached, and its selected (new) thread. */
function setup({ list: listParams = {}, ...params }: Setup = {}) {
  const list = createChat({
    ...listParams,
    processMessage: async () => sseResponse([{ type: "text-delta", text: "ok" }]),
    streamBatching: "microtask",
    ...params,
  });
  return { list, core: list.selectedThread() };
}

/** Counts the store notifications in which the messages changed. */
function countMessageUpdates(core: ThreadStore) {
  const counter = { count: 0 };
  core.store.subscribe((state, previous) => {
    if (state.messages !== previous.messages) counter.count++;
  });
  return counter;
}

const reply = (core: ThreadStore) => core.store.getState().messages.at(-1) as AssistantMessage;
const wordsOf = (from: number, to: number) =>
  textDeltas(to)
    .slice(from)
    .map((e) => (e.type === "text-delta" ? e.text : ""))
    .join("");

/** Streamed chunks land within milliseconds: check often. */
const FAST = { interval: 2, timeout: 1000 };

// Fake timers count frames from the first event: the reading code is loaded before that.
beforeAll(() => loadReplyPipeline());

afterEach(() => {
  vi.useRealTimers();
});

describe("batched streaming", () => {
  it('"frame": 200 deltas in 4 chunks publish once per frame', async () => {
    vi.useFakeTimers();
    const stream = new HeldReply();
    const { core } = setup({
      processMessage: async () => new Response(stream.body),
      streamBatching: "frame",
    });
    const sending = core.actions.processMessage("Count");
    await vi.advanceTimersByTimeAsync(0);
    const updates = countMessageUpdates(core);
    const deltas = textDeltas(200);

    for (let chunk = 0; chunk < 4; chunk++) {
      stream.send(...deltas.slice(chunk * 50, chunk * 50 + 50));
      await vi.advanceTimersByTimeAsync(16);
      expect(updates.count).toBe(chunk + 1);
      expect(reply(core).content).toBe(wordsOf(0, chunk * 50 + 50));
    }
    stream.end();
    await vi.advanceTimersByTimeAsync(16);
    await sending;
    expect(reply(core)).toMatchObject({ content: wordsOf(0, 200), status: "complete" });
    expect(updates.count).toBe(5);
  });

  it('"microtask": every event of a network chunk is applied before one publish', async () => {
    const stream = new HeldReply();
    const { core } = setup({ processMessage: async () => new Response(stream.body) });
    const sending = core.actions.processMessage("Count");
    const updates = countMessageUpdates(core);
    const deltas = textDeltas(200);

    for (let chunk = 0; chunk < 4; chunk++) {
      stream.send(...deltas.slice(chunk * 50, chunk * 50 + 50));
      await vi.waitFor(() => expect(reply(core).content).toBe(wordsOf(0, chunk * 50 + 50)), FAST);
      expect(updates.count).toBe(chunk + 1);
    }
    stream.end();
    await sending;
    expect(updates.count).toBe(5);
  });

  it("keeps unchanged messages identical across publishes", async () => {
    const stream = new HeldReply();
    const { core } = setup({ processMessage: async () => new Response(stream.body) });
    const seen: Message[][] = [];
    core.store.subscribe((state) => seen.push(state.messages));
    const sending = core.actions.processMessage("Hi");
    stream.send({ type: "text-delta", text: "a" });
    await vi.waitFor(() => expect(reply(core).content).toBe("a"), FAST);
    stream.end({ type: "text-delta", text: "b" });
    await sending;

    const question = core.store.getState().messages[0];
    for (const messages of seen) expect(messages[0]).toBe(question);
  });
});

describe("stop", () => {
  it("ends the reply even when the response ignores the abort signal, and cancels its body", async () => {
    const stream = new HeldReply();
    // A response not tied to the signal: only the core can stop reading it.
    const { core, list } = setup({ processMessage: async () => new Response(stream.body) });
    const sending = core.actions.processMessage("Go");
    stream.send({ type: "text-delta", text: "Partial" });
    await vi.waitFor(() => expect(reply(core).content).toBe("Partial"), FAST);

    core.actions.stop();
    await sending;

    expect(reply(core)).toMatchObject({ content: "Partial", status: "stopped" });
    expect(core.store.getState()).toMatchObject({ isRunning: false, error: null });
    expect(list.store.getState().threads[0]).toMatchObject({ isRunning: false });
    await vi.waitFor(() => expect(stream.aborted).toBe(true), FAST);
  });

  it("passes the abort controller it aborts to processMessage", async () => {
    const stream = new HeldReply();
    let controller: AbortController | undefined;
    const { core } = setup({
      processMessage: async ({ abortController }) => {
        controller = abortController;
        stream.watch(abortController.signal);
        return new Response(stream.body);
      },
    });
    const sending = core.actions.processMessage("Go");
    await vi.waitFor(() => expect(controller).toBeDefined(), FAST);
    expect(controller!.signal.aborted).toBe(false);

    core.actions.stop();
    await sending;
    expect(controller!.signal.aborted).toBe(true);
  });
});

describe("errors", () => {
  it("reports a processMessage that throws synchronously", async () => {
    const { core } = setup({
      processMessage: () => {
        throw new Error("no backend configured");
      },
    });
    await core.actions.processMessage("Hi");

    expect(core.store.getState().error).toMatchObject({
      code: "process_failed",
      message: "no backend configured",
    });
    expect(reply(core)).toMatchObject({
      role: "assistant",
      status: "error",
      error: "no backend configured",
    });
  });

  it("reports an adapter that throws mid-stream, keeping what it yielded", async () => {
    const { core } = setup({
      streamProtocol: {
        async *parse() {
          yield { type: "text-delta", text: "Half" };
          throw new Error("decoder crashed");
        },
      },
    });
    await core.actions.processMessage("Hi");

    expect(reply(core)).toMatchObject({
      content: "Half",
      status: "error",
      error: "decoder crashed",
    });
    expect(core.store.getState().error).toMatchObject({ code: "process_failed" });
  });

  it("refuses retry when there is nothing to retry", async () => {
    const { core } = setup();
    await expect(core.actions.retry()).rejects.toMatchObject({ code: "invalid_action" });
  });
});

describe("history", () => {
  it("merges a load that resolves while a reply streams when the reply ends", async () => {
    const load = deferredCalls<[string], Message[]>();
    const stream = new HeldReply();
    const list = createChat({
      loadThread: load.fn,
      processMessage: async () => new Response(stream.body),
      streamBatching: "microtask",
    });
    list.actions.selectThread("t-1");
    const core = list.selectedThread();
    load.calls[0]!.resolve([{ id: "h1", role: "user", content: "Old" }]);
    await vi.waitFor(() => expect(core.store.getState().messages).toHaveLength(1), FAST);

    const sending = core.actions.processMessage("New");
    stream.send({ type: "text-delta", text: "Rep" });
    await vi.waitFor(() => expect(reply(core).content).toBe("Rep"), FAST);
    // A reload (say, after reconnecting) answers while the reply streams.
    const reloading = (core as ThreadCore).load();
    load.calls[1]!.resolve([
      { id: "h1", role: "user", content: "Old" },
      { id: "h2", role: "assistant", content: "Saved elsewhere", status: "complete" },
    ]);
    await reloading;
    expect(reply(core).content).toBe("Rep");

    stream.end({ type: "text-delta", text: "ly" });
    await sending;
    expect(core.store.getState().messages.map((m) => ("content" in m ? m.content : ""))).toEqual([
      "Old",
      "Saved elsewhere",
      "New",
      "Reply",
    ]);
  });

  it("edits the thread locally with append/update/delete/setMessages, and not while running", async () => {
    const { core } = setup();
    const a: Message = { id: "a", role: "user", content: "A" };
    const b: Message = { id: "b", role: "assistant", content: "B", status: "complete" };
    core.actions.appendMessages(a, b);
    expect(core.store.getState().messages).toEqual([a, b]);

    const b2: Message = { ...b, content: "B2", status: "awaiting_input" };
    core.actions.updateMessage(b2);
    expect(core.store.getState().messages).toEqual([a, b2]);
    expect(core.store.getState().isAwaitingInput).toBe(true);

    core.actions.deleteMessage("b");
    expect(core.store.getState().messages).toEqual([a]);
    expect(core.store.getState().isAwaitingInput).toBe(false);

    core.actions.setMessages([b]);
    expect(core.store.getState().messages).toEqual([b]);

    const gate = deferred<Response>();
    const { core: busy } = setup({ processMessage: () => gate.promise });
    const sending = busy.actions.processMessage("Hi");
    expect(() => busy.actions.appendMessages(a)).toThrow(
      expect.objectContaining({ code: "thread_busy" }),
    );
    expect(() => busy.actions.setMessages([])).toThrow(
      expect.objectContaining({ code: "thread_busy" }),
    );
    busy.actions.stop();
    await sending;
  });

  it("builds the user message from text, parts, context, isVisuallyHidden and metadata", async () => {
    const { core } = setup();
    await core.actions.processMessage({
      content: [
        { type: "text", text: "What is in this picture?" },
        { type: "image", source: { type: "url", value: "https://x/y.png" } },
      ],
      context: [{ page: "/home" }],
      isVisuallyHidden: true,
      metadata: { sentBy: { app: "Gallery" } },
    });

    expect(core.store.getState().messages[0]).toMatchObject({
      role: "user",
      content: [{ type: "text" }, { type: "image" }],
      context: [{ page: "/home" }],
      isVisuallyHidden: true,
      metadata: { sentBy: { app: "Gallery" } },
    });
  });
});
