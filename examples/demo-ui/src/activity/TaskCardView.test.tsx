import { afterEach, describe, expect, it, vi } from "vitest";
import { click, type Rendered, render } from "../testing/render";
import { readTaskBoard } from "../viewModel/taskBoard";
import { TaskCardView } from "./TaskCardView";

const failedBoard = readTaskBoard(
  {
    tasks: [
      {
        id: "fx",
        title: "Fetch exchange rates",
        prompt: "Fetch the rates from fx-rates.example.",
        status: "failed",
        attempt: 3,
        maxAttempts: 3,
        error: "fx-rates.example did not answer on all 3 attempts. Edit the instruction.",
        log: [
          { at: "2025-10-01T09:15:02.000Z", level: "info", message: "Attempt 1 of 3 started" },
          { at: "2025-10-01T09:15:03.000Z", level: "warn", message: "Timed out; retrying (2/3)" },
          { at: "2025-10-01T09:15:07.000Z", level: "error", message: "Failed for good" },
        ],
      },
    ],
  },
  false,
);

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const toggle = () => view!.container.querySelector<HTMLButtonElement>(".demo-task-log__toggle")!;
const lines = () => view!.container.querySelector<HTMLOListElement>(".demo-task-log__lines")!;

describe("TaskCardView", () => {
  it("says why a task failed and after how many attempts, with its Edit standing out", async () => {
    const task = failedBoard.tasks[0]!;
    view = await render(<TaskCardView task={task} isRunning={false} onEdit={vi.fn()} />);
    const text = view.container.textContent;
    expect(text).toContain("Failed after 3 attempts");
    expect(text).toContain("Why it failed fx-rates.example did not answer on all 3 attempts.");
    const edit = view.container.querySelector('[aria-label="Edit Fetch exchange rates"]')!;
    expect(edit.className).not.toContain("crayon-button--secondary");
  });

  it("restarts a failed or stopped task with its instruction as it is; a finished one has no Restart", async () => {
    const task = failedBoard.tasks[0]!;
    const onEdit = vi.fn();
    const restart = () =>
      view!.container.querySelector<HTMLButtonElement>(
        '[aria-label="Restart Fetch exchange rates"]',
      );
    for (const status of ["failed", "stopped"]) {
      view = await render(
        <TaskCardView task={{ ...task, status }} isRunning={false} onEdit={onEdit} />,
      );
      await click(restart()!);
      expect(onEdit).toHaveBeenLastCalledWith("fx", "Fetch the rates from fx-rates.example.");
      await view.unmount();
    }
    expect(onEdit).toHaveBeenCalledTimes(2);
    view = await render(
      <TaskCardView task={{ ...task, status: "completed" }} isRunning={false} onEdit={onEdit} />,
    );
    expect(restart()).toBeNull();
  });

  it("keeps the log closed until asked, then shows each line with its time and level", async () => {
    const task = failedBoard.tasks[0]!;
    view = await render(<TaskCardView task={task} isRunning={false} onEdit={vi.fn()} />);
    expect(toggle().textContent).toBe("Log of Fetch exchange rates (3 lines)");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(lines().hidden).toBe(true);
    expect(toggle().getAttribute("aria-controls")).toBe(lines().id);

    await click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(lines().hidden).toBe(false);
    expect(lines().getAttribute("aria-label")).toBe("Fetch exchange rates log");
    const items = [...lines().querySelectorAll("li")];
    expect(items.map((item) => item.dataset.level)).toEqual(["info", "warn", "error"]);
    expect(items[1]!.textContent).toMatch(/^\d\d:\d\d:\d\dWarningTimed out; retrying \(2\/3\)$/);
    expect(items[0]!.querySelector("time")?.getAttribute("dateTime")).toBe(
      "2025-10-01T09:15:02.000Z",
    );
  });

  it("adds lines to an open log as they stream in", async () => {
    const task = failedBoard.tasks[0]!;
    const first = { ...task, log: task.log.slice(0, 1) };
    view = await render(<TaskCardView task={first} isRunning onEdit={vi.fn()} />);
    await click(toggle());
    await view.rerender(<TaskCardView task={task} isRunning onEdit={vi.fn()} />);
    expect(lines().querySelectorAll("li")).toHaveLength(3);
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
  });
});
