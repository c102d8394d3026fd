import { attemptsText } from "./attempts";
import { plural } from "./format";
import { readArray, readNumber, readRecord, readString, readStrings } from "./read";
import { liveStatus } from "./status";
import { readTaskLog, type TaskLogLineView } from "./taskLog";

/** One Workdeck task card. */
export type TaskCardView = {
  id: string;
  title: string;
  prompt: string;
  agentType: string;
  /** Titles of the tasks this one needs. */
  needs: string[];
  status: string;
  progress: number;
  attempt: number;
  maxAttempts: number;
  revision: number;
  output: string;
  stale: boolean;
  error: string;
  /** What its agent did, oldest first. */
  log: TaskLogLineView[];
};

/** A `task-board` activity, ready to render. */
export type TaskBoardView = {
  title: string;
  rootPrompt: string;
  status: string;
  tasks: TaskCardView[];
};

/** Reads a `task-board` activity's content (see {@link readWorkflowRun} for `isReplyRunning`). */
export function readTaskBoard(
  content: Record<string, unknown>,
  isReplyRunning: boolean,
): TaskBoardView {
  const raw = readArray(content.tasks).map(readRecord);
  const titleOf = new Map(raw.map((task) => [readString(task.id), readString(task.title)]));
  return {
    title: readString(content.title, "Action"),
    rootPrompt: readString(content.rootPrompt),
    status: liveStatus(readString(content.status, "running"), isReplyRunning),
    tasks: raw.map((task, index) => ({
      id: readString(task.id, String(index)),
      title: readString(task.title, `Task ${index + 1}`),
      prompt: readString(task.prompt),
      agentType: readString(task.agentType).replace(/_/g, " "),
      needs: readStrings(task.dependsOn).map((id) => titleOf.get(id) || id),
      status: liveStatus(readString(task.status, "pending"), isReplyRunning),
      progress: Math.min(100, Math.max(0, readNumber(task.progress))),
      attempt: readNumber(task.attempt, 1),
      maxAttempts: readNumber(task.maxAttempts, 1),
      revision: readNumber(task.revision, 1),
      output: readString(task.output),
      stale: task.stale === true,
      error: readString(task.error),
      log: readTaskLog(task.log),
    })),
  };
}

/** The board's progress in words, e.g. "2 of 5 tasks completed, 2 running." or "…, 1 failed, 3 blocked." */
export function boardProgressText(board: TaskBoardView): string {
  const count = (status: string) => board.tasks.filter((t) => t.status === status).length;
  const parts = [`${count("completed")} of ${plural(board.tasks.length, "task")} completed`];
  const running = count("running") + count("retrying");
  if (running > 0) parts.push(`${running} running`);
  for (const status of ["failed", "blocked", "stopped"]) {
    if (count(status) > 0) parts.push(`${count(status)} ${status}`);
  }
  return `${parts.join(", ")}.`;
}

/**
 * What the card says about its attempts once it needed more than one: "Retrying (2/3): rate
 * limit", "Attempt 2 of 3" while it runs, "Completed on attempt 2" once done; "" otherwise.
 */
export function attemptText(task: TaskCardView): string {
  if (task.status === "retrying") {
    return `Retrying (${task.attempt}/${task.maxAttempts})${task.error ? `: ${task.error}` : ""}`;
  }
  return task.attempt > 1 ? attemptsText(task.status, task.attempt, task.maxAttempts) : "";
}

/** The visually hidden user message a card edit sends; the `/workdeck` script reads `context`. */
export function editTaskMessage(taskId: string, text: string) {
  return {
    content: `Edit task ${taskId}: ${text}`,
    context: [{ editTask: taskId, text }],
    isVisuallyHidden: true,
  };
}
