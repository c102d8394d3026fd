import type { TaskLogLine } from "./taskLog";
import { MAX_ATTEMPTS, type WorkdeckTaskSpec } from "./workdeckPlan";

/** Activity showing a Workdeck action as task cards. */
export const TASK_BOARD_ACTIVITY = "task-board";

/**
 * Status of a task card. `retrying` is a failed attempt about to run again; `failed` is a task
 * whose attempts are spent; `blocked` a task that waits on a failed one.
 */
export type TaskCardStatus =
  | "pending"
  | "running"
  | "retrying"
  | "completed"
  | "failed"
  | "blocked";

/** Status of a whole board: `failed` once a task failed and the rest ran as far as they could. */
export type TaskBoardStatus = "running" | "completed" | "failed";

/** One card of a `task-board` activity, as the UI receives it. */
export type TaskCard = {
  id: string;
  title: string;
  prompt: string;
  agentType: string;
  dependsOn: string[];
  status: TaskCardStatus;
  /** 0–100. */
  progress: number;
  attempt: number;
  maxAttempts: number;
  /** How many times the prompt was edited, plus one. */
  revision: number;
  /** How many times the task completed. */
  runs: number;
  output?: string;
  /** The output belongs to an earlier run; a re-run will replace it. */
  stale?: boolean;
  /** The last error: a transient one while retrying, the reason it failed once failed. */
  error?: string;
  /** What its agent did, oldest first (the last {@link TASK_LOG_LIMIT} lines). */
  log: TaskLogLine[];
};

/** The content of a `task-board` activity. */
export type TaskBoardContent = {
  title: string;
  /** The plan the cards were made from (an edit re-runs them with its agents). */
  planId: string;
  actionId: string;
  rootPrompt: string;
  status: TaskBoardStatus;
  tasks: TaskCard[];
};

/** A fresh card for a planned task. */
export function plannedCard(spec: WorkdeckTaskSpec): TaskCard {
  return {
    id: spec.id,
    title: spec.title,
    prompt: spec.prompt,
    agentType: spec.agentType,
    dependsOn: [...spec.dependsOn],
    status: "pending",
    progress: 0,
    attempt: 1,
    maxAttempts: MAX_ATTEMPTS,
    revision: 1,
    runs: 0,
    log: [],
  };
}

/** `taskIds` and every task that depends on one of them, directly or transitively, in board order. */
export function taskAndDependants(cards: readonly TaskCard[], ...taskIds: string[]): string[] {
  const invalid = new Set(taskIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const card of cards) {
      if (!invalid.has(card.id) && card.dependsOn.some((id) => invalid.has(id))) {
        invalid.add(card.id);
        grew = true;
      }
    }
  }
  return cards.filter((card) => invalid.has(card.id)).map((card) => card.id);
}

/** The board's cards (none when its content has no task list). */
export function boardCards(content: Record<string, unknown>): TaskCard[] {
  return Array.isArray(content.tasks) ? (content.tasks as TaskCard[]) : [];
}
