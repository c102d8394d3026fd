import type { AssistantMessage, Message } from "@crayonai/stream";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { eventually, renderChat, settle, setupChatBackend, start } from "../../test/renderChat";
import { fakeChat } from "../testing/fakeChat";
import { textDeltas } from "../testing/heldReply";
import type { Thread } from "../types";
import {
  useAgentState,
  useIsRunning,
  useMessage,
  useMessages,
  useThreadListSelector,
  useThreadSelector,
  useThreads,
} from "./selectors";
import { useThreadListManager } from "./useThreadListManager";
import { useThreadManager } from "./useThreadManager";

const backend = setupChatBackend();

const saved: Thread = { threadId: "t-1", title: "Saved", createdAt: 0 };
const savedHistory: Message[] = [
  { id: "q0", role: "user", content: "Earlier question" },
  { id: "a0", role: "assistant", content: "Earlier answer", status: "complete" },
];

/** A chat showing the saved thread, ready to stream a 200-delta reply in 10 chunks. */
async function chatOnSavedThread() {
  const chat = renderChat(backend, {
    fetchThreadList: async () => [saved],
    loadThread: async () => savedHistory,
  });
  await eventually(() => expect(chat.list().threads).toHaveLength(1));
  act(() => chat.list().selectThread("t-1"));
  await eventually(() => expect(chat.thread().messages).toHaveLength(2));
  backend.reply([{ type: "message-start", messageId: "m1" }, ...textDeltas(200)], 10);
  return chat;
}

/** Renders a selector hook in its own component and records every value it rendered with. */
function watch<T>(selector: () => T) {
  const values: T[] = [];
  renderHook(() => {
    const value = selector();
    values.push(value);
    return value;
  });
  return values;
}

describe("selector hooks", () => {
  it("useIsRunning re-renders only when isRunning changes", async () => {
    const chat = await chatOnSavedThread();
    const manager = chat.list();
    const seen = watch(() => useIsRunning(manager));

    await settle(start(() => chat.thread().processMessage("Go")));

    expect(chat.thread().messages).toHaveLength(4);
    expect(seen).toEqual([false, true, false]);
  });

  it("useMessage re-renders only when that message changes", async () => {
    const chat = await chatOnSavedThread();
    const manager = chat.list();
    const earlier = watch(() => useMessage(manager, "a0"));
    const streaming = watch(() => useMessage(manager, "m1"));

    await settle(start(() => chat.thread().processMessage("Go")));

    expect(earlier).toEqual([savedHistory[1]]);
    expect(earlier[0]).toBe(chat.thread().messages[1]);
    // Absent, then one render per published chunk at most, then complete.
    expect(streaming[0]).toBeUndefined();
    expect(streaming.length).toBeGreaterThanOrEqual(2);
    expect(streaming.length).toBeLessThanOrEqual(12);
    expect(streaming.at(-1)).toMatchObject({ id: "m1", status: "complete" });
    expect((streaming.at(-1) as AssistantMessage).content).toMatch(/ word199$/);
  });

  it("useMessage of a finished reply stays quiet while the next reply streams, with or without callbacks", async () => {
    for (const callbacks of [{}, { onFinish: () => {}, onUpdateMessage: () => {} }]) {
      const chat = renderChat(backend, {
        fetchThreadList: async () => [saved],
        loadThread: async () => savedHistory,
        ...callbacks,
      });
      await eventually(() => expect(chat.list().threads).toHaveLength(1));
      act(() => chat.list().selectThread("t-1"));
      await eventually(() => expect(chat.thread().messages).toHaveLength(2));
      backend.reply([{ type: "message-start", messageId: "m1" }, ...textDeltas(50)], 5);
      await settle(start(() => chat.thread().processMessage("Go")));
      const earlier = watch(() => useMessage(chat.list(), "a0"));
      const finished = watch(() => useMessage(chat.list(), "m1"));

      backend.reply([{ type: "message-start", messageId: "m2" }, ...textDeltas(50)], 5);
      await settle(start(() => chat.thread().processMessage("Again")));

      expect(chat.thread().messages).toHaveLength(6);
      expect(earlier).toHaveLength(1);
      expect(finished).toHaveLength(1);
      chat.unmount();
    }
  });

  it("useThreadSelector, useMessages, useThreads and useThreadListSelector follow the selected thread", async () => {
    const chat = await chatOnSavedThread();
    const manager = chat.list();
    const titles = watch(() => useThreads(manager).map((t) => t.title));
    const selected = watch(() => useThreadListSelector(manager, (s) => s.selectedThreadId));
    const count = watch(() => useMessages(manager).length);
    const awaiting = watch(() => useThreadSelector(manager, (s) => s.isAwaitingInput));

    await settle(start(() => chat.thread().processMessage("Go")));
    act(() => chat.list().switchToNewThread());

    expect(titles.at(-1)).toEqual(["Saved"]);
    expect(selected).toEqual(["t-1", null]);
    expect(count[0]).toBe(2);
    expect(count).toContain(4);
    expect(count.at(-1)).toBe(0);
    // Only a new selected thread re-renders it; streaming does not.
    expect(awaiting).toEqual([false, false]);
  });

  it("rejects an object that no Crayon hook returned", () => {
    // React also reports the render error (on the console, and React 18 as an uncaught error
    // event); that is expected here.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const silence = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener("error", silence);
    try {
      expect(() => renderHook(() => useIsRunning({} as never))).toThrow(/not a chat manager/);
    } finally {
      window.removeEventListener("error", silence);
      consoleError.mockRestore();
    }
  });
});

describe("useThreadListManager + useThreadManager", () => {
  it("compose like useChat for custom layouts", async () => {
    const { result } = renderHook(() => {
      const threadListManager = useThreadListManager({ fetchThreadList: async () => [saved] });
      const threadManager = useThreadManager({
        threadListManager,
        loadThread: async () => savedHistory,
        processMessage: backend.processMessage,
        streamBatching: "microtask",
      });
      return { threadListManager, threadManager };
    });
    await eventually(() => expect(result.current.threadListManager.threads).toHaveLength(1));
    act(() => result.current.threadListManager.selectThread("t-1"));
    await eventually(() => expect(result.current.threadManager.messages).toEqual(savedHistory));

    backend.reply([{ type: "text-delta", text: "Composed." }]);
    await settle(start(() => result.current.threadManager.processMessage("Hi")));

    expect(backend.requests[0]).toMatchObject({
      threadId: "t-1",
      messages: [...savedHistory, { content: "Hi" }],
    });
    expect(result.current.threadManager.messages.at(-1)).toMatchObject({
      content: "Composed.",
      status: "complete",
    });
  });

  it("keeps the thread list object stable while a reply streams in the selected thread", async () => {
    const chat = await chatOnSavedThread();
    backend.reset();
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Go"));
    stream.send({ type: "text-delta", text: "One" });
    await eventually(() => expect(chat.thread().messages[3]).toMatchObject({ content: "One" }));
    const listWhileRunning = chat.list();
    expect(listWhileRunning.threads[0]!.isRunning).toBe(true);

    stream.send({ type: "text-delta", text: " two" });
    await eventually(() => expect(chat.thread().messages[3]).toMatchObject({ content: "One two" }));
    expect(chat.list()).toBe(listWhileRunning);

    stream.end();
    await settle(sending);
    expect(chat.list().threads[0]!.isRunning).toBe(false);
  });
});

describe("a hand-built ChatManager", () => {
  it("works with every selector hook, read from the manager itself", () => {
    const message: Message = { id: "m1", role: "user", content: "Hi" };
    const setAgentState = vi.fn();
    const chat = fakeChat({
      thread: { messages: [message], isRunning: true, agentState: { step: 2 }, setAgentState },
      list: { threads: [saved] },
    });
    const { result } = renderHook(() => ({
      messages: useMessages(chat),
      message: useMessage(chat, "m1"),
      running: useIsRunning(chat),
      threads: useThreads(chat),
      status: useThreadSelector(chat, (thread) => thread.status),
      selected: useThreadListSelector(chat, (list) => list.selectedThreadId),
      agent: useAgentState<{ step: number }>(chat),
    }));
    expect(result.current.messages).toEqual([message]);
    expect(result.current.message).toBe(message);
    expect(result.current.running).toBe(true);
    expect(result.current.threads).toEqual([saved]);
    expect(result.current.status).toBe("idle");
    expect(result.current.selected).toBe("thread-1");
    expect(result.current.agent[0]).toEqual({ step: 2 });
    result.current.agent[1]({ step: 3 });
    expect(setAgentState).toHaveBeenCalledWith({ step: 3 });
  });
});
