import type {
  CrayonStreamEvent,
  MalformedMessageError,
  Message,
  UserMessage,
} from "@crayonai/stream";
import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { driveChat } from "../../test/driveChat";
import { eventually, settle, setupChatBackend, start } from "../../test/renderChat";
import { deferredCalls } from "../testing/deferred";
import type { Thread, ThreadListPage } from "../types";

const backend = setupChatBackend();

const text = (value: string): CrayonStreamEvent => ({ type: "text-delta", text: value });
const thread = (threadId: string, title = threadId): Thread => ({ threadId, title, createdAt: 0 });
const ids = (threads: Thread[]) => threads.map((t) => t.threadId);
const history = (prefix: string): Message[] => [
  { id: `${prefix}-q`, role: "user", content: `${prefix} question` },
  { id: `${prefix}-a`, role: "assistant", content: `${prefix} answer`, status: "complete" },
];

describe("switching threads", () => {
  it("keeps a reply streaming into its own thread while another thread is shown", async () => {
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("t-old", "Old chat")],
      loadThread: async (id) => (id === "t-old" ? history("old") : []),
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("New question"));
    stream.send(text("Hel"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Hel" }));
    const newId = chat.list().selectedThreadId!;

    act(() => chat.list().selectThread("t-old"));
    await eventually(() => expect(chat.thread().messages).toEqual(history("old")));
    expect(chat.thread().isRunning).toBe(false);
    expect(chat.list().threads.find((t) => t.threadId === newId)).toMatchObject({
      isRunning: true,
    });
    expect(chat.list().threads.find((t) => t.threadId === "t-old")).toMatchObject({
      isRunning: false,
    });

    // Streams on in the background, and is live when shown again.
    stream.send(text("lo"));
    act(() => chat.list().selectThread(newId));
    await eventually(() =>
      expect(chat.thread().messages[1]).toMatchObject({ content: "Hello", status: "streaming" }),
    );
    expect(chat.thread().isRunning).toBe(true);
    stream.send(text(" there"));
    await eventually(() =>
      expect(chat.thread().messages[1]).toMatchObject({ content: "Hello there" }),
    );

    stream.end();
    await settle(sending);
    expect(stream.aborted).toBe(false);
    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "New question" },
      { role: "assistant", content: "Hello there", status: "complete" },
    ]);
    expect(chat.thread().isRunning).toBe(false);
    expect(chat.list().threads.every((t) => !t.isRunning)).toBe(true);
  });

  it("finishes a reply in the background and shows it finished when switched back", async () => {
    const chat = driveChat(backend);
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Long task"));
    stream.send(text("Working"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Working" }));
    const runningId = chat.list().selectedThreadId!;

    act(() => chat.list().switchToNewThread());
    expect(chat.thread().messages).toEqual([]);
    expect(chat.thread().isRunning).toBe(false);

    stream.end(text(" done"));
    await settle(sending);
    expect(chat.list().threads).toMatchObject([{ threadId: runningId, isRunning: false }]);

    act(() => chat.list().selectThread(runningId));
    expect(chat.thread().messages[1]).toMatchObject({
      content: "Working done",
      status: "complete",
    });
  });
});

describe("loading threads", () => {
  it("never lets a stale load overwrite a newer one", async () => {
    const load = deferredCalls<[string], Message[]>();
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a"), thread("b")],
      loadThread: load.fn,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(2));

    act(() => chat.list().selectThread("a"));
    expect(chat.thread().isLoadingMessages).toBe(true);
    act(() => chat.list().selectThread("b"));
    act(() => chat.list().selectThread("a"));
    expect(load.calls.map((c) => c.args[0])).toEqual(["a", "b", "a"]);

    // The newer load of "a" answers first, then the older one.
    await act(async () => load.calls[2]!.resolve(history("newer")));
    expect(chat.thread().messages).toEqual(history("newer"));
    await act(async () => load.calls[0]!.resolve(history("older")));
    expect(chat.thread().messages).toEqual(history("newer"));
    expect(chat.thread().isLoadingMessages).toBe(false);

    await act(async () => load.calls[1]!.resolve(history("b")));
    act(() => chat.list().selectThread("b"));
    expect(chat.thread().messages).toEqual(history("b"));
  });

  it("does not wipe a message sent while the thread loads, and sends the loaded history with it", async () => {
    const load = deferredCalls<[string], Message[]>();
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a")],
      loadThread: load.fn,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    act(() => chat.list().selectThread("a"));

    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Follow-up"));
    expect(chat.thread().messages).toMatchObject([{ role: "user", content: "Follow-up" }]);
    expect(chat.thread().isRunning).toBe(true);

    await act(async () => load.calls[0]!.resolve(history("a")));
    const expected = ["a question", "a answer", "Follow-up"];
    expect(chat.thread().messages.map((m) => ("content" in m ? m.content : ""))).toEqual(expected);
    await eventually(() => expect(backend.requests).toHaveLength(1));
    expect(
      backend.requests[0]!.messages.map((m: Message) => ("content" in m ? m.content : "")),
    ).toEqual(expected);

    stream.end(text("Reply"));
    await settle(sending);
    expect(chat.thread().messages).toMatchObject([
      ...history("a"),
      { role: "user", content: "Follow-up" },
      { role: "assistant", content: "Reply", status: "complete" },
    ]);
  });

  it("reports a failed load and loads again when the thread is selected again", async () => {
    let fail = true;
    const loadThread = vi.fn(async () => {
      if (fail) throw new Error("503 from history service");
      return history("a");
    });
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a"), thread("b")],
      loadThread,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(2));

    act(() => chat.list().selectThread("a"));
    await eventually(() => expect(chat.thread().error).toMatchObject({ code: "load_failed" }));
    expect(chat.thread().isLoadingMessages).toBe(false);

    fail = false;
    act(() => chat.list().selectThread("b"));
    act(() => chat.list().selectThread("a"));
    await eventually(() => expect(chat.thread().messages).toEqual(history("a")));
    expect(chat.thread().error).toBeNull();
  });
});

describe("deleting threads", () => {
  it("aborts the reply of a running thread that is deleted", async () => {
    const deleteThread = vi.fn(async (_id: string) => {});
    const chat = driveChat(backend, { deleteThread });
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Doomed"));
    stream.send(text("Partial"));
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Partial" }));
    const id = chat.list().selectedThreadId!;

    await settle(start(() => chat.list().deleteThread(id)));
    await settle(sending);

    expect(stream.aborted).toBe(true);
    expect(deleteThread).toHaveBeenCalledWith(id);
    expect(chat.list().threads).toEqual([]);
    expect(chat.list().selectedThreadId).toBeNull();
    expect(chat.thread().messages).toEqual([]);
    expect(chat.thread().isRunning).toBe(false);
  });

  it("does not bring back a thread deleted while it was being created, and deletes the backend copy", async () => {
    const create = deferredCalls<[UserMessage], Thread>();
    const deleteThread = vi.fn(async (_id: string) => {});
    const chat = driveChat(backend, { createThread: create.fn, deleteThread });
    const sending = start(() => chat.thread().processMessage("Oops"));
    const localId = chat.list().threads[0]!.threadId;

    await settle(start(() => chat.list().deleteThread(localId)));
    expect(chat.list().threads).toEqual([]);
    expect(deleteThread).not.toHaveBeenCalled();

    await act(async () => create.calls[0]!.resolve(thread("t-9", "Oops")));
    await settle(sending);
    expect(chat.list().threads).toEqual([]);
    expect(chat.list().selectedThreadId).toBeNull();
    expect(deleteThread).toHaveBeenCalledWith("t-9");
    expect(backend.requests).toHaveLength(0);
  });

  it("is optimistic and rolls back with an error when the backend fails", async () => {
    const remove = deferredCalls<[string], void>();
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a", "Alpha"), thread("b", "Beta")],
      deleteThread: remove.fn,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(2));

    const deleting = start(() => chat.list().deleteThread("a"));
    expect(ids(chat.list().threads)).toEqual(["b"]);

    await act(async () => remove.calls[0]!.reject(new Error("thread is locked")));
    await expect(deleting).rejects.toMatchObject({
      code: "delete_failed",
      message: "thread is locked",
    });
    expect(ids(chat.list().threads)).toEqual(["a", "b"]);
    expect(chat.list().error).toMatchObject({ code: "delete_failed" });

    const again = start(() => chat.list().deleteThread("a"));
    expect(chat.list().error).toBeNull();
    await act(async () => remove.calls[1]!.resolve());
    await settle(again);
    expect(ids(chat.list().threads)).toEqual(["b"]);
  });
});

describe("renaming threads", () => {
  it("is optimistic, keeps what the backend saved, and rolls back with an error on failure", async () => {
    const update = deferredCalls<[Thread], Thread>();
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a", "Alpha"), thread("b", "Beta")],
      updateThread: update.fn,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(2));

    const failing = start(() => chat.list().renameThread("a", "Renamed"));
    expect(chat.list().threads[0]).toMatchObject({ threadId: "a", title: "Renamed" });
    expect(update.calls[0]!.args[0]).toMatchObject({ threadId: "a", title: "Renamed" });
    await act(async () => update.calls[0]!.reject(new Error("title too long")));
    await expect(failing).rejects.toMatchObject({
      code: "update_failed",
      message: "title too long",
    });
    expect(chat.list().threads[0]).toMatchObject({ threadId: "a", title: "Alpha" });
    expect(chat.list().error).toMatchObject({ code: "update_failed" });

    const saving = start(() => chat.list().renameThread("a", "Better"));
    expect(chat.list().error).toBeNull();
    await act(async () => update.calls[1]!.resolve({ ...thread("a"), title: "Better (saved)" }));
    await settle(saving);
    expect(chat.list().threads.map((t) => t.title)).toEqual(["Better (saved)", "Beta"]);
  });

  it("a stale failure does not roll back a newer rename", async () => {
    const update = deferredCalls<[Thread], Thread>();
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("a", "Alpha")],
      updateThread: update.fn,
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));

    const first = start(() => chat.list().renameThread("a", "First"));
    const second = start(() => chat.list().renameThread("a", "Second"));
    await act(async () => update.calls[0]!.reject(new Error("conflict")));
    await expect(first).rejects.toMatchObject({ code: "update_failed" });
    expect(chat.list().threads[0]!.title).toBe("Second");

    await act(async () => update.calls[1]!.resolve({ ...thread("a"), title: "Second" }));
    await settle(second);
    expect(chat.list().threads[0]!.title).toBe("Second");
  });
});

describe("paginated thread lists", () => {
  it("loads the first page on mount and the next pages with the cursor", async () => {
    const pages: Record<string, ThreadListPage> = {
      first: { threads: [thread("a"), thread("b")], nextCursor: "page-2" },
      "page-2": { threads: [thread("c"), thread("b")], nextCursor: "page-3" },
      "page-3": { threads: [thread("d")] },
    };
    const fetchThreadList = vi.fn(
      async (params?: { cursor?: string }) => pages[params?.cursor ?? "first"]!,
    );
    const chat = driveChat(backend, { fetchThreadList });

    await eventually(() => expect(ids(chat.list().threads)).toEqual(["a", "b"]));
    expect(chat.list().hasMore).toBe(true);
    expect(chat.list().isLoading).toBe(false);

    await settle(start(() => chat.list().loadMore()));
    expect(fetchThreadList).toHaveBeenLastCalledWith({ cursor: "page-2" });
    expect(ids(chat.list().threads)).toEqual(["a", "b", "c"]);

    await settle(start(() => chat.list().loadMore()));
    expect(fetchThreadList).toHaveBeenLastCalledWith({ cursor: "page-3" });
    expect(ids(chat.list().threads)).toEqual(["a", "b", "c", "d"]);
    expect(chat.list().hasMore).toBe(false);

    await settle(start(() => chat.list().loadMore()));
    expect(fetchThreadList).toHaveBeenCalledTimes(3);

    // A refresh starts over at the first page.
    await settle(start(() => chat.list().refresh()));
    expect(ids(chat.list().threads)).toEqual(["a", "b"]);
    expect(chat.list().hasMore).toBe(true);
  });

  it("accepts a plain array (one page) and reports a failed fetch", async () => {
    let fail = false;
    const chat = driveChat(backend, {
      fetchThreadList: async () => {
        if (fail) throw new Error("offline");
        return [thread("a")];
      },
    });
    await eventually(() => expect(ids(chat.list().threads)).toEqual(["a"]));
    expect(chat.list().hasMore).toBe(false);

    fail = true;
    await settle(start(() => chat.list().refresh()));
    expect(chat.list().error).toMatchObject({ code: "list_failed", message: "offline" });
    expect(ids(chat.list().threads)).toEqual(["a"]);
  });

  it("keeps threads created here on top when a refreshed page does not have them yet", async () => {
    const chat = driveChat(backend, { fetchThreadList: async () => [thread("a")] });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("New"));
    await eventually(() => expect(backend.requests).toHaveLength(1));
    const newId = chat.list().selectedThreadId!;

    await settle(start(() => chat.list().refresh()));
    expect(ids(chat.list().threads)).toEqual([newId, "a"]);
    expect(chat.list().threads[0]).toMatchObject({ isRunning: true });

    stream.end(text("Hi"));
    await settle(sending);
    act(() => chat.list().switchToNewThread());
    await settle(start(() => chat.list().refresh()));
    expect(ids(chat.list().threads)).toEqual([newId, "a"]);
    expect(chat.list().threads[0]).toMatchObject({ isRunning: false });
  });

  it("drops a thread the backend no longer lists once it is not new, running or shown", async () => {
    let listed = [thread("a"), thread("b")];
    const chat = driveChat(backend, { fetchThreadList: async () => listed });
    await eventually(() => expect(chat.list().threads).toHaveLength(2));

    listed = [thread("a")];
    await settle(start(() => chat.list().refresh()));
    expect(ids(chat.list().threads)).toEqual(["a"]);
  });
});

describe("untrusted history", () => {
  it("shows the valid messages of a loaded thread, reports the rest, and keeps working", async () => {
    const stored = [
      { id: "q", role: "user", content: "Question" },
      { id: "bad-1", role: "user", content: { text: "object content" } },
      { id: "a", role: "assistant", content: "Answer", sources: [null, 3], toolCalls: "nope" },
      null,
      { id: "act", role: "activity", activityType: "plan", content: null },
    ];
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("t-bad")],
      loadThread: async () => stored as unknown as Message[],
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    act(() => chat.list().selectThread("t-bad"));
    await eventually(() => expect(chat.thread().messages).toHaveLength(3));
    expect(chat.thread().messages).toEqual([
      stored[0],
      { id: "a", role: "assistant", content: "Answer", sources: [] },
      { id: "act", role: "activity", activityType: "plan", content: {} },
    ]);
    expect(chat.thread().error).toMatchObject({
      code: "malformed_message",
      message: expect.stringContaining("message 1 (content)"),
    });

    backend.reply([text("Still here.")]);
    await settle(start(() => chat.thread().processMessage("Next")));
    expect(chat.thread().messages.at(-1)).toMatchObject({
      content: "Still here.",
      status: "complete",
    });
    expect(chat.thread().error).toBeNull();
  });

  it("shows a loaded thread whatever shape its rows have, and names each problem", async () => {
    const afterHole: unknown[] = new Array(2);
    afterHole[1] = { type: "text", text: "after a hole" };
    const stored = [
      { id: "q", role: "user", content: "Question" },
      { id: "m1", role: "user", content: { text: "object content" } },
      { id: "m2", role: "user", content: [null] },
      { id: "m3", role: "user", content: [{ type: "image" }, { type: "text", text: "caption" }] },
      { id: "m4", role: "assistant", content: "a", toolCalls: "nope" },
      {
        id: "m5",
        role: "assistant",
        content: "b",
        toolCalls: [{ id: "c", type: "function", function: null }],
      },
      { id: "m6", role: "assistant", content: "c", sources: [null, 3] },
      { id: "m7", role: "assistant", content: "d", files: {} },
      { id: "m8", role: "activity", activityType: "plan", content: null },
      { id: "m9", role: "toString", content: "a role every object inherits" },
      { id: "m10", role: "user", content: afterHole },
    ];
    const chat = driveChat(backend, {
      fetchThreadList: async () => [thread("t-bad")],
      loadThread: async () => stored as unknown as Message[],
    });
    await eventually(() => expect(chat.list().threads).toHaveLength(1));
    act(() => chat.list().selectThread("t-bad"));
    await eventually(() => expect(chat.thread().isLoadingMessages).toBe(false));
    expect(chat.thread().messages).toEqual([
      stored[0],
      { id: "m2", role: "user", content: [] },
      { id: "m3", role: "user", content: [{ type: "text", text: "caption" }] },
      { id: "m4", role: "assistant", content: "a" },
      { id: "m5", role: "assistant", content: "b", toolCalls: [] },
      { id: "m6", role: "assistant", content: "c", sources: [] },
      { id: "m7", role: "assistant", content: "d" },
      { id: "m8", role: "activity", activityType: "plan", content: {} },
      { id: "m10", role: "user", content: [{ type: "text", text: "after a hole" }] },
    ]);
    const error = chat.thread().error!;
    expect(error.code).toBe("malformed_message");
    const problems = (error.cause as MalformedMessageError[]).map((e) => `${e.index} ${e.path}`);
    expect(problems).toEqual([
      "1 content",
      "2 content[0]",
      "3 content[0]",
      "4 toolCalls",
      "5 toolCalls[0]",
      "6 sources[0]",
      "6 sources[1]",
      "7 files",
      "8 content",
      "9 role",
      "10 content[0]",
    ]);
  });

  it("checks messages the app sets, like loaded ones", () => {
    const chat = driveChat(backend);
    act(() =>
      chat
        .thread()
        .setMessages([
          { id: "q", role: "user", content: "Kept" },
          null as never,
          { id: "a", role: "assistant", content: "Also kept", files: {} as never },
        ]),
    );
    expect(chat.thread().messages).toEqual([
      { id: "q", role: "user", content: "Kept" },
      { id: "a", role: "assistant", content: "Also kept" },
    ]);
    expect(chat.thread().error).toMatchObject({ code: "malformed_message" });
  });

  it("keeps the reply so far when a messages snapshot holds null, and marks the error", async () => {
    const chat = driveChat(backend);
    backend.reply([
      text("Half a reply"),
      { type: "messages-snapshot", messages: [null] } as unknown as CrayonStreamEvent,
      text(", then the rest."),
    ]);
    await settle(start(() => chat.thread().processMessage("Go")));
    expect(chat.thread().messages[1]).toMatchObject({
      role: "assistant",
      content: "Half a reply, then the rest.",
      status: "error",
    });
    expect(chat.thread().error).toMatchObject({ code: "malformed_message" });
  });
});
