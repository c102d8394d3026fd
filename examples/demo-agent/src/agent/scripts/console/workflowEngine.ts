import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { closingReply, conclusion } from "./closingReply";
import { findLatestActivity } from "./conversation";
import { waitForUpdate } from "./progress";
import { textReply } from "./textReply";
import { modelCall, modelUsage } from "./usage";
import {
  AGENT_TASK_TOKENS,
  findWorkflow,
  WORKFLOW_CATALOG,
  type WorkflowSpec,
} from "./workflowCatalog";
import {
  fillWorkflow,
  parseInputJson,
  parseWorkflowCommand,
  resolveInputs,
  type WorkflowInputs,
} from "./workflowInputs";

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
 * `/workflow` lists the workflows; `/workflow run NAME` triggers one (`--input {"key": "value"}`
 * changes its inputs, as the engine's CLI takes them) and streams its run as a `workflow-run`
 * activity whose tasks go pending → running (with log lines and elapsed time) → completed,
 * skipped or failed (with the reason), ending with what the run means and what to do next. A
 * failed run can be retried from its failed task with `/workflow retry RUN_ID`: a new run, on
 * the same inputs, whose earlier tasks keep their results. Each log line waits one progress
 * update, so the run can be watched.
 */
export const workflowScript: Script = {
  command: "/workflow",
  description:
    'Workflow engine: list workflows with their inputs and a Trigger button; `/workflow run icp-scoring --input {"company_url": "https://globex.example"}` runs one task by task, `/workflow run lead-enrichment` fails and `/workflow retry run-1` retries it.',
  run: (context) => answerWorkflowCommand(context),
};

async function* answerWorkflowCommand(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const { verb, name, input } = parseWorkflowCommand(context.input);
  if (verb === "retry") {
    yield* retryRun(context, name);
    return;
  }
  if (verb !== "run") {
    yield* listWorkflows();
    return;
  }
  const workflow = name ? findWorkflow(name) : undefined;
  if (!workflow) {
    const known = WORKFLOW_CATALOG.map((w) => `\`${w.name}\``).join(", ");
    yield* textReply(`There is no workflow named \`${name}\`. Deployed workflows: ${known}.`);
    return;
  }
  const parsed = parseInputJson(input);
  const resolved = "error" in parsed ? parsed : resolveInputs(workflow, parsed.given);
  if ("error" in resolved) {
    yield* textReply(`Not triggered: ${resolved.error}`);
    return;
  }
  yield* runWorkflow(context, workflow, resolved.values);
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
  // The card lists the workflows; the text says how to use it.
  yield* textReply(
    `${WORKFLOW_CATALOG.length} workflows are deployed. Change a workflow's inputs on its card if you like, then press **Trigger**. From the composer: \`/workflow run icp-scoring --input {"company_url": "https://globex.example"}\`.`,
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
  // The retry runs on the inputs the failed run had.
  const resolved = resolveInputs(workflow, failed.content.inputs);
  const inputs = "values" in resolved ? resolved.values : workflow.inputs;
  yield* runWorkflow(context, workflow, inputs, { runId, fromIndex, keptElapsedMs });
}

async function* runWorkflow(
  context: ScriptContext,
  spec: WorkflowSpec,
  inputs: WorkflowInputs,
  retryOf?: RetryOf,
): AsyncGenerator<CrayonStreamEvent> {
  const { messages } = context;
  const workflow = fillWorkflow(spec, inputs);
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
  let failure: { index: number; reason: string } | undefined;
  for (const [index, task] of workflow.tasks.entries()) {
    if (index < fromIndex) continue;
    const path = `/tasks/${index}`;
    if (skipping || failure) {
      const status: WorkflowTaskStatus = failure ? "cancelled" : "skipped";
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
      failure = { index, reason: task.failure.reason };
      yield update([
        { op: "replace", path: `${path}/status`, value: "failed" },
        { op: "add", path: `${path}/durationMs`, value: taskElapsed },
        { op: "add", path: `${path}/error`, value: task.failure.reason },
      ]);
      continue;
    }
    yield update([
      { op: "replace", path: `${path}/status`, value: "completed" },
      { op: "add", path: `${path}/durationMs`, value: task.durationMs },
      { op: "add", path: `${path}/output`, value: task.output },
    ]);
    if (task.kind === "agent") {
      // An agent task is a model call: its usage is reported as it finishes.
      const usage = modelUsage("sonnet", AGENT_TASK_TOKENS.input, AGENT_TASK_TOKENS.output);
      yield closing.calls(modelCall(task.node, usage));
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
  yield* closing.finish(closingText(workflow, runId, failure?.index));
}

/**
 * What the run means and what to do next. The card above already shows every task, its time,
 * log and output, and the run's outputs: the text does not repeat them.
 */
function closingText(workflow: WorkflowSpec, runId: string, failedIndex?: number): string {
  const failed = failedIndex === undefined ? undefined : workflow.tasks[failedIndex];
  if (!failed) return conclusion(workflow.conclusion.outcome, workflow.conclusion.next);
  const kept = workflow.tasks.slice(0, failedIndex).map((task) => task.title);
  const keeps =
    kept.length === 0
      ? ""
      : ` ${kept.join(", ")} ${kept.length === 1 ? "keeps its result" : "keep their results"}.`;
  return conclusion(
    failed.failure?.consequence ?? `The run stopped at ${failed.title}.`,
    `Retry from ${failed.title} once the service is back: press the button on the run, or send \`/workflow retry ${runId}\`.${keeps}`,
  );
}
