import type { ActivityMessage, AssistantMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { SUBROUTINE_RUN_ACTIVITY, cyrusScript as script } from "./cyrus";
import { answeringScript, replay, userMessage } from "./scriptHarness";

type Attempt = { number: number; status: string; costUsd: number; inputTokens: number };
type Step = { name: string; model: string; status: string; attempts: Attempt[] };

const run = () => replay(script, [userMessage("/cyrus")]);

function activityOf(messages: readonly unknown[]): ActivityMessage | undefined {
  return (messages as ActivityMessage[]).find(
    (m) => m.role === "activity" && m.activityType === SUBROUTINE_RUN_ACTIVITY,
  );
}

describe("/cyrus", () => {
  it("is picked by /cyrus", () => {
    expect(answeringScript([userMessage("/cyrus")]).command).toBe("/cyrus");
  });

  it("runs each subroutine on its own model and retries verification once", async () => {
    const { messages } = await run();
    const activity = activityOf(messages)!;
    expect(activity.content.status).toBe("completed");
    const steps: Step[] = activity.content.steps;
    expect(steps.map((s) => [s.name, s.model, s.status, s.attempts.length])).toEqual([
      ["planning", "opus", "succeeded", 1],
      ["coding-activity", "sonnet", "succeeded", 1],
      ["verifications", "sonnet", "succeeded", 2],
      ["git-gh", "sonnet", "succeeded", 1],
      ["concise-summary", "haiku", "succeeded", 1],
    ]);
    const verifications = steps[2]!;
    expect(verifications.attempts.map((a) => a.status)).toEqual(["failed", "succeeded"]);
    expect(verifications.attempts[0]).toMatchObject({
      result: expect.stringContaining("2 of 148 tests failed"),
    });
  });

  it("shows the failed step as retrying before the second attempt starts", async () => {
    const { snapshots } = await run();
    const statuses = snapshots
      .map((s) => activityOf(s)?.content.steps[2] as Step | undefined)
      .filter((step): step is Step => step !== undefined)
      .map((step) => `${step.status}:${step.attempts.length}`);
    const distinct = statuses.filter((s, i) => s !== statuses[i - 1]);
    expect(distinct).toEqual(["pending:0", "running:1", "retrying:1", "running:2", "succeeded:2"]);
  });

  it("closes with what the run means and what to do next, not the card's steps again", async () => {
    const { messages } = await run();
    const summary = (messages.at(-1) as AssistantMessage).content ?? "";
    expect(summary).toMatch(/^\*\*PR #318 is ready for review\.\*\* .*Next: review and merge/);
    const steps: Step[] = activityOf(messages)!.content.steps;
    for (const step of steps) expect(summary).not.toContain(step.name);
    expect(summary).not.toContain("$");
  });

  it("totals every attempt's tokens and cost, in the activity and the usage metadata", async () => {
    const { messages } = await run();
    const activity = activityOf(messages)!;
    const attempts = (activity.content.steps as Step[]).flatMap((s) => s.attempts);
    expect(attempts).toHaveLength(6);
    const inputTokens = attempts.reduce((sum, a) => sum + a.inputTokens, 0);
    expect(activity.content.totals.inputTokens).toBe(inputTokens);
    const summary = messages.at(-1) as AssistantMessage;
    // Reported on the message below the activity, so a stop marks that message, not the intro.
    expect(messages.indexOf(summary)).toBeGreaterThan(messages.indexOf(activity));
    expect(summary.metadata?.usage).toMatchObject({
      inputTokens,
      costUsd: activity.content.totals.costUsd,
    });
    // One model call per attempt, each with its tokens and cost.
    const calls = summary.metadata?.modelCalls as { name: string; costUsd: number }[];
    expect(calls.map((call) => call.name)).toEqual([
      "planning, attempt 1",
      "coding-activity, attempt 1",
      "verifications, attempt 1",
      "verifications, attempt 2",
      "git-gh, attempt 1",
      "concise-summary, attempt 1",
    ]);
    expect(calls.map((call) => call.costUsd)).toEqual(attempts.map((a) => a.costUsd));
    // Usage is reported once, so a readout that sums metadata does not count it twice.
    const intro = messages.find((m): m is AssistantMessage => m.role === "assistant")!;
    expect(intro.metadata?.usage).toBeUndefined();
  });
});
