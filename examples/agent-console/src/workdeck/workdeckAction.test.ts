import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { taskBoardMessage } from "./taskBoardMessage";
import {
  actionProgressText,
  actionsCountText,
  type WorkdeckAction,
  workdeckActionOf,
} from "./workdeckAction";

const board = (status: string, statuses: string[]) =>
  taskBoardMessage("Q3 revenue comparison", status, statuses);
const user = (content: string, isVisuallyHidden = false): Message => ({
  id: `u-${content}`,
  role: "user",
  content,
  isVisuallyHidden,
});

describe("workdeckActionOf", () => {
  it("reads an action's status and progress from its latest task board", () => {
    const messages = [
      user("/workdeck Compare Q3 revenue"),
      board("failed", ["completed", "failed", "blocked"]),
    ];
    const action = workdeckActionOf(messages, false)!;
    expect(action).toEqual({
      title: "Q3 revenue comparison",
      rootPrompt: "Prompt of Q3 revenue comparison",
      status: "failed",
      completed: 1,
      total: 3,
      failed: ["Task 1"],
    });
    expect(actionProgressText(action)).toBe("1 of 3 tasks completed, 1 failed");
  });

  it("is running while its reply streams, and stopped when the reply was stopped mid-run", () => {
    const messages = [user("/workdeck"), board("running", ["completed", "running"])];
    expect(workdeckActionOf(messages, true)?.status).toBe("running");
    expect(workdeckActionOf(messages, false)?.status).toBe("stopped");
  });

  it("lists a /workdeck prompt with no board as planning, or as not planned once answered", () => {
    const messages = [user("/workdeck Write a haiku")];
    const planning = workdeckActionOf(messages, true)!;
    expect(planning).toMatchObject({ title: "Write a haiku", status: "running", total: 0 });
    expect(actionProgressText(planning)).toBe("Planning…");
    const answered = workdeckActionOf(
      [...messages, { id: "a", role: "assistant", content: "Nothing was planned" }],
      false,
    )!;
    expect(answered.status).toBe("not-planned");
    expect(actionProgressText(answered)).toBe("No tasks: the prompt matched no plan");
  });

  it("is not an action without a board or a /workdeck prompt (a card edit's hidden message is not one)", () => {
    expect(workdeckActionOf([user("/cyrus")], false)).toBeUndefined();
    expect(workdeckActionOf([user("/workdeck x", true)], false)).toBeUndefined();
  });
});

describe("actionsCountText", () => {
  it("counts the actions by status", () => {
    const of = (status: WorkdeckAction["status"]) =>
      ({ status, title: "", rootPrompt: "", completed: 0, total: 0, failed: [] }) as WorkdeckAction;
    expect(actionsCountText([])).toBe("No actions yet.");
    expect(actionsCountText([of("completed"), of("running"), of("completed"), of("failed")])).toBe(
      "4 actions: 1 running, 1 failed, 2 completed.",
    );
  });
});
