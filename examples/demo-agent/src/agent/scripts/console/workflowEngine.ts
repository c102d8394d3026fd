import type { CrayonStreamEvent, JsonPatchOperation } from "@crayonai/stream";
import { createId } from "../../ids";
import type { Script, ScriptContext } from "../../script";
import { findLatestActivity } from "./conversation";
import { formatDuration } from "./format";
import { waitForUpdate } from "./progress";
import { textReply } from "./textReply";
import { modelUsage, usageMetadata } from "./usage";
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

/** Status of a task in a `workflow-run` activity. */
export type WorkflowTaskStatus = "pending" | "running" | "completed" | "skipped";

/**
 * `/workflow` lists the workflows; `/workflow run NAME` triggers one and streams its run as a
 * `workflow-run` activity whose tasks go pending → running (with log lines and elapsed time)
 * → completed or skipped, ending with a plain-text summary. Each log line waits one progress
 * update, so the run can be watched.
 */
export const workflowScript: Script = {
  command: "/workflow",
  description:
    "Workflow engine: list workflows with a Trigger button; `/workflow run icp-scoring` runs one task by task.",
  run: (context) => answerWorkflowCommand(context),
};

async function* answerWorkflowCommand(context: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const [, verb, name] = context.input.trim().split(/\s+/);
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

async function* runWorkflow(
  context: ScriptContext,
  workflow: WorkflowSpec,
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
  const updateList = (status: string): CrayonStreamEvent[] =>
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

  yield {
    type: "activity-snapshot",
    activityType: WORKFLOW_RUN_ACTIVITY,
    messageId,
    content: {
      title: `${workflow.name} v${workflow.version}`,
      workflow: workflow.name,
      version: workflow.version,
      runId,
      status: "running",
      inputs: workflow.inputs,
      elapsedMs: 0,
      tasks: workflow.tasks.map((task) => ({
        id: task.id,
        title: task.title,
        kind: task.kind,
        node: task.node,
        status: "pending" satisfies WorkflowTaskStatus,
        elapsedMs: 0,
        logs: [],
      })),
    },
  };
  yield* updateList("running");

  let elapsed = 0;
  let skipping = false;
  const statuses: WorkflowTaskStatus[] = [];
  for (const [index, task] of workflow.tasks.entries()) {
    const path = `/tasks/${index}`;
    if (skipping) {
      statuses.push("skipped");
      yield update([{ op: "replace", path: `${path}/status`, value: "skipped" }]);
      continue;
    }
    yield update([{ op: "replace", path: `${path}/status`, value: "running" }]);
    const ticks = Math.max(1, task.logs.length);
    for (let tick = 1; tick <= ticks; tick++) {
      if (!(await waitForUpdate(context))) return;
      const taskElapsed = Math.round((task.durationMs * tick) / ticks);
      const line = task.logs[tick - 1];
      yield update([
        ...(line === undefined
          ? []
          : [{ op: "add" as const, path: `${path}/logs/-`, value: line }]),
        { op: "replace", path: `${path}/elapsedMs`, value: taskElapsed },
        { op: "replace", path: "/elapsedMs", value: elapsed + taskElapsed },
      ]);
    }
    elapsed += task.durationMs;
    statuses.push("completed");
    yield update([
      { op: "replace", path: `${path}/status`, value: "completed" },
      { op: "add", path: `${path}/durationMs`, value: task.durationMs },
      { op: "add", path: `${path}/output`, value: task.output },
    ]);
    if (task.skipsRest) skipping = true;
  }

  yield update([
    { op: "replace", path: "/status", value: "completed" },
    { op: "add", path: "/outputs", value: workflow.outputs },
  ]);
  yield* updateList("completed");

  const agentTasks = workflow.tasks.filter(
    (task, i) => task.kind === "agent" && statuses[i] === "completed",
  ).length;
  const usage = modelUsage(
    "sonnet",
    agentTasks * AGENT_TASK_TOKENS.input,
    agentTasks * AGENT_TASK_TOKENS.output,
  );
  yield* textReply(runSummary(workflow, runId, statuses, elapsed), {
    metadata: usageMetadata(usage),
  });
}

function taskLine(task: WorkflowTaskSpec, status: WorkflowTaskStatus | undefined): string {
  const what =
    task.kind === "condition" ? `condition \`${task.node}\`` : `${task.kind} \`${task.node}\``;
  if (status === "skipped") return `${task.title} (${what}): skipped.`;
  return `${task.title} (${what}): completed in ${formatDuration(task.durationMs)}. ${task.output}`;
}

function runSummary(
  workflow: WorkflowSpec,
  runId: string,
  statuses: readonly WorkflowTaskStatus[],
  elapsedMs: number,
): string {
  const tasks = workflow.tasks.map((task, i) => `${i + 1}. ${taskLine(task, statuses[i])}`);
  const outputs = Object.entries(workflow.outputs)
    .map(([key, value]) => `${key} = ${String(value)}`)
    .join(", ");
  return [
    `**${workflow.name} v${workflow.version}**, ${runId}: completed in ${formatDuration(elapsedMs)}.`,
    tasks.join("\n"),
    `Outputs: ${outputs}.`,
  ].join("\n\n");
}
