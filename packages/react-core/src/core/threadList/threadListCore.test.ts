// @vitest-environment node
import type { UserMessage } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { deferredCalls } from "../../testing/deferred";
import { sseResponse } from "../../testing/heldReply";
import type { Thread, ThreadListPage, ThreadListParams } from "../../types";
import { type Chat, createChat } from "../../vanilla";

const thread = (threadId: string, title = threadId): Thread => ({ threadId, title, createdAt: 0 });
const ids = (list: Chat) => list.store.getState().threads.map((t) => t.threadId);

function setup(params: ThreadListParams = {}) {
  const list = createChat({
    ...params,
    processMessage: async () => sseResponse([{ type: "text-delta", text: "ok" }]),
    streamBatching: "microtask",
  });
  return list;
}

describe("thread creation", () => {
  it.each([
    ["the first line of the message", "Plan a trip\nwith details", "Plan a trip"],
    ["a long line, cut with an ellipsis", "x".repeat(80), `${"x".repeat(59)}…`],
    ["the reply after a message without words", "   ", "ok"],
  ])("titles a new thread with %s", async (_name, content, title) => {
    const list = setup();
    await list.selectedThread().actions.processMessage(content);
    expect(list.store.getState().threads[0]!.title).toBe(title);
  });

  it("titles a multimodal first message by its text part", async () => {
    const list = setup();
    await list.selectedThread().actions.processMessage({
      content: [
        { type: "image", source: { type: "url", value: "https://x/y.png" } },
        { type: "text", text: "Describe this" },
      ],
    });
    expect(list.store.getState().threads[0]!.title).toBe("Describe this");
  });

  it("keeps and saves a rename made while the thread was being created", async () => {
    const create = deferredCalls<[UserMessage], Thread>();
    const updateThread = vi.fn(async (t: Thread) => t);
    const list = setup({ createThread: create.fn, updateThread });
    const sending = list.selectedThread().actions.processMessage("Hello");
    const localId = ids(list)[0]!;

    await list.actions.renameThread(localId, "My title");
    expect(updateThread).not.toHaveBeenCalled();

    create.calls[0]!.resolve(thread("t-1", "Hello"));
    await sending;
    expect(list.store.getState().threads).toMatchObject([{ threadId: "t-1", title: "My title" }]);
    expect(updateThread).toHaveBeenCalledWith(
      expect.objectContaining({ threadId: "t-1", title: "My title" }),
    );
  });

  it("lists a new thread once when a refresh lists it before it is created", async () => {
    const create = deferredCalls<[UserMessage], Thread>();
    const fetches = deferredCalls<[{ cursor?: string } | undefined], Thread[] | ThreadListPage>();
    const list = setup({ createThread: create.fn, fetchThreadList: fetches.fn });
    const sending = list.selectedThread().actions.processMessage("Hello");
    const localId = ids(list)[0]!;

    // The backend saved the thread and a refresh lists it before `createThread` answers.
    const refreshing = list.actions.refresh();
    fetches.calls[0]!.resolve([thread("t-1", "Hello"), thread("old")]);
    await refreshing;
    expect(ids(list)).toEqual([localId, "t-1", "old"]);
    expect(list.store.getState().selectedThreadId).toBe(localId);

    create.calls[0]!.resolve(thread("t-1", "Hello"));
    await sending;
    expect(ids(list)).toEqual(["t-1", "old"]);
    expect(list.store.getState().selectedThreadId).toBe("t-1");
    expect(list.selectedThread().store.getState().messages).toHaveLength(2);
  });

  it("starts a new, empty thread only when the current one has messages", async () => {
    const list = setup();
    const empty = list.selectedThread();
    list.actions.switchToNewThread();
    expect(list.selectedThread()).toBe(empty);

    await empty.actions.processMessage("Hi");
    // The draft became the created thread, which stays selected.
    expect(list.selectedThread()).toBe(empty);
    list.actions.switchToNewThread();
    expect(list.selectedThread()).not.toBe(empty);
    expect(list.selectedThread().store.getState().messages).toEqual([]);
  });
});

describe("thread list loading", () => {
  it("ignores a refresh that a newer one overtook", async () => {
    const fetches = deferredCalls<[{ cursor?: string } | undefined], Thread[] | ThreadListPage>();
    const list = setup({ fetchThreadList: fetches.fn });
    const older = list.actions.refresh();
    const newer = list.actions.refresh();

    fetches.calls[1]!.resolve([thread("new")]);
    await newer;
    fetches.calls[0]!.resolve([thread("old")]);
    await older;
    expect(ids(list)).toEqual(["new"]);
    expect(list.store.getState().isLoading).toBe(false);
  });

  it("does not load more while a page is loading or when there is no next page", async () => {
    const fetches = deferredCalls<[{ cursor?: string } | undefined], Thread[] | ThreadListPage>();
    const list = setup({ fetchThreadList: fetches.fn });
    const first = list.actions.refresh();
    expect(list.store.getState().isLoading).toBe(true);
    await list.actions.loadMore();
    expect(fetches.calls).toHaveLength(1);

    fetches.calls[0]!.resolve({ threads: [thread("a")], nextCursor: "2" });
    await first;
    const more = list.actions.loadMore();
    await list.actions.loadMore();
    expect(fetches.calls).toHaveLength(2);
    fetches.calls[1]!.resolve({ threads: [thread("b")] });
    await more;
    await list.actions.loadMore();
    expect(fetches.calls).toHaveLength(2);
    expect(ids(list)).toEqual(["a", "b"]);
  });

  it("refuses to rename an unknown thread", async () => {
    const list = setup();
    await expect(list.actions.renameThread("missing", "x")).rejects.toMatchObject({
      code: "invalid_action",
    });
  });
});
