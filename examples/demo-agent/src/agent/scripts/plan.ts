import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "../ids";
import { pause } from "../pause";
import type { Script, ScriptContext } from "../script";
import { assistantMessage } from "../scriptEvents";

/** The status of one plan step. */
export type PlanStepStatus = "pending" | "running" | "done";

/** The content of the `plan` activity: what the default activity renderer shows as a list. */
export type PlanContent = {
  title: string;
  steps: { title: string; status: PlanStepStatus }[];
};

/** The steps of the /plan activity, in order. */
export const planSteps = [
  "Read the release checklist",
  "Run the test suite",
  "Build the packages",
  "Write the changelog",
];

/** The summary that follows the finished plan. */
// The plan card lists the steps; the answer says what they add up to, not the list again.
export const planSummaryText = "The release is ready to publish.";

/** How many text-delta delays a plan step takes, so the progress can be watched. */
const STEP_DELAYS = 15;

async function* plan({ signal, delayMs = 0 }: ScriptContext): AsyncGenerator<CrayonStreamEvent> {
  const messageId = createId("plan");
  const content: PlanContent = {
    title: "Release plan",
    steps: planSteps.map((title) => ({ title, status: "pending" })),
  };
  yield { type: "activity-snapshot", activityType: "plan", messageId, content };
  for (let index = 0; index < planSteps.length; index++) {
    for (const status of ["running", "done"] as const) {
      await pause(delayMs * STEP_DELAYS, signal);
      yield {
        type: "activity-delta",
        activityType: "plan",
        messageId,
        patch: [{ op: "replace", path: `/steps/${index}/status`, value: status }],
      };
    }
  }
  yield* assistantMessage(planSummaryText);
}

/**
 * `/plan`: an activity message (`activityType: "plan"`) whose steps progress from pending to
 * running to done through JSON Patch deltas, then a summary.
 */
export const planScript: Script = {
  command: "/plan",
  description: "A plan activity whose steps progress live, then a summary.",
  run: plan,
};
