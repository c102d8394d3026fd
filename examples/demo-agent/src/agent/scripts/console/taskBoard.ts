import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import type { ScriptContext } from "../../script";
import type { ClosingReply } from "./closingReply";
import { waitForUpdate } from "./progress";
import { addUsage, type ModelUsage, modelUsage } from "./usage";
import { MAX_ATTEMPTS, type WorkdeckTaskSpec } from "./workdeckPlan";

/** Activity showing a Workdeck action as task cards. */
export const TASK_BOARD_ACTIVITY = "task-board";

/** Status of a task card. `retrying` is a failed attempt about to run again. */
export type TaskCardStatus = "pending" | "running" | "retrying" | "completed" | "failed";

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
  /** The last transient error, while retrying. */
  error?: string;
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
  };
}

/** `taskId` and every task that depends on it, directly or transitively, in board order. */
export function taskAndDependants(cards: readonly TaskCard[], taskId: string): string[] {
  const invalid = new Set([taskId]);
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

/**
 * What a task produces: its agent follows the card's instruction. An instruction the script
 * cannot read changes nothing it can show, so the output quotes it whole.
 */
function outputOf(
  spec: WorkdeckTaskSpec,
  card: TaskCard,
  promptOf: (taskId: string) => string,
): string {
  const output = spec.output(card.prompt, promptOf);
  if (card.prompt !== spec.prompt && output === spec.output(spec.prompt, promptOf)) {
    return `${output} Instruction followed: “${card.prompt}”`;
  }
  return output;
}

/** The model usage of one attempt that worked `ticks` of the task's `workTicks`. */
function attemptUsage(spec: WorkdeckTaskSpec, ticks: number): ModelUsage {
  const share = Math.min(1, ticks / spec.workTicks);
  return modelUsage(
    spec.model,
    Math.round(spec.tokens.input * share),
    Math.round(spec.tokens.output * share),
  );
}

/** Options of {@link runTaskBoard}. */
export type RunTaskBoardOptions = {
  /** The `task-board` activity to update. */
  messageId: string;
  /** The cards as they are now; tasks that are not completed will run. */
  cards: readonly TaskCard[];
  specs: readonly WorkdeckTaskSpec[];
  /** The reply's closing message: each finished attempt's usage is reported on it. */
  closing: ClosingReply;
  /** The reply's context: its delay paces the updates, its signal stops them. */
  context: ScriptContext;
};

/** A finished board run: the cards, and what its attempts used. */
export type TaskBoardRun = { cards: TaskCard[]; usage: ModelUsage };

/**
 * Runs the board's unfinished tasks as a DAG: every task whose dependencies are completed
 * starts at once (so independent tasks run in parallel), one progress update per tick, with a
 * transient failure and retry where the plan has one. Each finished attempt reports its model
 * usage (the run's total so far) on the closing message. Yields `activity-delta` patches and
 * returns the final cards, or undefined when the reply was stopped.
 */
export async function* runTaskBoard(
  options: RunTaskBoardOptions,
): AsyncGenerator<CrayonStreamEvent, TaskBoardRun | undefined> {
  const { messageId, specs, context, closing } = options;
  const cards = options.cards.map((card) => ({ ...card }));
  const specOf = (id: string) => specs.find((spec) => spec.id === id);
  const promptOf = (id: string) =>
    cards.find((card) => card.id === id)?.prompt ?? specOf(id)?.prompt ?? "";
  const usages: ModelUsage[] = [];
  const ticksDone = new Map<string, number>();
  const patch = (ops: JsonPatchOperation[]): CrayonStreamEvent => ({
    type: "activity-delta",
    activityType: TASK_BOARD_ACTIVITY,
    messageId,
    patch: ops,
  });
  const set = (index: number, field: keyof TaskCard, value: unknown): JsonPatchOperation => ({
    op: "add",
    path: `/tasks/${index}/${field}`,
    value,
  });
  const isDone = (id: string) => cards.find((card) => card.id === id)?.status === "completed";

  yield patch([{ op: "replace", path: "/status", value: "running" }]);
  for (;;) {
    const starting: JsonPatchOperation[] = [];
    for (const [index, card] of cards.entries()) {
      if (card.status === "pending" && card.dependsOn.every(isDone)) {
        card.status = "running";
        ticksDone.set(card.id, 0);
        starting.push(set(index, "status", "running"));
      }
    }
    if (starting.length > 0) yield patch(starting);
    if (!cards.some((card) => card.status === "running" || card.status === "retrying")) break;
    if (!(await waitForUpdate(context))) return undefined;

    const progress: JsonPatchOperation[] = [];
    const usedBefore = usages.length;
    for (const [index, card] of cards.entries()) {
      const spec = specOf(card.id);
      if (!spec || (card.status !== "running" && card.status !== "retrying")) continue;
      if (card.status === "retrying") {
        card.status = "running";
        progress.push(set(index, "status", "running"));
      }
      const done = (ticksDone.get(card.id) ?? 0) + 1;
      ticksDone.set(card.id, done);
      const failsNow =
        spec.transientFailureAtTick === done && card.attempt === 1 && card.runs === 0;
      if (failsNow) {
        usages.push(attemptUsage(spec, done));
        card.status = "retrying";
        card.attempt += 1;
        card.progress = 0;
        ticksDone.set(card.id, 0);
        progress.push(
          set(index, "status", "retrying"),
          set(index, "attempt", card.attempt),
          set(index, "progress", 0),
          set(index, "error", spec.transientError ?? "Transient error"),
        );
      } else if (done >= spec.workTicks) {
        card.status = "completed";
        card.progress = 100;
        card.runs += 1;
        usages.push(attemptUsage(spec, done));
        card.output = outputOf(spec, card, promptOf);
        card.stale = false;
        progress.push(
          set(index, "status", "completed"),
          set(index, "progress", 100),
          set(index, "runs", card.runs),
          set(index, "output", card.output),
          set(index, "stale", false),
        );
      } else {
        card.progress = Math.round((100 * done) / spec.workTicks);
        progress.push(set(index, "progress", card.progress));
      }
    }
    if (progress.length > 0) yield patch(progress);
    if (usages.length > usedBefore) yield closing.usage({ model: "mixed", ...addUsage(usages) });
  }
  yield patch([{ op: "replace", path: "/status", value: "completed" }]);
  return { cards, usage: { model: "mixed", ...addUsage(usages) } };
}
