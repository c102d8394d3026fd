import type { ChatManager } from "@crayonai/react-core";
import { ActivityRenderersProvider, MessageList } from "@crayonai/react-ui";
import type { ActivityMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DemoActionsProvider } from "../DemoActions";
import {
  button,
  click,
  fakeChat,
  press,
  type Rendered,
  render,
  typeInto,
  waitFor,
} from "../testing/render";
import { TaskBoardView } from "./TaskBoardView";

const board: ActivityMessage = {
  id: "board",
  role: "activity",
  activityType: "task-board",
  content: {
    title: "SF weather 2025, sine fit",
    status: "running",
    tasks: [
      {
        id: "fetch",
        title: "Fetch temperatures",
        prompt: "Fetch",
        dependsOn: [],
        status: "completed",
        progress: 100,
        output: "365 rows",
      },
      {
        id: "fit",
        title: "Fit a sine curve",
        prompt: "Fit a sine",
        dependsOn: ["fetch"],
        status: "running",
        progress: 40,
      },
      {
        id: "sheet",
        title: "Build the spreadsheet",
        prompt: "Sheet",
        dependsOn: ["fetch"],
        status: "retrying",
        progress: 0,
        attempt: 2,
        maxAttempts: 3,
        error: "429",
      },
    ],
  },
};

// jsdom has no layout: the message list's ResizeObserver would never fire.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("TaskBoardView", () => {
  it("shows each card's status and progress as text", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: true })}>
        <TaskBoardView message={board} />
      </DemoActionsProvider>,
    );
    const text = view.container.textContent;
    expect(text).toContain("1 of 3 tasks completed, 2 running.");
    expect(text).toContain("Retrying (2/3): 429");
    const bar = view.container.querySelector(
      '[role="progressbar"][aria-label="Fit a sine curve progress"]',
    );
    expect(bar?.getAttribute("aria-valuenow")).toBe("40");
    expect(bar?.getAttribute("aria-valuetext")).toBe("40%");
    expect(text).toContain("Needs Fetch temperatures");
  });

  it("sends an edit as a hidden message with the task id and the new text", async () => {
    const chat = fakeChat();
    view = await render(
      <DemoActionsProvider chat={chat}>
        <TaskBoardView message={board} />
      </DemoActionsProvider>,
    );
    await click(button(view.container, "Edit Fit a sine curve"));
    const field = view.container.querySelector("textarea");
    expect(document.activeElement).toBe(field);
    expect(field?.value).toBe("Fit a sine");
    await typeInto(field, "Fit two harmonics");
    await click(button(view.container, "Save and restart"));
    expect(chat.threadManager.processMessage).toHaveBeenCalledWith({
      content: "Edit task fit: Fit two harmonics",
      context: [{ editTask: "fit", text: "Fit two harmonics" }],
      isVisuallyHidden: true,
    });
    // The editor closes and focus returns to the card's Edit button.
    expect(view.container.querySelector("textarea")).toBeNull();
    expect(document.activeElement).toBe(button(view.container, "Edit Fit a sine curve"));
  });

  it("brings the edited card into sight when its re-run starts, the board scrolled out or not", async () => {
    const withFetch = (status: string, revision: number): ActivityMessage => ({
      ...board,
      content: {
        ...board.content,
        tasks: board.content.tasks.map((task: { id: string }) =>
          task.id === "fetch" ? { ...task, status, revision } : task,
        ),
      },
    });
    const scrolled: string[] = [];
    // The list scrolls to the board's message, then the board to its card: the cards are counted.
    Element.prototype.scrollIntoView = function (this: Element) {
      if (this.matches(".demo-task-card"))
        scrolled.push(this.querySelector("h4")?.textContent ?? "");
    };
    // The board in a chat's message list, which the re-run scrolls back to.
    const chatWith = (message: ActivityMessage, isRunning = false) =>
      fakeChat({ messages: [message], isRunning, processMessage });
    const processMessage = vi.fn(async () => {});
    const ui = (chat: ChatManager) => (
      <DemoActionsProvider chat={chat}>
        <ActivityRenderersProvider renderers={{ "task-board": TaskBoardView }}>
          <MessageList chat={chat} />
        </ActivityRenderersProvider>
      </DemoActionsProvider>
    );
    view = await render(ui(chatWith(withFetch("completed", 1))));
    await click(button(view.container, "Edit Fetch temperatures"));
    await typeInto(view.container.querySelector("textarea"), "Fetch 2024 daily lows");
    await click(button(view.container, "Save and restart"));
    expect(processMessage).toHaveBeenCalled();
    // The edit's reply runs; the reset alone is not the re-run yet.
    await view.rerender(ui(chatWith(withFetch("pending", 2), true)));
    await view.rerender(ui(chatWith(withFetch("running", 1), true)));
    expect(scrolled).toEqual([]);
    await view.rerender(ui(chatWith(withFetch("running", 2), true)));
    await waitFor(() => scrolled.length > 0);
    expect(scrolled).toEqual(["Fetch temperatures"]);
    // Once: the user may scroll away while it runs.
    await view.rerender(ui(chatWith(withFetch("completed", 2), true)));
    await view.rerender(ui(chatWith(withFetch("running", 2), true)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrolled).toEqual(["Fetch temperatures"]);
  });

  it("stops a running reply first and sends the edit once the thread is idle", async () => {
    const running = fakeChat({ isRunning: true });
    view = await render(
      <DemoActionsProvider chat={running}>
        <TaskBoardView message={board} />
      </DemoActionsProvider>,
    );
    await click(button(view.container, "Edit Fit a sine curve"));
    expect(view.container.textContent).toContain("Saving stops the current run");
    await typeInto(view.container.querySelector("textarea"), "Fit two harmonics");
    await click(button(view.container, "Save and restart"));
    expect(running.threadManager.stop).toHaveBeenCalled();
    expect(running.threadManager.processMessage).not.toHaveBeenCalled();
    expect(view.container.textContent).toContain("Stopping the run to apply your edit");

    const idle = fakeChat({ processMessage: running.threadManager.processMessage });
    await view.rerender(
      <DemoActionsProvider chat={idle}>
        <TaskBoardView message={board} />
      </DemoActionsProvider>,
    );
    expect(running.threadManager.processMessage).toHaveBeenCalledTimes(1);
    expect(running.threadManager.processMessage).toHaveBeenCalledWith(
      expect.objectContaining({ context: [{ editTask: "fit", text: "Fit two harmonics" }] }),
    );
  });

  it("cancels an edit with Escape without sending anything", async () => {
    const chat = fakeChat();
    view = await render(
      <DemoActionsProvider chat={chat}>
        <TaskBoardView message={board} />
      </DemoActionsProvider>,
    );
    await click(button(view.container, "Edit Fetch temperatures"));
    await press(view.container.querySelector("textarea"), "Escape");
    expect(view.container.querySelector("textarea")).toBeNull();
    expect(chat.threadManager.processMessage).not.toHaveBeenCalled();
  });
});
