import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import type { ScriptContext } from "../../script";
import type { ClosingReply } from "./closingReply";
import { waitForUpdate } from "./progress";
import {
  TASK_BOARD_ACTIVITY,
  type TaskBoardStatus,
  type TaskCard,
  taskAndDependants,
} from "./taskBoard";
import { appendLog, logLine } from "./taskLog";
import { addUsage, type ModelCall, type ModelUsage, modelCall, modelUsage } from "./usage";
import type { WorkdeckTaskSpec } from "./workdeckPlan";

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

/** The model call of one attempt that worked `ticks` of the task's `workTicks`. */
function attemptCall(spec: WorkdeckTaskSpec, ticks: number): ModelCall {
  const share = Math.min(1, ticks / spec.workTicks);
  return modelCall(
    spec.title,
    modelUsage(
      spec.model,
      Math.round(spec.tokens.input * share),
      Math.round(spec.tokens.output * share),
    ),
  );
}

/** Why the card's current attempt fails at update `tick`, if it does. */
function failureAt(spec: WorkdeckTaskSpec, card: TaskCard, tick: number): string | undefined {
  const persistent = spec.persistentFailure;
  if (persistent?.atTick === tick) {
    const reason = persistent.reason(card.prompt);
    if (reason) return reason;
  }
  if (spec.transientFailureAtTick === tick && card.attempt === 1 && card.runs === 0) {
    return spec.transientError ?? "Transient error";
  }
  return undefined;
}

const agentName = (card: TaskCard) => `${card.agentType.replace(/_/g, " ")} agent`;

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

/** A finished board run: the cards, how it ended, and what its attempts used. */
export type TaskBoardRun = { cards: TaskCard[]; status: TaskBoardStatus; usage: ModelUsage };

/**
 * Runs the board's unfinished tasks as a DAG: every task whose dependencies are completed
 * starts at once (so independent tasks run in parallel), one progress update and log line per
 * tick. A failed attempt is retried up to the card's `maxAttempts`; a task whose attempts are
 * spent fails, the tasks that need it are blocked, and the others run on. Each finished attempt
 * is reported as a model call on the closing message. Yields
 * `activity-delta` patches and returns the final cards, or undefined when the reply was stopped.
 */
export async function* runTaskBoard(
  options: RunTaskBoardOptions,
): AsyncGenerator<CrayonStreamEvent, TaskBoardRun | undefined> {
  const { messageId, specs, context, closing } = options;
  const cards = options.cards.map((card) => ({ ...card, log: [...card.log] }));
  const specOf = (id: string) => specs.find((spec) => spec.id === id);
  const promptOf = (id: string) =>
    cards.find((card) => card.id === id)?.prompt ?? specOf(id)?.prompt ?? "";
  const calls: ModelCall[] = [];
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
  const attemptLine = (card: TaskCard) =>
    logLine(`Attempt ${card.attempt} of ${card.maxAttempts} started on the ${agentName(card)}`);

  yield patch([{ op: "replace", path: "/status", value: "running" }]);
  for (;;) {
    const starting: JsonPatchOperation[] = [];
    for (const [index, card] of cards.entries()) {
      if (card.status === "pending" && card.dependsOn.every(isDone)) {
        card.status = "running";
        ticksDone.set(card.id, 0);
        starting.push(
          set(index, "status", "running"),
          ...appendLog(card.log, index, attemptLine(card)),
        );
      }
    }
    if (starting.length > 0) yield patch(starting);
    if (!cards.some((card) => card.status === "running" || card.status === "retrying")) break;
    if (!(await waitForUpdate(context))) return undefined;

    const progress: JsonPatchOperation[] = [];
    const callsBefore = calls.length;
    for (const [index, card] of cards.entries()) {
      const spec = specOf(card.id);
      if (!spec || (card.status !== "running" && card.status !== "retrying")) continue;
      if (card.status === "retrying") {
        card.status = "running";
        progress.push(
          set(index, "status", "running"),
          ...appendLog(card.log, index, attemptLine(card)),
        );
      }
      const done = (ticksDone.get(card.id) ?? 0) + 1;
      ticksDone.set(card.id, done);
      const failure = failureAt(spec, card, done);
      if (failure && card.attempt >= card.maxAttempts) {
        calls.push(attemptCall(spec, done));
        const fix = spec.persistentFailure?.fix;
        card.status = "failed";
        card.error = `${failure} on all ${card.attempt} attempts.${fix ? ` ${fix}` : ""}`;
        progress.push(
          set(index, "status", "failed"),
          set(index, "error", card.error),
          ...appendLog(card.log, index, logLine(`Failed for good: ${card.error}`, "error")),
        );
      } else if (failure) {
        calls.push(attemptCall(spec, done));
        card.status = "retrying";
        card.attempt += 1;
        card.progress = 0;
        card.error = failure;
        ticksDone.set(card.id, 0);
        progress.push(
          set(index, "status", "retrying"),
          set(index, "attempt", card.attempt),
          set(index, "progress", 0),
          set(index, "error", failure),
          ...appendLog(
            card.log,
            index,
            logLine(`${failure}; retrying (${card.attempt}/${card.maxAttempts})`, "warn"),
          ),
        );
      } else if (done >= spec.workTicks) {
        card.status = "completed";
        card.progress = 100;
        card.runs += 1;
        calls.push(attemptCall(spec, done));
        card.output = outputOf(spec, card, promptOf);
        card.stale = false;
        progress.push(
          set(index, "status", "completed"),
          set(index, "progress", 100),
          set(index, "runs", card.runs),
          set(index, "output", card.output),
          set(index, "stale", false),
          ...appendLog(card.log, index, logLine(`Completed: ${card.output}`)),
        );
      } else {
        card.progress = Math.round((100 * done) / spec.workTicks);
        const step = spec.steps(card.prompt, promptOf)[done - 1];
        progress.push(
          set(index, "progress", card.progress),
          ...(step ? appendLog(card.log, index, logLine(step)) : []),
        );
      }
    }
    if (progress.length > 0) yield patch(progress);
    if (calls.length > callsBefore) yield closing.calls(...calls.slice(callsBefore));
  }

  const status = yield* blockDependantsOfFailures(cards, patch);
  return { cards, status, usage: { model: "mixed", ...addUsage(calls) } };
}

/**
 * Ends a run: the tasks that wait on a failed task are marked blocked (the others ran), and the
 * board is `failed` if a task failed, else `completed`.
 */
function* blockDependantsOfFailures(
  cards: TaskCard[],
  patch: (ops: JsonPatchOperation[]) => CrayonStreamEvent,
): Generator<CrayonStreamEvent, TaskBoardStatus> {
  const failed = cards.filter((card) => card.status === "failed");
  const waiting = new Set(taskAndDependants(cards, ...failed.map((card) => card.id)));
  const ops: JsonPatchOperation[] = [];
  for (const [index, card] of cards.entries()) {
    if (card.status !== "pending" || !waiting.has(card.id)) continue;
    card.status = "blocked";
    const needs = failed.filter((f) => taskAndDependants(cards, f.id).includes(card.id));
    ops.push(
      { op: "add", path: `/tasks/${index}/status`, value: "blocked" },
      ...appendLog(
        card.log,
        index,
        logLine(`Blocked: waits on ${needs.map((f) => f.title).join(", ")}, which failed`, "warn"),
      ),
    );
  }
  const status: TaskBoardStatus = failed.length > 0 ? "failed" : "completed";
  yield patch([...ops, { op: "replace", path: "/status", value: status }]);
  return status;
}
