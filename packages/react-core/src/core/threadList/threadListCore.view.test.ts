// @vitest-environment node
import type { Message } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { deferredCalls } from "../../testing/deferred";
import { sseResponse } from "../../testing/heldReply";
import type { Thread, ThreadListParams } from "../../types";
import { type Chat, createChat } from "../../vanilla";
import { arrangeThreads } from "./arrangeThreads";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

function setup(
  params: ThreadListParams & {
    reply?: string;
    loadThread?: (id: string) => Promise<Message[]>;
  } = {},
) {
  const { reply = "Sure, here it is.", ...rest } = params;
  return createChat({
    ...rest,
    processMessage: async () => sseResponse([{ type: "text-delta", text: reply }]),
    streamBatching: "microtask",
  });
}

const ids = (chat: Chat) => chat.store.getState().threads.map((t) => t.threadId);

/** What a sidebar searching the list for its `query` shows, in order. */
const shown = (chat: Chat) =>
  arrangeThreads(chat.store.getState().threads, {
    query: chat.store.getState().query,
    messagesOf: (id) => chat.getThread(id)?.store.getState().messages,
  }).flatMap((g) => g.threads.map((t) => t.threadId));

const stored: Thread[] = [
  { threadId: "old", title: "Tax questions", createdAt: daysAgo(9), updatedAt: daysAgo(3) },
  { threadId: "new", title: "Trip to Rome", createdAt: daysAgo(1), updatedAt: daysAgo(1) },
];

describe("thread list order", () => {
  it("orders threads by last activity and moves one to the top when a message is sent", async () => {
    const chat = setup({ fetchThreadList: async () => stored, loadThread: async () => [] });
    await chat.actions.refresh();
    expect(ids(chat)).toEqual(["new", "old"]);

    chat.actions.selectThread("old");
    await chat.selectedThread().actions.processMessage("And *VAT*?");
    const state = chat.store.getState();
    expect(ids(chat)).toEqual(["old", "new"]);
    expect(state.threads[0]!.preview).toBe("Sure, here it is.");
    expect(new Date(state.threads[0]!.updatedAt!).getTime()).toBeGreaterThan(
      daysAgo(0.01).getTime(),
    );
  });
});

describe("thread titles", () => {
  it("titles a new thread from its first exchange and hands it to generateTitle", async () => {
    const generateTitle = vi.fn(async () => "Weather in Paris");
    const updateThread = vi.fn(async (t: Thread) => t);
    const chat = setup({ generateTitle, updateThread, reply: "The weather card for Paris." });
    await chat.selectedThread().actions.processMessage("/tool");
    await vi.waitFor(() =>
      expect(chat.store.getState().threads[0]!.title).toBe("Weather in Paris"),
    );
    // A bare command is titled with its name; the reply's words stay its preview.
    expect(generateTitle).toHaveBeenCalledWith(expect.objectContaining({ title: "Tool" }));
    const request = (generateTitle.mock.calls[0] as unknown as [{ messages: Message[] }])[0];
    expect(request.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("keeps the title made here when generateTitle fails or returns nothing", async () => {
    const chat = setup({ generateTitle: () => Promise.reject(new Error("model down")) });
    await chat.selectedThread().actions.processMessage("Plan a trip to Rome. A week.");
    await Promise.resolve();
    expect(chat.store.getState().threads[0]!.title).toBe("Plan a trip to Rome");
    expect(chat.store.getState().error).toBeNull();
  });

  it("keeps a title the server gave, over the made and the generated one", async () => {
    const generateTitle = vi.fn(() => "Generated");
    const chat = setup({
      generateTitle,
      createThread: async () => ({ threadId: "t-1", title: "Server title", createdAt: 0 }),
    });
    await chat.selectedThread().actions.processMessage("/tool");
    await Promise.resolve();
    expect(chat.store.getState().threads[0]!.title).toBe("Server title");
  });

  it("replaces a server title that only repeats the first message", async () => {
    const chat = setup({
      createThread: async (first) => ({
        threadId: "t-1",
        title: typeof first.content === "string" ? first.content : "",
        createdAt: 0,
      }),
    });
    await chat.selectedThread().actions.processMessage("/tool show the weather");
    expect(chat.store.getState().threads[0]!.title).toBe("show the weather");
  });

  it("never replaces a title the user chose while the title was being generated", async () => {
    const generate = deferredCalls<[unknown], string>();
    const chat = setup({ generateTitle: generate.fn });
    await chat.selectedThread().actions.processMessage("Plan a trip");
    const id = chat.store.getState().threads[0]!.threadId;
    await vi.waitFor(() => expect(generate.calls).toHaveLength(1));
    await chat.actions.renameThread(id, "Rome, May");
    generate.calls[0]!.resolve("Generated");
    await Promise.resolve();
    expect(chat.store.getState().threads[0]!.title).toBe("Rome, May");
  });
});

describe("thread search", () => {
  it("finds threads by title, preview and loaded text, ignoring case and accents", async () => {
    const chat = setup({
      fetchThreadList: async () => [
        ...stored,
        { threadId: "cafe", title: "Café list", createdAt: daysAgo(2), preview: "Three places" },
      ],
      loadThread: async (id) =>
        id === "old" ? [{ id: "m1", role: "user", content: "Can I deduct my **desk**?" }] : [],
    });
    await chat.actions.refresh();

    chat.actions.setQuery("CAFE");
    expect(shown(chat)).toEqual(["cafe"]);
    chat.actions.setQuery("three PLACES");
    expect(shown(chat)).toEqual(["cafe"]);

    chat.actions.setQuery("desk");
    expect(shown(chat)).toEqual([]);
    chat.actions.selectThread("old");
    await vi.waitFor(() => expect(shown(chat)).toEqual(["old"]));

    chat.actions.setQuery("");
    expect(shown(chat)).toEqual(["new", "cafe", "old"]);
  });
});

describe("threads from the server", () => {
  it("drops bad rows and keeps the good ones", async () => {
    const chat = setup({
      fetchThreadList: async () =>
        [null, { title: "no id" }, { threadId: "ok", title: "Fine", createdAt: 1 }] as Thread[],
    });
    await chat.actions.refresh();
    expect(chat.store.getState().threads).toMatchObject([{ threadId: "ok", title: "Fine" }]);
  });

  it("keeps the list and reports an error when the answer is not a list", async () => {
    let answer: unknown = stored;
    const chat = setup({ fetchThreadList: async () => answer as Thread[] });
    await chat.actions.refresh();
    answer = { rows: "oops" };
    await chat.actions.refresh();
    expect(chat.store.getState().threads).toHaveLength(2);
    expect(chat.store.getState().error?.code).toBe("list_failed");
  });
});
