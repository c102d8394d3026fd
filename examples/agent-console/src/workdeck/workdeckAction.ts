import { ACTIVITY_TYPES, plural, readTaskBoard } from "@crayonai/demo-ui/viewModel";
import type { Message } from "@crayonai/stream";
import { messagePlainText } from "@crayonai/stream/text";

/**
 * Where an action stands: its board's status (`running`, `completed`, `failed`, or `stopped`
 * when its reply was stopped), or `not-planned` when its prompt matched no plan.
 */
export type WorkdeckActionStatus = "running" | "completed" | "failed" | "stopped" | "not-planned";

/** A Workdeck action as the landing page lists it, read from its thread's messages. */
export type WorkdeckAction = {
  title: string;
  rootPrompt: string;
  status: WorkdeckActionStatus;
  /** Tasks completed, of `total`. */
  completed: number;
  total: number;
  /** Titles of the tasks that failed. */
  failed: string[];
};

const COMMAND = /^\/workdeck\b/i;

/** The last item of `items` that `accept` takes. */
function lastOf<T>(items: readonly T[], accept: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) {
    if (accept(items[index]!)) return items[index];
  }
  return undefined;
}

function asStatus(status: string): WorkdeckActionStatus {
  return status === "completed" || status === "failed" || status === "stopped" ? status : "running";
}

/**
 * The Workdeck action of a thread: its latest task board, or, before one streamed (or when the
 * prompt matched no plan), its latest `/workdeck` message. Undefined for a thread that is not
 * an action. `isRunning`: a reply streams in the thread.
 */
export function workdeckActionOf(
  messages: readonly Message[],
  isRunning: boolean,
): WorkdeckAction | undefined {
  const board = lastOf(
    messages,
    (message) => message.role === "activity" && message.activityType === ACTIVITY_TYPES.taskBoard,
  );
  if (board?.role === "activity") {
    const view = readTaskBoard(board.content, isRunning);
    return {
      title: view.title,
      rootPrompt: view.rootPrompt,
      status: asStatus(view.status),
      completed: view.tasks.filter((task) => task.status === "completed").length,
      total: view.tasks.length,
      failed: view.tasks.filter((task) => task.status === "failed").map((task) => task.title),
    };
  }
  const command = lastOf(
    messages
      .filter((message) => message.role === "user" && !message.isVisuallyHidden)
      .map((message) => messagePlainText(message).trim()),
    (text) => COMMAND.test(text),
  );
  if (command === undefined) return undefined;
  const rootPrompt = command.replace(COMMAND, "").trim();
  return {
    title: rootPrompt || "Workdeck",
    rootPrompt,
    status: isRunning ? "running" : "not-planned",
    completed: 0,
    total: 0,
    failed: [],
  };
}

/** The action's progress in words: "3 of 6 tasks completed, 1 failed", "Planning…". */
export function actionProgressText(action: WorkdeckAction): string {
  if (action.total === 0) {
    return action.status === "running" ? "Planning…" : "No tasks: the prompt matched no plan";
  }
  const failed = action.failed.length > 0 ? `, ${action.failed.length} failed` : "";
  return `${action.completed} of ${plural(action.total, "task")} completed${failed}`;
}

/** How many actions there are and where they stand: "3 actions: 1 running, 2 completed." */
export function actionsCountText(actions: readonly WorkdeckAction[]): string {
  if (actions.length === 0) return "No actions yet.";
  const labels: [WorkdeckActionStatus, string][] = [
    ["running", "running"],
    ["failed", "failed"],
    ["stopped", "stopped"],
    ["completed", "completed"],
    ["not-planned", "not planned"],
  ];
  const parts = labels
    .map(([status, label]) => [actions.filter((a) => a.status === status).length, label] as const)
    .filter(([count]) => count > 0)
    .map(([count, label]) => `${count} ${label}`);
  return `${plural(actions.length, "action")}: ${parts.join(", ")}.`;
}
