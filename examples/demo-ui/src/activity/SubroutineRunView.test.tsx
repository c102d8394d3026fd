import type { ActivityMessage } from "@crayonai/stream";
import { afterEach, describe, expect, it } from "vitest";
import { DemoActionsProvider } from "../DemoActions";
import { fakeChat, type Rendered, render } from "../testing/render";
import { SubroutineRunView } from "./SubroutineRunView";

const run: ActivityMessage = {
  id: "cyrus",
  role: "activity",
  activityType: "subroutine-run",
  content: {
    title: "full-development · CYR-142",
    issue: { id: "CYR-142", title: "Retry webhooks" },
    status: "running",
    totals: { inputTokens: 49_700, outputTokens: 4_300, costUsd: 0.214, durationMs: 170_000 },
    steps: [
      {
        name: "verifications",
        model: "sonnet",
        maxAttempts: 3,
        status: "running",
        attempts: [
          {
            number: 1,
            status: "failed",
            result: "2 tests failed",
            durationMs: 74_000,
            inputTokens: 22_100,
            outputTokens: 1_900,
            costUsd: 0.0948,
          },
          { number: 2, status: "running", activity: "pnpm test" },
        ],
      },
      {
        name: "concise-summary",
        model: "haiku",
        maxAttempts: 1,
        singleTurn: true,
        status: "pending",
        attempts: [],
      },
    ],
  },
};

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("SubroutineRunView", () => {
  it("shows each step's model, its attempts and the failed attempt's reason", async () => {
    view = await render(
      <DemoActionsProvider chat={fakeChat({ isRunning: true })}>
        <SubroutineRunView message={run} />
      </DemoActionsProvider>,
    );
    const [verify, summary] = [...view.container.querySelectorAll(".demo-step")];
    expect(verify?.textContent).toContain("Model: sonnet");
    expect(verify?.textContent).toContain("Attempt 2 of 3");
    expect(verify?.textContent).toContain("Attempt 1Failed1 min 14 s · 24,000 tokens · $0.0948");
    expect(verify?.textContent).toContain("2 tests failed");
    expect(verify?.textContent).toContain("Attempt 2Runningpnpm test");
    expect(summary?.textContent).toContain("Model: haiku");
    expect(summary?.textContent).toContain("Single turn");
    expect(view.container.textContent).toContain(
      "2 attempts, 2 min 50 s agent time, 54,000 tokens, $0.2140.",
    );
    expect(summary?.querySelector(".demo-step__meta")?.textContent).toBe("Model: haikuSingle turn");
  });

  it("gives a step that succeeded on a retry its outcome and time, not a live counter", async () => {
    const [verify] = run.content.steps;
    const finished: ActivityMessage = {
      ...run,
      content: {
        ...run.content,
        status: "completed",
        steps: [
          {
            ...verify,
            status: "succeeded",
            attempts: [
              verify.attempts[0],
              { ...verify.attempts[0], number: 2, status: "succeeded", durationMs: 96_000 },
            ],
          },
        ],
      },
    };
    view = await render(
      <DemoActionsProvider chat={fakeChat()}>
        <SubroutineRunView message={finished} />
      </DemoActionsProvider>,
    );
    const head = view.container.querySelector(".demo-step__head");
    expect(head?.textContent).not.toContain("Attempt 2 of 3");
    // Name and status first; model, outcome and time below them.
    expect(head?.textContent).toBe(
      "verificationsSucceededModel: sonnetSucceeded on attempt 2Time: 2 min 50 s",
    );
  });
});
