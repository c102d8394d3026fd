import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { closingReply, conclusion } from "./closingReply";
import {
  CYRUS_CONCLUSION,
  CYRUS_ISSUE,
  CYRUS_SUBROUTINES,
  CYRUS_WORKFLOW,
  type SubroutineAttemptSpec,
  type SubroutineSpec,
} from "./cyrusWorkflow";
import { waitForUpdate } from "./progress";
import { textReply } from "./textReply";
import { addUsage, type ModelUsage, modelCall, modelUsage } from "./usage";

/** Activity showing a Cyrus workflow's subroutines, their models and attempts. */
export const SUBROUTINE_RUN_ACTIVITY = "subroutine-run";

/** Status of a subroutine step. `retrying` follows a failed attempt that will be retried. */
export type SubroutineStatus = "pending" | "running" | "retrying" | "succeeded" | "failed";

/**
 * `/cyrus` runs a Cyrus TypeScript workflow for a Linear issue: subroutines one after another,
 * each on its own model, with verification failing once and passing on the retry. The
 * `subroutine-run` activity shows every attempt with its duration, tokens and cost; the
 * closing message, opened below the activity, carries the `usage` metadata, which grows as
 * subroutines finish.
 */
export const cyrusScript: Script = {
  command: "/cyrus",
  description:
    "Cyrus: subroutines with a model per step, retries (verification fails once) and per-attempt cost.",
  run: (context) => runCyrusWorkflow(context),
};

async function* runCyrusWorkflow(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("activity");
  const update = (patch: JsonPatchOperation[]): CrayonStreamEvent => ({
    type: "activity-delta",
    activityType: SUBROUTINE_RUN_ACTIVITY,
    messageId,
    patch,
  });

  yield* textReply(
    `Running the **${CYRUS_WORKFLOW}** workflow for **${CYRUS_ISSUE.id}** (${CYRUS_ISSUE.title}): ${CYRUS_SUBROUTINES.length} subroutines, each on its own model.`,
  );
  yield {
    type: "activity-snapshot",
    activityType: SUBROUTINE_RUN_ACTIVITY,
    messageId,
    content: {
      title: `${CYRUS_WORKFLOW} · ${CYRUS_ISSUE.id}`,
      workflow: CYRUS_WORKFLOW,
      issue: { ...CYRUS_ISSUE },
      status: "running",
      steps: CYRUS_SUBROUTINES.map((step) => ({
        name: step.name,
        promptPath: step.promptPath,
        model: step.model,
        maxAttempts: step.maxAttempts,
        singleTurn: step.singleTurn === true,
        status: "pending" satisfies SubroutineStatus,
        attempts: [],
      })),
      totals: { inputTokens: 0, outputTokens: 0, costUsd: 0, durationMs: 0 },
    },
  };
  const closing = closingReply();
  yield closing.open();

  const usages: ModelUsage[] = [];
  let durationMs = 0;
  const outcomes: { step: SubroutineSpec; attempts: number; succeeded: boolean }[] = [];

  for (const [index, step] of CYRUS_SUBROUTINES.entries()) {
    const path = `/steps/${index}`;
    let succeeded = false;
    let attempts = 0;
    for (const attempt of step.attempts.slice(0, step.maxAttempts)) {
      attempts += 1;
      const attemptPath = `${path}/attempts/${attempts - 1}`;
      yield update([
        { op: "replace", path: `${path}/status`, value: "running" },
        {
          op: "add",
          path: `${path}/attempts/-`,
          value: { number: attempts, status: "running", activity: attempt.activity[0] ?? "" },
        },
      ]);
      for (const line of attempt.activity.slice(1)) {
        if (!(await waitForUpdate(context))) return;
        yield update([{ op: "replace", path: `${attemptPath}/activity`, value: line }]);
      }
      if (!(await waitForUpdate(context))) return;
      const usage = modelUsage(step.model, attempt.inputTokens, attempt.outputTokens);
      usages.push(usage);
      durationMs += attempt.durationMs;
      const total = addUsage(usages);
      succeeded = attempt.success;
      const retrying = !succeeded && attempts < Math.min(step.maxAttempts, step.attempts.length);
      yield update([
        { op: "replace", path: `${attemptPath}`, value: finishedAttempt(attempts, attempt, usage) },
        {
          op: "replace",
          path: `${path}/status`,
          value: succeeded ? "succeeded" : retrying ? "retrying" : "failed",
        },
        { op: "replace", path: "/totals", value: { ...total, durationMs } },
      ]);
      yield closing.calls(modelCall(`${step.name}, attempt ${attempts}`, usage));
      if (succeeded) break;
      // The failed attempt shows as retrying for a moment before the next one starts.
      if (!(await waitForUpdate(context))) return;
    }
    outcomes.push({ step, attempts, succeeded });
    if (!succeeded) break;
  }

  const failed = outcomes.find((outcome) => !outcome.succeeded);
  yield update([{ op: "replace", path: "/status", value: failed ? "failed" : "completed" }]);
  yield* closing.finish(closingText(failed));
}

/**
 * What the run means and what to do next. The card above already shows each subroutine's
 * model, attempts, results, time and cost: the text does not repeat them.
 */
function closingText(failed: { step: SubroutineSpec; attempts: number } | undefined): string {
  if (!failed) return conclusion(CYRUS_CONCLUSION.outcome, CYRUS_CONCLUSION.next);
  return conclusion(
    `${failed.step.name} failed after ${failed.attempts} attempt${failed.attempts === 1 ? "" : "s"}, so ${CYRUS_ISSUE.id} has no pull request.`,
    `The subroutines after it did not run. Its last result, on the card, says what to fix before running ${CYRUS_WORKFLOW} again.`,
  );
}

function finishedAttempt(number: number, attempt: SubroutineAttemptSpec, usage: ModelUsage) {
  return {
    number,
    status: attempt.success ? "succeeded" : "failed",
    result: attempt.result,
    durationMs: attempt.durationMs,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    costUsd: usage.costUsd,
  };
}
