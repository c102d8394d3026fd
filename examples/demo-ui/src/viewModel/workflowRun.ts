import { formatDuration } from "./format";
import {
  displayValue,
  readArray,
  readNumber,
  readOptionalNumber,
  readRecord,
  readString,
  readStrings,
} from "./read";
import { liveStatus, statusView } from "./status";

/** One task of a workflow run. */
export type WorkflowTaskView = {
  id: string;
  title: string;
  kind: string;
  node: string;
  status: string;
  elapsedMs: number;
  durationMs?: number;
  logs: string[];
  output: string;
  /** Why the task failed (`failed`). */
  error: string;
  /** A retry kept this task's result from the run it retries. */
  reused: boolean;
};

/** A `workflow-run` activity, ready to render. */
export type WorkflowRunView = {
  title: string;
  runId: string;
  status: string;
  inputs: [string, string][];
  elapsedMs: number;
  tasks: WorkflowTaskView[];
  outputs: [string, string][];
  /** Where a failed run failed: the failed task, and why. */
  failure?: { task: WorkflowTaskView; index: number; reason: string };
  /** The run this one retries, e.g. "run-1". */
  retryOf: string;
};

/**
 * Reads a `workflow-run` activity's content. `isReplyRunning` turns work that can no longer
 * progress (the reply was stopped) into `stopped`.
 */
export function readWorkflowRun(
  content: Record<string, unknown>,
  isReplyRunning: boolean,
): WorkflowRunView {
  const entries = (value: unknown): [string, string][] =>
    Object.entries(readRecord(value)).map(([key, item]) => [key, displayValue(item)]);
  const view: WorkflowRunView = {
    title: readString(content.title, readString(content.workflow, "Workflow run")),
    runId: readString(content.runId),
    status: liveStatus(readString(content.status, "running"), isReplyRunning),
    inputs: entries(content.inputs),
    elapsedMs: readNumber(content.elapsedMs),
    outputs: entries(content.outputs),
    tasks: readArray(content.tasks).map((item, index) => {
      const task = readRecord(item);
      const view: WorkflowTaskView = {
        id: readString(task.id, String(index)),
        title: readString(task.title, `Task ${index + 1}`),
        kind: readString(task.kind, "node"),
        node: readString(task.node),
        status: liveStatus(readString(task.status, "pending"), isReplyRunning),
        elapsedMs: readNumber(task.elapsedMs),
        logs: readStrings(task.logs),
        output: readString(task.output),
        error: readString(task.error),
        reused: task.reused === true,
      };
      const duration = readOptionalNumber(task.durationMs);
      if (duration !== undefined) view.durationMs = duration;
      return view;
    }),
    retryOf: readString(content.retryOf),
  };
  if (view.status === "failed") {
    const failedId = readString(content.failedTaskId);
    const index = view.tasks.findIndex((t) => t.id === failedId || t.status === "failed");
    const task = view.tasks[index];
    if (task) view.failure = { task, index, reason: task.error || readString(content.error) };
  }
  return view;
}

/** The run's progress in words, e.g. "Task 2 of 4 running: Score Against ICP. 3.4 s elapsed." */
export function workflowProgressText(run: WorkflowRunView): string {
  const total = run.tasks.length;
  const finished = run.tasks.filter((t) => t.status === "completed" || t.status === "skipped");
  const elapsed = formatDuration(run.elapsedMs);
  const running = run.tasks.findIndex((t) => t.status === "running");
  if (running >= 0) {
    return `Task ${running + 1} of ${total} running: ${run.tasks[running]!.title}. ${elapsed} elapsed.`;
  }
  if (run.failure) {
    const { index, task } = run.failure;
    return `Failed at task ${index + 1} of ${total}: ${task.title}. ${finished.length} of ${total} tasks finished. ${elapsed} elapsed.`;
  }
  if (run.status === "completed") {
    const skipped = run.tasks.filter((t) => t.status === "skipped").length;
    return `Completed in ${elapsed}: ${finished.length - skipped} of ${total} tasks ran${skipped > 0 ? `, ${skipped} skipped` : ""}.`;
  }
  return `${statusView(run.status).label}: ${finished.length} of ${total} tasks finished. ${elapsed} elapsed.`;
}

/** The task's time in words: its final duration, or how long it has been running. */
export function taskTimeText(task: WorkflowTaskView): string {
  if (task.durationMs !== undefined) return formatDuration(task.durationMs);
  if ((task.status === "running" || task.status === "stopped") && task.elapsedMs > 0) {
    return formatDuration(task.elapsedMs);
  }
  return "";
}

/** The command that retries a failed run from its failed task (earlier tasks keep their results). */
export function retryCommand(run: Pick<WorkflowRunView, "runId">): string {
  return `/workflow retry ${run.runId}`;
}
