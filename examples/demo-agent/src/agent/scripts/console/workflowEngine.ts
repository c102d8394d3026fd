import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { closingReply } from "./closingReply";
import { findLatestActivity } from "./conversation";
import { formatDuration } from "./format";
import { waitForUpdate } from "./progress";
import { textReply } from "./textReply";
import { addUsage, type ModelUsage, modelUsage } from "./usage";
import {
  AGENT_TASK_TOKENS,
  findWorkflow,
  WORKFLOW_CATALOG,
  type WorkflowSpec,
  type WorkflowTaskSpec,
} from "./workflowCatalog";

/** Activity listing the deployed workflows, each with a Trigger button. */
export const WORKFLOW_LIST_ACTIVITY = "workflow-list";
/** Activity showing one workflow run, task by task. */
export const WORKFLOW_RUN_ACTIVITY = "workflow-run";

/**
 * Status of a task in a `workflow-run` activity. `failed` carries an `error` (the reason);
 * `cancelled` is a task a failed run never reached.
 */
export type WorkflowTaskStatus =
  | "pending"
  | "running"
  | "completed"
  | "skipped"
  | "failed"
  | "cancelled";

/** Status of a `workflow-run` activity: a failed run names its `failedTaskId` and `error`. */
export type WorkflowRunStatus = "running" | "completed" | "failed";

/**
 * `/workflow` lists the workflows; `/workflow run NAME` triggers one and streams its run as a
 * `workflow-run` activity whose tasks go pending → running (with log lines and elapsed time)
 * → completed, skipped or failed (with the reason), ending with a plain-text summary. A failed
 * run can be retried from its failed task with `/workflow retry RUN_ID`: a new run whose
 * earlier tasks keep their results. Each log line waits one progress update, so the run can
 * be watched.
 */
export const workflowScript: Script = {
  command: "/workflow",
  description:
    "Workflow engine: list workflows with a Trigger button; `/workflow run icp-scoring` runs one task by task, `/workflow run lead-enrichment` fails and `/workflow retry run-1` retries it.",
  run: (context) => answerWorkflowCommand(context),
};

async function* answerWorkflowCommand(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const [, verb, name] = context.input.trim().split(/\s+/);
  if (verb === "retry") {
    yield* retryRun(context, name ?? "");
    return;
  }
  if (verb !== "run") {
    yield* listWorkflows();
    return;
  }
  const workflow = name ? findWorkflow(name) : undefined;
  if (!workflow) {
    const known = WORKFLOW_CATALOG.map((w) => `\`${w.name}\``).join(", ");
    yield* textReply(`There is no workflow named \`${name ?? ""}\`. Deployed workflows: ${known}.`);
    return;
  }
  yield* runWorkflow(context, workflow);
}

function* listWorkflows(): Generator<CrayonStreamEvent> {
  yield {
    type: "activity-snapshot",
    activityType: WORKFLOW_LIST_ACTIVITY,
    messageId: createId("activity"),
    content: {
      title: "Workflows",
      workflows: WORKFLOW_CATALOG.map((w) => ({
        name: w.name,
        version: w.version,
        description: w.description,
        inputs: w.inputs,
      })),
    },
  };
  const lines = WORKFLOW_CATALOG.map((w) => `- **${w.name}** v${w.version}: ${w.description}`);
  yield* textReply(
    `${WORKFLOW_CATALOG.length} workflows are deployed:\n\n${lines.join("\n")}\n\nPress **Trigger** on one, or send \`/workflow run icp-scoring\`.`,
  );
}

/** What a retry keeps of the failed run it continues. */
type RetryOf = {
  runId: string;
  /** The index of the task the failed run stopped at; tasks before it keep their results. */
  fromIndex: number;
  /** The earlier tasks' elapsed time. */
  keptElapsedMs: number;
};

async function* retryRun(context: ScriptContext, runId: string): AsyncGenerator<CrayonStreamEvent> {
  const failed = findLatestActivity(
    context.messages,
    WORKFLOW_RUN_ACTIVITY,
    (message) => message.content.runId === runId,
  );
  const workflow = findWorkflow(String(failed?.content.workflow ?? ""));
  const fromIndex =
    workflow?.tasks.findIndex((task) => task.id === failed?.content.failedTaskId) ?? -1;
  if (!failed || !workflow || failed.content.status !== "failed" || fromIndex < 0) {
    yield* textReply(
      failed
        ? `Run \`${runId}\` did not fail: there is nothing to retry.`
        : `There is no run \`${runId}\` in this conversation.`,
    );
    return;
  }
  const keptElapsedMs = workflow.tasks
    .slice(0, fromIndex)
    .reduce((sum, task) => sum + task.durationMs, 0);
  yield* runWorkflow(context, workflow, { runId, fromIndex, keptElapsedMs });
}

async function* runWorkflow(
  context: ScriptContext,
  workflow: WorkflowSpec,
  retryOf?: RetryOf,
): AsyncGenerator<CrayonStreamEvent> {
  const { messages } = context;
  const runNumber = messages.filter(
    (m) => m.role === "activity" && m.activityType === WORKFLOW_RUN_ACTIVITY,
  ).length;
  const runId = `run-${runNumber + 1}`;
  const messageId = createId("activity");
  const update = (patch: JsonPatchOperation[]): CrayonStreamEvent => ({
    type: "activity-delta",
    activityType: WORKFLOW_RUN_ACTIVITY,
    messageId,
    patch,
  });

  // The list this run was triggered from shows the run's status too.
  const list = findLatestActivity(messages, WORKFLOW_LIST_ACTIVITY);
  const listIndex = Array.isArray(list?.content.workflows)
    ? list.content.workflows.findIndex((w: { name?: unknown }) => w?.name === workflow.name)
    : -1;
  const updateList = (status: WorkflowRunStatus): CrayonStreamEvent[] =>
    list && listIndex >= 0
      ? [
          {
            type: "activity-delta",
            activityType: WORKFLOW_LIST_ACTIVITY,
            messageId: list.id,
            patch: [
              { op: "add", path: `/workflows/${listIndex}/lastRun`, value: { runId, status } },
            ],
          },
        ]
      : [];

  const fromIndex = retryOf?.fromIndex ?? 0;
  yield {
    type: "activity-snapshot",
    activityType: WORKFLOW_RUN_ACTIVITY,
    messageId,
    content: {
      title: `${workflow.name} v${workflow.version}`,
      workflow: workflow.name,
      version: workflow.version,
      runId,
      ...(retryOf && { retryOf: retryOf.runId }),
      status: "running" satisfies WorkflowRunStatus,
      inputs: workflow.inputs,
      elapsedMs: retryOf?.keptElapsedMs ?? 0,
      tasks: workflow.tasks.map((task, index) =>
        index < fromIndex
          ? {
              id: task.id,
              title: task.title,
              kind: task.kind,
              node: task.node,
              status: "completed" satisfies WorkflowTaskStatus,
              elapsedMs: task.durationMs,
              durationMs: task.durationMs,
              logs: [`Result kept from ${retryOf?.runId}`],
              output: task.output,
              reused: true,
            }
          : {
              id: task.id,
              title: task.title,
              kind: task.kind,
              node: task.node,
              status: "pending" satisfies WorkflowTaskStatus,
              elapsedMs: 0,
              logs: [],
            },
      ),
    },
  };
  yield* updateList("running");
  const closing = closingReply();
  yield closing.open();

  let elapsed = retryOf?.keptElapsedMs ?? 0;
  let skipping = false;
  let failure: { index: number; reason: string; elapsedMs: number } | undefined;
  const statuses: WorkflowTaskStatus[] = workflow.tasks.slice(0, fromIndex).map(() => "completed");
  const usages: ModelUsage[] = [];
  for (const [index, task] of workflow.tasks.entries()) {
    if (index < fromIndex) continue;
    const path = `/tasks/${index}`;
    if (skipping || failure) {
      const status: WorkflowTaskStatus = failure ? "cancelled" : "skipped";
      statuses.push(status);
      yield update([{ op: "replace", path: `${path}/status`, value: status }]);
      continue;
    }
    yield update([{ op: "replace", path: `${path}/status`, value: "running" }]);
    // A retry runs past the scripted outage.
    const failsAfter = retryOf ? undefined : task.failure?.afterLogs;
    const ticks = Math.max(1, failsAfter ?? task.logs.length);
    const tickMs = Math.round(task.durationMs / Math.max(1, task.logs.length));
    let taskElapsed = 0;
    for (let tick = 1; tick <= ticks; tick++) {
      if (!(await waitForUpdate(context))) return;
      taskElapsed =
        failsAfter === undefined ? Math.round((task.durationMs * tick) / ticks) : tickMs * tick;
      const line = task.logs[tick - 1];
      yield update([
        ...(line === undefined
          ? []
          : [{ op: "add" as const, path: `${path}/logs/-`, value: line }]),
        { op: "replace", path: `${path}/elapsedMs`, value: taskElapsed },
        { op: "replace", path: "/elapsedMs", value: elapsed + taskElapsed },
      ]);
    }
    elapsed += taskElapsed;
    if (failsAfter !== undefined && task.failure) {
      failure = { index, reason: task.failure.reason, elapsedMs: taskElapsed };
      statuses.push("failed");
      yield update([
        { op: "replace", path: `${path}/status`, value: "failed" },
        { op: "add", path: `${path}/durationMs`, value: taskElapsed },
        { op: "add", path: `${path}/error`, value: task.failure.reason },
      ]);
      continue;
    }
    statuses.push("completed");
    yield update([
      { op: "replace", path: `${path}/status`, value: "completed" },
      { op: "add", path: `${path}/durationMs`, value: task.durationMs },
      { op: "add", path: `${path}/output`, value: task.output },
    ]);
    if (task.kind === "agent") {
      // An agent task is a model call: its usage is reported as it finishes.
      usages.push(modelUsage("sonnet", AGENT_TASK_TOKENS.input, AGENT_TASK_TOKENS.output));
      yield closing.usage({ model: "sonnet", ...addUsage(usages) });
    }
    if (task.skipsRest) skipping = true;
  }

  if (failure) {
    const failedTask = workflow.tasks[failure.index]!;
    yield update([
      { op: "replace", path: "/status", value: "failed" satisfies WorkflowRunStatus },
      { op: "add", path: "/failedTaskId", value: failedTask.id },
      { op: "add", path: "/error", value: failure.reason },
    ]);
    yield* updateList("failed");
  } else {
    yield update([
      { op: "replace", path: "/status", value: "completed" satisfies WorkflowRunStatus },
      { op: "add", path: "/outputs", value: workflow.outputs },
    ]);
    yield* updateList("completed");
  }
  yield* closing.finish(runSummary(workflow, runId, statuses, elapsed, retryOf, failure?.reason));
}

function taskLine(
  task: WorkflowTaskSpec,
  status: WorkflowTaskStatus | undefined,
  reason: string | undefined,
): string {
  const what =
    task.kind === "condition" ? `condition \`${task.node}\`` : `${task.kind} \`${task.node}\``;
  if (status === "skipped") return `${task.title} (${what}): skipped.`;
  if (status === "cancelled") return `${task.title} (${what}): not run.`;
  if (status === "failed") return `${task.title} (${what}): **failed**. ${reason ?? ""}`.trim();
  return `${task.title} (${what}): completed in ${formatDuration(task.durationMs)}. ${task.output}`;
}

function runSummary(
  workflow: WorkflowSpec,
  runId: string,
  statuses: readonly WorkflowTaskStatus[],
  elapsedMs: number,
  retryOf: RetryOf | undefined,
  reason: string | undefined,
): string {
  const tasks = workflow.tasks.map((task, i) => `${i + 1}. ${taskLine(task, statuses[i], reason)}`);
  const name = `**${workflow.name} v${workflow.version}**, ${runId}${retryOf ? ` (retry of ${retryOf.runId} from task ${retryOf.fromIndex + 1})` : ""}`;
  const failedIndex = statuses.indexOf("failed");
  if (failedIndex >= 0) {
    const failed = workflow.tasks[failedIndex]!;
    const kept = workflow.tasks.slice(0, failedIndex).map((task) => task.title);
    return [
      `${name}: failed at task ${failedIndex + 1} of ${workflow.tasks.length}, ${failed.title}, after ${formatDuration(elapsedMs)}.`,
      tasks.join("\n"),
      `Press **Retry from ${failed.title}** on the run, or send \`/workflow retry ${runId}\`${kept.length > 0 ? `: ${kept.join(", ")} ${kept.length === 1 ? "keeps its result" : "keep their results"}` : ""}.`,
    ].join("\n\n");
  }
  const outputs = Object.entries(workflow.outputs)
    .map(([key, value]) => `${key} = ${String(value)}`)
    .join(", ");
  return [
    `${name}: completed in ${formatDuration(elapsedMs)}.`,
    tasks.join("\n"),
    `Outputs: ${outputs}.`,
  ].join("\n\n");
}
