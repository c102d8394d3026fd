import { describe, expect, it } from "vitest";
import { assistantText, replay, userMessage } from "./scriptHarness";
import { workdeckScript as script } from "./workdeck";
import { boards, cards, editMessage } from "./workdeckHarness";

const revenueRun = () => replay(script, [userMessage("/workdeck Compare Q3 revenue with Q2")]);
const ECB = "Fetch the average EUR→USD and JPY→USD rates for the three quarters from the ECB.";

describe("/workdeck: a task that fails for good, fixed by editing it", () => {
  it("retries the failing task, fails it with its reason, blocks what needs it and runs the rest", async () => {
    const { messages, snapshots } = await revenueRun();
    const byId = cards(messages);
    expect(boards(messages)[0]!.content.status).toBe("failed");
    expect(byId.fx).toMatchObject({ status: "failed", attempt: 3, maxAttempts: 3 });
    expect(byId.fx!.error).toBe(
      "fx-rates.example did not answer within 30 s (network timeout) on all 3 attempts. Edit the instruction to use another source, e.g. the ECB reference rates instead of fx-rates.example.",
    );
    expect(byId.fx!.output).toBeUndefined();
    // Independent work finished; work that needs the failed task waits.
    expect([byId.q3!.status, byId.baseline!.status]).toEqual(["completed", "completed"]);
    expect([byId.usd!.status, byId.chart!.status, byId.summary!.status]).toEqual(
      Array(3).fill("blocked"),
    );
    // Each retry was shown.
    const retries = snapshots
      .map((snapshot) => (boards(snapshot).length > 0 ? cards(snapshot).fx : undefined))
      .filter((card) => card?.status === "retrying")
      .map((card) => card!.attempt);
    expect([...new Set(retries)]).toEqual([2, 3]);

    const text = assistantText(messages);
    expect(text).toContain("2 of 6 tasks completed.");
    expect(text).toContain(
      "**Fetch exchange rates failed:** fx-rates.example did not answer within 30 s",
    );
    expect(text).toContain(
      "3 tasks wait on it (Convert to USD, Chart the comparison, Write the summary). Edit its instruction to fix it",
    );
  });

  it("restarts from the edited failed task: it and its dependants run, finished work is kept", async () => {
    const before = (await revenueRun()).messages;
    const old = cards(before);
    const { messages, snapshots } = await replay(script, [...before, editMessage("fx", ECB)]);
    expect(boards(messages).map((b) => b.id)).toEqual(boards(before).map((b) => b.id));
    const after = cards(messages);
    expect(boards(messages)[0]!.content.status).toBe("completed");
    expect(after.fx).toMatchObject({ status: "completed", revision: 2, attempt: 1, prompt: ECB });
    expect(after.fx!.error).toBeUndefined();
    expect(after.fx!.output).toContain("Quarterly averages from ECB reference rates");
    expect(after.usd!.output).toContain("9 rows at ECB reference rates");
    for (const id of ["usd", "chart", "summary"]) expect(after[id]!.status).toBe("completed");
    for (const kept of ["q3", "baseline"]) expect(after[kept]).toEqual(old[kept]);
    // The kept tasks never ran again.
    for (const snapshot of snapshots) {
      expect(cards(snapshot).q3!.status).toBe("completed");
    }

    const text = assistantText(messages.slice(before.length));
    expect(text).toContain(
      "Restarting the failed task **Fetch exchange rates** with the new instruction and 3 dependants",
    );
    expect(text).toContain("Kept the outputs of Pull Q3 revenue, Pull comparison quarters.");
    expect(text).toContain("re-ran 4 tasks, kept 2. 6 of 6 tasks completed.");
  });

  it("restarts a failed task unchanged: the same revision runs again, and fails again", async () => {
    const before = (await revenueRun()).messages;
    const prompt = cards(before).fx!.prompt;
    const { messages } = await replay(script, [...before, editMessage("fx", prompt)]);
    const fx = cards(messages).fx!;
    expect(fx).toMatchObject({ status: "failed", revision: 1, attempt: 3, prompt });
    expect(fx.log!.map((line) => line.message)).toContain("Restarted with the same instruction");
    expect(assistantText(messages.slice(before.length))).toContain(
      "Restarting the failed task **Fetch exchange rates** with the same instruction and 3 dependants",
    );
  });

  it("fails again while the edited instruction still names the source that is down", async () => {
    const before = (await revenueRun()).messages;
    const edit = editMessage("fx", "Fetch the rates from fx-rates.example/api/v2 instead.");
    const { messages } = await replay(script, [...before, edit]);
    expect(cards(messages).fx).toMatchObject({ status: "failed", revision: 2, attempt: 3 });
    expect(boards(messages)[0]!.content.status).toBe("failed");
  });
});
