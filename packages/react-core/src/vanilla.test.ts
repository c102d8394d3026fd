// @vitest-environment node
import type { Message } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { HeldReply, sseResponse } from "./testing/heldReply";
import type { LoadedThread } from "./types";
import { createChat, type ThreadStore } from "./vanilla";

const texts = (thread: ThreadStore) =>
  thread.store.getState().messages.map((m) => ("content" in m ? m.content : ""));

describe("createChat (no React)", () => {
  it("sends a message and streams the reply, going submitted → streaming → idle", async () => {
    const stream = new HeldReply();
    const chat = createChat({
      processMessage: async () => new Response(stream.body),
      streamBatching: "microtask",
    });
    const thread = chat.selectedThread();
    const statuses: string[] = [];
    thread.store.subscribe((state) => {
      if (statuses.at(-1) !== state.status) statuses.push(state.status);
    });

    const sending = thread.actions.processMessage("Hello");
    stream.send({ type: "text-delta", text: "Hi " });
    await vi.waitFor(() => expect(texts(thread)).toEqual(["Hello", "Hi "]));
    stream.end({ type: "text-delta", text: "there" });
    await sending;

    expect(texts(thread)).toEqual(["Hello", "Hi there"]);
    expect(statuses.slice(-3)).toEqual(["submitted", "streaming", "idle"]);
    // The thread was created on its first message and is the selected one.
    const [created] = chat.store.getState().threads;
    expect(chat.store.getState().selectedThreadId).toBe(created!.threadId);
    expect(chat.selectedThread()).toBe(thread);
  });

  it("reads options when they are used: setOptions changes the next call", async () => {
    const first = vi.fn(async () => sseResponse([{ type: "text-delta", text: "one" }]));
    const second = vi.fn(async () => sseResponse([{ type: "text-delta", text: "two" }]));
    const chat = createChat({ processMessage: first, streamBatching: "microtask" });
    await chat.selectedThread().actions.processMessage("a");
    chat.setOptions({ processMessage: second });
    await chat.selectedThread().actions.processMessage("b");
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(texts(chat.selectedThread()).at(-1)).toBe("two");
  });

  it("reports a missing processMessage as an error on the thread, keeping the message", async () => {
    const chat = createChat({});
    await chat.selectedThread().actions.processMessage("Hello");
    const state = chat.selectedThread().store.getState();
    expect(state.status).toBe("error");
    expect(state.error?.message).toMatch(/processMessage/);
    expect(texts(chat.selectedThread())[0]).toBe("Hello");
  });

  it("looks threads up without opening them; openThread opens one", () => {
    const chat = createChat({});
    expect(chat.getThread("t-1")).toBeUndefined();
    const opened = chat.openThread("t-1");
    expect(chat.getThread("t-1")).toBe(opened);
    expect(chat.getThread(null)).toBe(chat.selectedThread());
  });
});

describe("persisted branches", () => {
  /** A backend that stores what `onUpdateMessage` and `onActiveBranchChange` report. */
  function storingBackend() {
    const rows = new Map<string, Message>();
    let activeLeafId: string | undefined;
    let replies = 0;
    return {
      rows,
      options: {
        processMessage: async () =>
          sseResponse([{ type: "text-delta", text: `Reply ${++replies}` }]),
        onUpdateMessage: ({ message }: { message: Message }) => {
          rows.set(message.id, message);
          activeLeafId = message.id;
        },
        onActiveBranchChange: ({ activeLeafId: leaf }: { activeLeafId: string }) => {
          activeLeafId = leaf;
        },
        loadThread: async (): Promise<LoadedThread> => ({
          messages: [...rows.values()],
          ...(activeLeafId !== undefined && { activeLeafId }),
        }),
        streamBatching: "microtask" as const,
      },
    };
  }

  it("a reload keeps every branch and the one the user was on", async () => {
    const backend = storingBackend();
    const chat = createChat(backend.options);
    const thread = chat.selectedThread();
    await thread.actions.processMessage("Question");
    await thread.actions.regenerate();
    await thread.actions.regenerate();
    const reply = () => thread.store.getState().messages[1]!;
    // Back to the first of three replies.
    thread.actions.switchBranch(reply().id, 0);
    expect(texts(thread)).toEqual(["Question", "Reply 1"]);
    const threadId = chat.store.getState().selectedThreadId!;
    expect([...backend.rows.values()].map((m) => m.parentId)).toEqual([
      undefined,
      thread.store.getState().messages[0]!.id,
      thread.store.getState().messages[0]!.id,
      thread.store.getState().messages[0]!.id,
    ]);

    // A new page: a new engine over the same backend.
    const reloaded = createChat(backend.options);
    reloaded.actions.selectThread(threadId);
    const again = reloaded.selectedThread();
    await vi.waitFor(() => expect(again.store.getState().status).toBe("idle"));
    expect(texts(again)).toEqual(["Question", "Reply 1"]);
    const second = again.store.getState().messages[1]!;
    expect(again.store.getState().branches[second.id]).toMatchObject({ index: 0, count: 3 });
    again.actions.switchBranch(second.id, 2);
    expect(texts(again)).toEqual(["Question", "Reply 3"]);
  });

  it("onFinish reports the reply as onUpdateMessage saved it and the thread shows it", async () => {
    const saved: Message[] = [];
    const finishes: { messages: Message[]; reply: Message[] }[] = [];
    const chat = createChat({
      processMessage: async () => sseResponse([{ type: "text-delta", text: "Answer" }]),
      onUpdateMessage: ({ message }) => void saved.push(message),
      onFinish: (finish) => void finishes.push(finish),
      streamBatching: "microtask",
    });
    await chat.selectedThread().actions.processMessage("Question");
    const [question, answer] = chat.selectedThread().store.getState().messages;
    expect(answer!.parentId).toBe(question!.id);
    expect(saved).toEqual([question, answer]);
    expect(finishes[0]!.reply[0]).toBe(answer);
    expect(finishes[0]!.messages).toBe(chat.selectedThread().store.getState().messages);
  });

  it.each([
    ["null", null],
    ["an object without messages", {}],
    ["messages that are not a list", { messages: "x" }],
  ])(
    "reports a loadThread result that is %s as malformed, showing nothing",
    async (_name, loaded) => {
      const chat = createChat({ loadThread: async (_threadId) => loaded as never });
      chat.actions.selectThread("t");
      const thread = chat.openThread("t");
      await vi.waitFor(() => expect(thread.store.getState().status).toBe("error"));
      expect(thread.store.getState().error).toMatchObject({ code: "malformed_message" });
      expect(thread.store.getState().messages).toEqual([]);
    },
  );

  it("still loads a flat list as one branch", async () => {
    const chat = createChat({
      loadThread: async (_threadId) => [
        { id: "u", role: "user", content: "Q" },
        { id: "a", role: "assistant", content: "A", status: "complete" },
      ],
    });
    chat.actions.selectThread("t");
    await vi.waitFor(() => expect(texts(chat.selectedThread())).toEqual(["Q", "A"]));
    expect(chat.selectedThread().store.getState().branches).toEqual({});
  });
});
