import type { ChatManager } from "@crayonai/react-core";
import { fakeChat } from "@crayonai/react-core/testing";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { ThreadList } from "./ThreadList";

function Chat({ chat }: { chat: ChatManager }) {
  return (
    <>
      <ThreadList chat={chat} />
      <MessageList chat={chat} />
      <Composer chat={chat} />
    </>
  );
}

const threads = [
  { threadId: "t1", title: "Trip to Rome", createdAt: 1 },
  { threadId: "t2", title: "Tax questions", createdAt: 2 },
];

const histories: Record<string, { id: string; role: "user"; content: string }[]> = {
  t1: [{ id: "t1-m1", role: "user", content: "Rome in May?" }],
  t2: [{ id: "t2-m1", role: "user", content: "Deduct my desk?" }],
};

function renderThreads() {
  const backend = createBackend();
  const deleted: string[] = [];
  const updated: string[] = [];
  const view = renderWithChat(backend, (chat) => <Chat chat={chat} />, {
    fetchThreadList: async () => threads,
    loadThread: async (id: string) => histories[id] ?? [],
    deleteThread: async (id: string) => {
      deleted.push(id);
    },
    updateThread: async (thread) => {
      updated.push(thread.title);
      return thread;
    },
  });
  return { backend, deleted, updated, view };
}

function nav() {
  return screen.getByRole("navigation", { name: "Conversations" });
}

describe("ThreadList", () => {
  it("lists threads and selects one, showing its messages", async () => {
    const user = userEvent.setup();
    const { view } = renderThreads();
    await within(nav()).findByRole("button", { name: "Trip to Rome" });
    await expectNoAxeViolations(view.container);

    await user.click(within(nav()).getByRole("button", { name: "Tax questions" }));
    await screen.findByText("Deduct my desk?");
    expect(
      within(nav()).getByRole("button", { name: "Tax questions" }).getAttribute("aria-current"),
    ).toBe("page");

    await user.click(within(nav()).getByRole("button", { name: "Trip to Rome" }));
    await screen.findByText("Rome in May?");
    expect(screen.queryByText("Deduct my desk?")).toBeNull();
  });

  it("starts a new chat", async () => {
    const user = userEvent.setup();
    const { view } = renderThreads();
    await user.click(await within(nav()).findByRole("button", { name: "Trip to Rome" }));
    await screen.findByText("Rome in May?");
    await user.click(screen.getByRole("button", { name: "New chat" }));
    expect(screen.queryByText("Rome in May?")).toBeNull();
    expect(view.chat().threadListManager.selectedThreadId).toBeNull();
    expect(nav().querySelector("[aria-current]")).toBeNull();
  });

  it("deletes a thread after the user confirms, and keeps it when they cancel", async () => {
    const user = userEvent.setup();
    const { deleted } = renderThreads();
    await user.click(await within(nav()).findByRole("button", { name: "Delete Trip to Rome" }));
    // Asked first, with focus on the safe choice; Escape cancels.
    const confirm = within(nav()).getByRole("group", { name: "Delete Trip to Rome?" });
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Escape}");
    expect(within(nav()).queryByRole("group")).toBeNull();
    await user.click(within(nav()).getByRole("button", { name: "Delete Trip to Rome" }));
    await user.click(within(nav()).getByRole("button", { name: "Cancel" }));
    expect(deleted).toEqual([]);
    expect(within(nav()).getByRole("button", { name: "Trip to Rome" })).toBeTruthy();

    await user.click(within(nav()).getByRole("button", { name: "Delete Trip to Rome" }));
    await user.click(within(nav()).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual(["t1"]));
    expect(within(nav()).queryByRole("button", { name: "Trip to Rome" })).toBeNull();
    expect(within(nav()).getByRole("button", { name: "Tax questions" })).toBeTruthy();
  });

  it("renames a thread with Enter, and cancels with Escape", async () => {
    const user = userEvent.setup();
    const { updated } = renderThreads();
    await user.click(await within(nav()).findByRole("button", { name: "Rename Trip to Rome" }));
    const input = within(nav()).getByLabelText("New title for Trip to Rome");
    await user.clear(input);
    await user.type(input, "Rome, May 2026{Enter}");
    await within(nav()).findByRole("button", { name: "Rome, May 2026" });
    await waitFor(() => expect(updated).toEqual(["Rome, May 2026"]));

    await user.click(within(nav()).getByRole("button", { name: "Rename Tax questions" }));
    await user.type(within(nav()).getByLabelText("New title for Tax questions"), " draft{Escape}");
    expect(within(nav()).getByRole("button", { name: "Tax questions" })).toBeTruthy();
    expect(updated).toEqual(["Rome, May 2026"]);
  });

  it("loads more threads when the list has more", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const pages: Record<string, { threads: typeof threads; nextCursor?: string }> = {
      first: { threads: [threads[0]!], nextCursor: "p2" },
      p2: { threads: [threads[1]!] },
    };
    renderWithChat(backend, (chat) => <ThreadList chat={chat} />, {
      fetchThreadList: async (params) => pages[params?.cursor ?? "first"]!,
    });
    await within(nav()).findByRole("button", { name: "Trip to Rome" });
    expect(within(nav()).queryByRole("button", { name: "Tax questions" })).toBeNull();

    await user.click(within(nav()).getByRole("button", { name: "Load more" }));
    await within(nav()).findByRole("button", { name: "Tax questions" });
    expect(within(nav()).queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("marks a thread whose reply is streaming", async () => {
    const user = userEvent.setup();
    const { backend } = renderThreads();
    await user.click(await within(nav()).findByRole("button", { name: "Trip to Rome" }));
    await screen.findByText("Rome in May?");
    backend.hold();
    await user.type(screen.getByLabelText("Message"), "And June?{Enter}");
    await within(nav()).findByRole("button", { name: "Trip to Rome (replying)" });

    await act(async () => backend.held[0]!.end({ type: "text-delta", text: "Warmer." }));
    await within(nav()).findByRole("button", { name: "Trip to Rome" });
  });
});

const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
/** Made when a test renders, so the times are relative to that test's clock. */
const days = () => [
  {
    threadId: "d1",
    title: "Café recommendations",
    createdAt: hoursAgo(200),
    updatedAt: hoursAgo(2),
    preview: "Try the **one** on the corner",
  },
  { threadId: "d2", title: "Invoice template", createdAt: hoursAgo(400), updatedAt: hoursAgo(300) },
  { threadId: "d3", title: "Weekly plan", createdAt: hoursAgo(30), preview: "Monday: gym" },
];

function renderDays() {
  const view = renderWithChat(createBackend(), (chat) => <ThreadList chat={chat} />, {
    fetchThreadList: async () => days(),
    loadThread: async () => [],
  });
  return view;
}

const threadButtons = () =>
  within(nav())
    .getAllByRole("button")
    .filter((b) => b.classList.contains("crayon-thread-list__select"));

describe("ThreadList, by recency", () => {
  it("groups threads by last activity, each with its time and preview", async () => {
    // Mid-afternoon, so "2 h ago" is today whenever the suite runs (just after midnight too).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 26, 15, 0));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const view = renderDays();
    await within(nav()).findByRole("button", { name: "Café recommendations" });
    const groups = within(nav()).getAllByRole("region");
    expect(groups.map((g) => within(g).getByRole("heading").textContent)).toEqual([
      "Today",
      expect.stringMatching(/Yesterday|Previous 7 days/),
      expect.stringMatching(/Previous 30 days/),
    ]);
    expect(threadButtons()).toHaveLength(3);
    const cafe = within(nav()).getByRole("button", { name: "Café recommendations" });
    // Described by its time and its preview, shown as plain text (a server's markdown dropped).
    const description = (cafe.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id));
    expect(description.map((element) => element?.tagName)).toEqual(["TIME", "SPAN"]);
    expect(description.map((element) => element?.textContent)).toEqual([
      "2 h",
      "Try the one on the corner",
    ]);
    await expectNoAxeViolations(view.container);
  });

  it("filters threads by a search, ignoring case and accents", async () => {
    const user = userEvent.setup();
    const view = renderDays();
    const search = await within(nav()).findByRole("searchbox", { name: "Search conversations" });
    await user.type(search, "CAFE");
    expect(threadButtons()).toHaveLength(1);
    expect(within(nav()).getByRole("button", { name: "Café recommendations" })).toBeTruthy();

    await user.clear(search);
    await user.type(search, "monday");
    expect(within(nav()).getByRole("button", { name: "Weekly plan" })).toBeTruthy();
    expect(threadButtons()).toHaveLength(1);

    await user.type(search, " nothing like this");
    expect(threadButtons()).toHaveLength(0);
    expect(within(nav()).getByRole("status").textContent).toBe("No conversations match.");
    await expectNoAxeViolations(view.container);

    await user.keyboard("{Escape}");
    expect((search as HTMLInputElement).value).toBe("");
    expect(threadButtons()).toHaveLength(3);
  });

  it("moves between threads with the arrow keys, Home and End, and asks before Delete", async () => {
    const user = userEvent.setup();
    renderDays();
    const search = await within(nav()).findByRole("searchbox", { name: "Search conversations" });
    search.focus();
    // From the search box into the list, then within it (stopping at its ends).
    const steps = [
      ["{ArrowDown}", 0],
      ["{ArrowDown}", 1],
      ["{End}", 2],
      ["{ArrowDown}", 2],
      ["{ArrowUp}", 1],
      ["{Home}", 0],
      ["{ArrowUp}", 0],
    ] as const;
    for (const [key, index] of steps) {
      await user.keyboard(key);
      expect(document.activeElement).toBe(threadButtons()[index]);
    }

    await user.keyboard("{Delete}");
    expect(within(nav()).getByRole("group", { name: "Delete Café recommendations?" })).toBeTruthy();
  });

  it("is one Tab stop: the thread last focused, else the selected one, else the first", async () => {
    const user = userEvent.setup();
    const view = renderDays();
    await within(nav()).findByRole("button", { name: "Weekly plan" });
    const tabbable = () => threadButtons().filter((button) => button.tabIndex === 0);
    expect(tabbable()).toEqual([threadButtons()[0]]);
    // The rows' own buttons are reached by keys from the row, not by Tab.
    for (const name of [/^Rename /, /^Delete /, /^More actions for /]) {
      for (const button of within(nav()).getAllByRole("button", { name })) {
        expect(button.tabIndex).toBe(-1);
      }
    }
    // Tab from the search box lands on the list, and Tab again leaves it.
    within(nav()).getByRole("searchbox").focus();
    await user.tab();
    expect(document.activeElement).toBe(threadButtons()[0]);
    await user.keyboard("{ArrowDown}");
    expect(tabbable()).toEqual([threadButtons()[1]]);
    await user.tab();
    expect(nav().contains(document.activeElement)).toBe(false);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(threadButtons()[1]);

    await user.click(threadButtons()[2]!);
    await waitFor(() => expect(view.chat().threadListManager.selectedThreadId).toBe("d2"));
    expect(tabbable()).toEqual([threadButtons()[2]]);
    await expectNoAxeViolations(view.container);
  });

  it("renames with F2 and opens a row's menu with the context-menu key", async () => {
    const user = userEvent.setup();
    const { updated } = renderThreads();
    (await within(nav()).findByRole("button", { name: "Trip to Rome" })).focus();
    await user.keyboard("{F2}");
    const input = within(nav()).getByLabelText("New title for Trip to Rome");
    await user.clear(input);
    await user.type(input, "Rome{Enter}");
    await waitFor(() => expect(updated).toEqual(["Rome"]));

    within(nav()).getByRole("button", { name: "Tax questions" }).focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    const menu = within(nav()).getByRole("menu", { name: "Actions for Tax questions" });
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: "Rename" }));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: "Delete" }));
    await user.keyboard("{Escape}");
    expect(within(nav()).queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(
      within(nav()).getByRole("button", { name: "More actions for Tax questions" }),
    );
  });

  it("renames and deletes through a row's menu, as on a touch screen", async () => {
    const user = userEvent.setup();
    const { deleted, updated, view } = renderThreads();
    const more = await within(nav()).findByRole("button", {
      name: "More actions for Trip to Rome",
    });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    await expectNoAxeViolations(view.container);
    await user.click(within(nav()).getByRole("menuitem", { name: "Rename" }));
    expect(within(nav()).queryByRole("menu")).toBeNull();
    const input = within(nav()).getByLabelText("New title for Trip to Rome");
    await user.clear(input);
    await user.type(input, "Rome trip{Enter}");
    await waitFor(() => expect(updated).toEqual(["Rome trip"]));

    // A tap outside closes the menu and does nothing else.
    await user.click(within(nav()).getByRole("button", { name: "More actions for Tax questions" }));
    await user.click(screen.getByRole("button", { name: "New chat" }).parentElement!);
    expect(within(nav()).queryByRole("menu")).toBeNull();

    await user.click(within(nav()).getByRole("button", { name: "More actions for Tax questions" }));
    await user.click(within(nav()).getByRole("menuitem", { name: "Delete" }));
    await user.click(within(nav()).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toEqual(["t2"]));
  });

  it("offers no Load more while a search matches nothing", async () => {
    const user = userEvent.setup();
    renderWithChat(createBackend(), (chat) => <ThreadList chat={chat} />, {
      fetchThreadList: async () => ({ threads, nextCursor: "p2" }),
    });
    const search = await within(nav()).findByRole("searchbox", { name: "Search conversations" });
    expect(within(nav()).getByRole("button", { name: "Load more" })).toBeTruthy();
    await user.type(search, "rome");
    expect(within(nav()).getByRole("button", { name: "Load more" })).toBeTruthy();
    await user.type(search, " and nothing else");
    expect(within(nav()).getByRole("status").textContent).toBe("No conversations match.");
    expect(within(nav()).queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("moves a thread to the top when a message is sent in it", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    renderWithChat(backend, (chat) => <Chat chat={chat} />, {
      fetchThreadList: async () => days(),
      loadThread: async () => [],
    });
    await user.click(await within(nav()).findByRole("button", { name: "Invoice template" }));
    await user.type(screen.getByLabelText("Message"), "Add a VAT line{Enter}");
    await waitFor(() =>
      expect(threadButtons()[0]).toBe(
        within(nav()).getByRole("button", { name: "Invoice template" }),
      ),
    );
    expect(within(nav()).getAllByRole("heading")[0]!.textContent).toBe("Today");
  });
});

describe("ThreadList times", () => {
  it("keeps a thread's relative time current while the list shows", () => {
    vi.useFakeTimers();
    try {
      const threads = [
        { threadId: "t1", title: "Trip to Rome", createdAt: new Date(Date.now() - 4 * 60_000) },
      ];
      const view = render(<ThreadList chat={fakeChat({ list: { threads } })} />);
      const row = () => within(nav()).getByRole("button", { name: "Trip to Rome" });
      const label = () =>
        document.getElementById(row().getAttribute("aria-describedby")!.split(" ")[0]!);
      expect(label()?.textContent).toBe("4 min");
      act(() => vi.advanceTimersByTime(60_000));
      expect(label()?.textContent).toBe("5 min");
      view.unmount();
      // Nothing shows a time any more: no timer is left running.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
