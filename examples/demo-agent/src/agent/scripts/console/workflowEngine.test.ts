import type { ActivityMessage, AssistantMessage, Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { answeringScript, assistantText, replay, userMessage } from "./scriptHarness";
import {
  workflowScript as script,
  WORKFLOW_LIST_ACTIVITY,
  WORKFLOW_RUN_ACTIVITY,
} from "./workflowEngine";

function activity(messages: readonly Message[], type: string): ActivityMessage {
  const found = messages.find(
    (m): m is ActivityMessage => m.role === "activity" && m.activityType === type,
  );
  if (!found) throw new Error(`no ${type} activity`);
  return found;
}

/** The reply to `command` sent after `previous`'s thread. */
const thenSend = (previous: { messages: Message[] }, command: string) =>
  replay(script, [...previous.messages, userMessage(command)]);

describe("/workflow", () => {
  it("answers /workflow and /workflow run, not other commands", () => {
    expect(answeringScript([userMessage("/workflow")])).toBe(script);
    expect(answeringScript([userMessage("/workflow run icp-scoring")])).toBe(script);
    expect(answeringScript([userMessage("/workflows")])).not.toBe(script);
  });

  it("lists the deployed workflows with their inputs, and says how to trigger one", async () => {
    const { messages } = await replay(script, [userMessage("/workflow")]);
    const list = activity(messages, WORKFLOW_LIST_ACTIVITY);
    expect(list.content.workflows.map((w: { name: string }) => w.name)).toEqual([
      "icp-scoring",
      "expansion-finder",
      "competitor-monitor",
      "lead-enrichment",
    ]);
    expect(list.content.workflows[0].inputs).toEqual({
      company_url: "https://acme-robotics.example",
      scoring_criteria: "B2B SaaS $5M+ ARR",
    });
    // The card lists the workflows; the text says how to use it, without listing them again.
    const text = assistantText(messages);
    expect(text).toContain("**Trigger**");
    expect(text).toContain("/workflow run icp-scoring --input");
    expect(text).not.toContain("expansion-finder");
  });

  it("runs icp-scoring task by task to a completed run with outputs and a summary", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run icp-scoring")]);
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    expect(run.content).toMatchObject({
      workflow: "icp-scoring",
      runId: "run-1",
      status: "completed",
      elapsedMs: 5_940,
      outputs: { qualification: "qualified", score: 86 },
    });
    for (const task of run.content.tasks) {
      expect(task.status).toBe("completed");
      expect(task.durationMs).toBe(task.elapsedMs);
      expect(task.logs.length).toBeGreaterThan(0);
      expect(task.output).toBeTruthy();
    }
    const summary = messages.at(-1) as AssistantMessage;
    expect(summary.status).toBe("complete");
    // Two agent tasks ran: two model calls, each with its tokens and cost, and their sum.
    expect(summary.metadata?.usage).toMatchObject({ inputTokens: 4_800, outputTokens: 1_300 });
    const calls = summary.metadata?.modelCalls as { name: string; inputTokens: number }[];
    expect(calls.map((call) => [call.name, call.inputTokens])).toEqual([
      ["company-researcher", 2_400],
      ["icp-scorer", 2_400],
    ]);
  });

  it("closes a run with what it means and what to do next, not the card's tasks again", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run icp-scoring")]);
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    const summary = (messages.at(-1) as AssistantMessage).content ?? "";
    expect(summary).toMatch(
      /^\*\*Acme Robotics is a qualified lead, and sales has it\.\*\* Next: /,
    );
    for (const task of run.content.tasks) {
      expect(summary).not.toContain(task.title);
      expect(summary).not.toContain(task.output);
    }
    expect(summary).not.toContain("5.9 s");
  });

  it("moves each task from pending to running to completed, one task at a time", async () => {
    const { snapshots } = await replay(script, [userMessage("/workflow run icp-scoring")]);
    const history = new Map<string, string[]>();
    for (const snapshot of snapshots) {
      const run = snapshot.find((m) => m.role === "activity") as ActivityMessage | undefined;
      if (!run) continue;
      const tasks: { id: string; status: string }[] = run.content.tasks;
      expect(tasks.filter((t) => t.status === "running").length).toBeLessThanOrEqual(1);
      for (const task of tasks) {
        const seen = history.get(task.id) ?? [];
        if (seen.at(-1) !== task.status) seen.push(task.status);
        history.set(task.id, seen);
      }
    }
    expect([...history.values()]).toEqual(Array(4).fill(["pending", "running", "completed"]));
  });

  it("skips the tasks after a condition that is false", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run competitor-monitor")]);
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    expect(run.content.tasks.map((t: { status: string }) => t.status)).toEqual([
      "completed",
      "completed",
      "completed",
      "skipped",
    ]);
    expect(assistantText(messages)).toContain("**Nothing to act on this week.**");
  });

  it("marks the run on the workflow list it was triggered from", async () => {
    const listed = await replay(script, [userMessage("/workflow")]);
    const first = await thenSend(listed, "/workflow run icp-scoring");
    const second = await thenSend(first, "/workflow run expansion-finder");
    const list = activity(second.messages, WORKFLOW_LIST_ACTIVITY);
    expect(list.content.workflows[0].lastRun).toEqual({ runId: "run-1", status: "completed" });
    expect(list.content.workflows[1].lastRun).toEqual({ runId: "run-2", status: "completed" });
    expect(list.content.workflows[2].lastRun).toBeUndefined();
    // Each run is its own activity message.
    expect(second.messages.filter((m) => m.role === "activity")).toHaveLength(3);
  });

  it("answers an unknown workflow name with the deployed ones", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run nope")]);
    expect(messages.some((m) => m.role === "activity")).toBe(false);
    expect(assistantText(messages)).toContain("no workflow named `nope`");
  });

  it("stops producing updates once the reply is stopped, marking a message below the run", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run icp-scoring")], {
      abortAfter: 4,
    });
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    expect(run.content.status).toBe("running");
    // What the stop marks (and what offers Regenerate) comes after the run's card.
    const last = messages.at(-1) as AssistantMessage;
    expect(last).toMatchObject({ role: "assistant", status: "stopped" });
    expect(messages.indexOf(last)).toBeGreaterThan(messages.indexOf(run));
  });

  it("fails lead-enrichment at its failing task, with the reason, and runs nothing after it", async () => {
    const { messages } = await replay(script, [userMessage("/workflow run lead-enrichment")]);
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    expect(run.content).toMatchObject({ status: "failed", failedTaskId: "enrich" });
    expect(run.content.error).toContain("HTTP 503");
    expect(run.content.tasks.map((t: { status: string }) => t.status)).toEqual([
      "completed",
      "failed",
      "cancelled",
      "cancelled",
    ]);
    const enrich = run.content.tasks[1];
    expect(enrich.error).toBe(run.content.error);
    expect(enrich.logs).toEqual(["Batch 1 of 2: 20 domains", "Batch 1 enriched (20 of 20)"]);
    expect(enrich.output).toBeUndefined();
    expect(run.content.outputs).toBeUndefined();
    // What the failure means for the run, and how to go on: the card has the reason.
    const summary = messages.at(-1) as AssistantMessage;
    expect(summary.content).toContain("**No lead was scored or routed to sales.**");
    expect(summary.content).toContain("`/workflow retry run-1`");
    expect(summary.content).toContain("Fetch New Leads keeps its result.");
    expect(summary.content).not.toContain("HTTP 503");
  });

  it("retries a failed run from its failed task as a new run that keeps the earlier results", async () => {
    const listed = await replay(script, [userMessage("/workflow")]);
    const failed = await thenSend(listed, "/workflow run lead-enrichment");
    const retried = await thenSend(failed, "/workflow retry run-1");
    const runs = retried.messages.filter(
      (m): m is ActivityMessage =>
        m.role === "activity" && m.activityType === WORKFLOW_RUN_ACTIVITY,
    );
    expect(runs).toHaveLength(2);
    // The failed run stays as it was: where and why it failed.
    expect(runs[0]!.content.status).toBe("failed");
    const retry = runs[1]!.content;
    expect(retry).toMatchObject({ runId: "run-2", retryOf: "run-1", status: "completed" });
    const [fetch, ...rest] = retry.tasks;
    expect(fetch).toMatchObject({
      status: "completed",
      reused: true,
      logs: ["Result kept from run-1"],
    });
    expect(fetch.output).toBe(runs[0]!.content.tasks[0].output);
    for (const task of rest) expect(task).toMatchObject({ status: "completed" });
    expect(rest[0].logs).toHaveLength(4);
    // The earlier task did not run again: only the retried ones moved through running.
    const ranAgain = new Set<string>();
    for (const snapshot of retried.snapshots) {
      const run = snapshot.filter((m) => m.role === "activity").at(-1) as ActivityMessage;
      for (const task of run.content.tasks ?? [])
        if (task.status === "running") ranAgain.add(task.id);
    }
    expect([...ranAgain]).toEqual(["enrich", "score", "route"]);
    const list = activity(retried.messages, WORKFLOW_LIST_ACTIVITY);
    expect(list.content.workflows[3].lastRun).toEqual({ runId: "run-2", status: "completed" });
    expect(assistantText(retried.messages)).toContain("**11 qualified leads are with sales.**");
  });

  it("runs on the inputs the trigger changed, and shows them in the run", async () => {
    const command = `/workflow run icp-scoring --input '{"company_url": "https://globex-systems.example"}'`;
    const { messages } = await replay(script, [userMessage(command)]);
    const run = activity(messages, WORKFLOW_RUN_ACTIVITY);
    expect(run.content.inputs).toEqual({
      company_url: "https://globex-systems.example",
      scoring_criteria: "B2B SaaS $5M+ ARR",
    });
    expect(run.content.tasks[0].logs[0]).toBe("web_read https://globex-systems.example");
    expect(run.content.tasks[3].output).toContain("New qualified lead: Globex Systems");
    expect(run.content.outputs.company).toBe("Globex Systems");
    expect(assistantText(messages)).toContain("**Globex Systems is a qualified lead");
  });

  it("retries a failed run on the inputs it had", async () => {
    const failed = await replay(script, [
      userMessage('/workflow run lead-enrichment --input {"list": "Webinar leads, June"}'),
    ]);
    const retried = await thenSend(failed, "/workflow retry run-1");
    const runs = retried.messages.filter(
      (m): m is ActivityMessage =>
        m.role === "activity" && m.activityType === WORKFLOW_RUN_ACTIVITY,
    );
    expect(runs.map((run) => run.content.inputs.list)).toEqual([
      "Webinar leads, June",
      "Webinar leads, June",
    ]);
    expect(runs[1]!.content.tasks[0].logs).toEqual(["Result kept from run-1"]);
  });

  it("refuses inputs the workflow does not have, empty ones and bad JSON, running nothing", async () => {
    for (const [input, reply] of [
      [
        '{"nope": "x"}',
        "`icp-scoring` has no input `nope`. Its inputs: `company_url`, `scoring_criteria`.",
      ],
      ['{"company_url": "  "}', "`company_url` cannot be empty."],
      ["{company_url: x}", "`--input` is not valid JSON"],
      ['["x"]', "`--input` must be a JSON object"],
    ]) {
      const { messages } = await replay(script, [
        userMessage(`/workflow run icp-scoring --input ${input}`),
      ]);
      expect(messages.some((m) => m.role === "activity")).toBe(false);
      expect(assistantText(messages)).toContain(`Not triggered: ${reply}`);
    }
  });

  it("refuses to retry a run that did not fail", async () => {
    const done = await replay(script, [userMessage("/workflow run icp-scoring")]);
    const again = await thenSend(done, "/workflow retry run-1");
    expect(again.messages.filter((m) => m.role === "activity")).toHaveLength(1);
    expect(assistantText(again.messages)).toContain("Run `run-1` did not fail");
  });
});
