import { describe, expect, it } from "vitest";
import { attemptText, boardProgressText, editTaskMessage, readTaskBoard } from "./taskBoard";

const content = {
  title: "Action",
  status: "running",
  tasks: [
    { id: "fetch", title: "Fetch", dependsOn: [], status: "completed", progress: 100 },
    {
      id: "sheet",
      title: "Sheet",
      dependsOn: ["fetch"],
      status: "retrying",
      attempt: 2,
      maxAttempts: 3,
      error: "rate limit",
    },
    { id: "report", title: "Report", dependsOn: ["sheet", "gone"], status: "pending" },
  ],
};

describe("task board view model", () => {
  it("names the tasks a card needs by title", () => {
    const board = readTaskBoard(content, true);
    expect(board.tasks[2]!.needs).toEqual(["Sheet", "gone"]);
  });

  it("says how far the board is in words", () => {
    expect(boardProgressText(readTaskBoard(content, true))).toBe(
      "1 of 3 tasks completed, 1 running.",
    );
  });

  it("shows a retry with its attempt count and error", () => {
    const [, sheet] = readTaskBoard(content, true).tasks;
    expect(attemptText(sheet!)).toBe("Retrying (2/3): rate limit");
  });

  it("gives a card that finished on a retry its outcome, not a live attempt counter", () => {
    const done = { ...content.tasks[1], status: "completed", progress: 100 };
    const [, sheet] = readTaskBoard({ tasks: [content.tasks[0], done] }, false).tasks;
    expect(attemptText(sheet!)).toBe("Completed on attempt 2");
    const first = readTaskBoard(content, true).tasks[0]!;
    expect(attemptText(first)).toBe("");
  });

  it("shows running work as stopped once no reply is streaming", () => {
    const board = readTaskBoard(content, false);
    expect(board.status).toBe("stopped");
    expect(board.tasks.map((t) => t.status)).toEqual(["completed", "stopped", "pending"]);
    expect(boardProgressText(board)).toBe("1 of 3 tasks completed, 1 stopped.");
  });

  it("builds the hidden edit message the /workdeck script reads", () => {
    expect(editTaskMessage("fit", "Use two harmonics")).toEqual({
      content: "Edit task fit: Use two harmonics",
      context: [{ editTask: "fit", text: "Use two harmonics" }],
      isVisuallyHidden: true,
    });
  });

  it("counts failed and blocked tasks in the board's progress", () => {
    const board = readTaskBoard(
      {
        tasks: [
          { id: "a", status: "completed" },
          { id: "b", status: "failed" },
          { id: "c", status: "blocked" },
          { id: "d", status: "blocked" },
        ],
      },
      false,
    );
    expect(boardProgressText(board)).toBe("1 of 4 tasks completed, 1 failed, 2 blocked.");
  });

  it("reads a card's log lines, dropping lines without a message", () => {
    const [task] = readTaskBoard(
      {
        tasks: [
          {
            log: [
              { at: "2025-10-01T09:15:02.000Z", level: "warn", message: "Retrying" },
              { at: "not a time", level: "shout", message: "Odd line" },
              { level: "info" },
            ],
          },
        ],
      },
      true,
    ).tasks;
    expect(task!.log).toEqual([
      {
        at: "2025-10-01T09:15:02.000Z",
        time: new Date("2025-10-01T09:15:02.000Z").toLocaleTimeString("en-GB", { hour12: false }),
        level: "warn",
        message: "Retrying",
      },
      { at: "", time: "", level: "info", message: "Odd line" },
    ]);
  });

  it("reads malformed content without throwing", () => {
    const board = readTaskBoard({ tasks: [null, { progress: 250 }] }, true);
    expect(board.tasks.map((t) => [t.title, t.progress])).toEqual([
      ["Task 1", 0],
      ["Task 2", 100],
    ]);
  });
});
