import type { ActivityMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DemoActionsProvider } from "../DemoActions";
import { button, click, fakeChat, press, type Rendered, render, typeInto } from "../testing/render";
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

  it("brings the edited card into sight when its re-run starts", async () => {
    const chat = fakeChat();
    const withFetch = (status: string): ActivityMessage => ({
      ...board,
      content: {
        ...board.content,
        tasks: board.content.tasks.map((task: { id: string }) =>
          task.id === "fetch" ? { ...task, status } : task,
        ),
      },
    });
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.querySelector("h4")?.textContent ?? "");
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    view = await render(
      <DemoActionsProvider chat={chat}>
        <TaskBoardView message={withFetch("completed")} />
      </DemoActionsProvider>,
    );
    await click(button(view.container, "Edit Fetch temperatures"));
    await typeInto(view.container.querySelector("textarea"), "Fetch 2024 daily lows");
    await click(button(view.container, "Save and restart"));
    // The edit's reply runs.
    const replying = fakeChat({
      isRunning: true,
      processMessage: chat.threadManager.processMessage,
    });
    // The reset alone is not the re-run yet.
    await view.rerender(
      <DemoActionsProvider chat={replying}>
        <TaskBoardView message={withFetch("pending")} />
      </DemoActionsProvider>,
    );
    expect(scrolled).toEqual([]);
    await view.rerender(
      <DemoActionsProvider chat={replying}>
        <TaskBoardView message={withFetch("running")} />
      </DemoActionsProvider>,
    );
    expect(scrolled).toEqual(["Fetch temperatures"]);
    // Once: the user may scroll away while it runs.
    await view.rerender(
      <DemoActionsProvider chat={replying}>
        <TaskBoardView message={withFetch("running")} />
      </DemoActionsProvider>,
    );
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
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
