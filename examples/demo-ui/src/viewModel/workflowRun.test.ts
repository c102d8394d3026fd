import { describe, expect, it } from "vitest";
import { readWorkflowRun, taskTimeText, workflowProgressText } from "./workflowRun";

const task = (status: string, extra: Record<string, unknown> = {}) => ({
  id: status,
  title: `Task ${status}`,
  status,
  ...extra,
});

describe("workflow run view model", () => {
  it("says which task runs and how long the run has taken", () => {
    const run = readWorkflowRun(
      {
        status: "running",
        elapsedMs: 3_400,
        tasks: [task("completed"), task("running"), task("pending")],
      },
      true,
    );
    expect(workflowProgressText(run)).toBe("Task 2 of 3 running: Task running. 3.4 s elapsed.");
  });

  it("counts skipped tasks apart when the run completed", () => {
    const run = readWorkflowRun(
      { status: "completed", elapsedMs: 5_900, tasks: [task("completed"), task("skipped")] },
      false,
    );
    expect(workflowProgressText(run)).toBe("Completed in 5.9 s: 1 of 2 tasks ran, 1 skipped.");
  });

  it("reports a run whose reply was stopped as stopped", () => {
    const run = readWorkflowRun(
      { status: "running", elapsedMs: 1_000, tasks: [task("completed"), task("running")] },
      false,
    );
    expect(run.status).toBe("stopped");
    expect(workflowProgressText(run)).toBe("Stopped: 1 of 2 tasks finished. 1.0 s elapsed.");
  });

  it("shows a task's final duration, or its time so far while it runs", () => {
    const run = readWorkflowRun(
      {
        tasks: [
          task("completed", { durationMs: 3_200, elapsedMs: 3_200 }),
          task("running", { elapsedMs: 800 }),
          task("running", { elapsedMs: 0 }),
        ],
      },
      true,
    );
    expect(run.tasks.map(taskTimeText)).toEqual(["3.2 s", "0.8 s", ""]);
  });
});
