import { click, type Rendered, render, typeInto, waitFor } from "@crayonai/demo-ui/testing";
import type { ChatManager, Thread } from "@crayonai/react-core";
import { fakeChat } from "@crayonai/react-core/testing";
import type { Message } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { taskBoardMessage } from "./taskBoardMessage";
import type { LoadedThreads } from "./useWorkdeckActions";
import { WorkdeckActions } from "./WorkdeckActions";

const board = (status: string, statuses: string[]) =>
  taskBoardMessage(
    status === "failed" ? "Q3 revenue comparison" : "SF weather 2025, sine fit",
    status,
    statuses,
  );
const stored: Record<string, Message[]> = {
  weather: [{ id: "u1", role: "user", content: "/workdeck" }, board("completed", ["completed"])],
  revenue: [
    { id: "u2", role: "user", content: "/workdeck Compare Q3 revenue" },
    board("failed", ["completed", "failed", "blocked"]),
  ],
  cyrus: [{ id: "u3", role: "user", content: "/cyrus" }],
};
const now = new Date().toISOString();
const threads: Thread[] = Object.keys(stored).map((threadId) => ({
  threadId,
  title: threadId,
  createdAt: now,
  updatedAt: now,
}));

/** Spies for the thread list and thread actions the landing page calls. */
function spies() {
  return {
    selectThread: vi.fn<(threadId: string) => void>(),
    switchToNewThread: vi.fn<() => void>(),
    processMessage: vi.fn(async (_message: unknown) => {}),
  };
}

function chatWith(
  selectedThreadId: string | null,
  spy: ReturnType<typeof spies>,
  list: Partial<ChatManager["threadListManager"]> = {},
) {
  return fakeChat({
    list: {
      threads,
      ...list,
      selectedThreadId,
      selectThread: spy.selectThread,
      switchToNewThread: spy.switchToNewThread,
    },
    thread: { processMessage: spy.processMessage },
  });
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("WorkdeckActions", () => {
  const loadThread = vi.fn(async (threadId: string) => ({ messages: stored[threadId] ?? [] }));
  const ui = (
    chat: ChatManager,
    onShowChat = vi.fn(),
    loadedThreads: LoadedThreads = new Map(),
  ) => (
    <WorkdeckActions
      chat={chat}
      loadThread={loadThread}
      loadedThreads={loadedThreads}
      onShowChat={onShowChat}
    />
  );
  const actionCards = () =>
    waitFor(() => {
      const found = view!.container.querySelectorAll<HTMLElement>(".console-action");
      return found.length === 2 && found;
    });

  it("lists the Workdeck threads with their status and progress, and opens one", async () => {
    const spy = spies();
    const onShowChat = vi.fn();
    view = await render(ui(chatWith("cyrus", spy), onShowChat));
    const cards = await waitFor(() => {
      const found = view!.container.querySelectorAll<HTMLElement>(".console-action");
      return found.length === 2 && found;
    });
    const [weather, revenue] = [...cards];
    expect(weather!.dataset.status).toBe("completed");
    expect(weather!.textContent).toContain("1 of 1 task completed");
    expect(revenue!.dataset.status).toBe("failed");
    expect(revenue!.textContent).toContain("1 of 3 tasks completed, 1 failed");
    expect(revenue!.textContent).toContain("Task 1 failed: open the action");
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(
      "2 actions: 1 failed, 1 completed.",
    );

    await click(revenue!.querySelector("button"));
    expect(spy.selectThread).toHaveBeenCalledWith("revenue");
    expect(onShowChat).toHaveBeenCalled();
  });

  it("opened again, reads only the threads that changed since the last visit", async () => {
    const spy = spies();
    const loadedThreads: LoadedThreads = new Map();
    view = await render(ui(chatWith(null, spy), vi.fn(), loadedThreads));
    await actionCards();
    await view.unmount();
    loadThread.mockClear();

    view = await render(ui(chatWith(null, spy), vi.fn(), loadedThreads));
    expect(view.container.querySelectorAll(".console-action")).toHaveLength(2);
    expect(loadThread).not.toHaveBeenCalled();

    // News in one thread: only that one is read again.
    const later = new Date(Date.now() + 60_000).toISOString();
    const changed = threads.map((t) => (t.threadId === "revenue" ? { ...t, updatedAt: later } : t));
    await view.rerender(ui(chatWith(null, spy, { threads: changed }), vi.fn(), loadedThreads));
    await waitFor(() => loadThread.mock.calls.length > 0);
    expect(loadThread.mock.calls).toEqual([["revenue"]]);
  });

  it("looks in older threads, a page at a time, when the thread list has more", async () => {
    const spy = spies();
    const loadMore = vi.fn(async () => {});
    view = await render(ui(chatWith(null, spy, { hasMore: true, loadMore })));
    await actionCards();
    await click(view.container.querySelector(".console-actions__more"));
    expect(loadMore).toHaveBeenCalledTimes(1);

    await view.rerender(ui(chatWith(null, spy, { hasMore: false, loadMore })));
    expect(view.container.querySelector(".console-actions__more")).toBeNull();
  });

  it("creates an action in a new thread with the prompt the user wrote", async () => {
    const spy = spies();
    const onShowChat = vi.fn();
    view = await render(ui(chatWith("cyrus", spy), onShowChat));
    await click(view.container.querySelector(".console-new-action__open"));
    const field = view.container.querySelector("textarea");
    expect(document.activeElement).toBe(field);
    // A known prompt fills the field.
    await click(view.container.querySelector(".console-new-action__example"));
    expect(field?.value).toContain("Create a Google spreadsheet with weather data");
    await typeInto(field, "Compare Q3 revenue with Q2");
    await click(view.container.querySelector('button[type="submit"]'));
    expect(spy.switchToNewThread).toHaveBeenCalled();
    expect(spy.processMessage).not.toHaveBeenCalled();

    // Sent once the new, empty thread is selected.
    await view.rerender(ui(chatWith(null, spy), onShowChat));
    expect(spy.processMessage).toHaveBeenCalledWith("/workdeck Compare Q3 revenue with Q2");
    expect(onShowChat).toHaveBeenCalled();
  });
});
