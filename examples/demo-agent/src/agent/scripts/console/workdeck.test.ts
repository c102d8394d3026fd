import { describe, expect, it } from "vitest";
import { answeringScript, assistantText, replay, userMessage } from "./scriptHarness";
import { workdeckScript as script } from "./workdeck";
import { boards, cards, editMessage } from "./workdeckHarness";

const firstRun = () => replay(script, [userMessage("/workdeck")]);

describe("/workdeck", () => {
  it("answers /workdeck and card edits, not other messages", () => {
    expect(answeringScript([userMessage("/workdeck")]).command).toBe("/workdeck");
    expect(answeringScript([editMessage("fit", "Use two harmonics")]).command).toBe("/workdeck");
    expect(answeringScript([userMessage("workdeck please")]).command).not.toBe("/workdeck");
  });

  it("plans the action into cards and completes every one, with a text summary", async () => {
    const { messages } = await firstRun();
    const board = boards(messages)[0]!;
    expect(board.content.status).toBe("completed");
    expect(board.content.rootPrompt).toContain("sinusoidal");
    const all = Object.values(cards(messages));
    expect(all.map((card) => card.status)).toEqual(Array(5).fill("completed"));
    expect(all.every((card) => card.progress === 100 && card.runs === 1)).toBe(true);
    const text = assistantText(messages);
    expect(text).toContain("Planned **5 tasks**");
    expect(text).toContain("5 of 5 tasks completed");
    expect(text).toContain("with the scripted plan “SF weather 2025, sine fit”");
    // The cards show the outputs; the text does not repeat them.
    expect(cards(messages).fit!.output).toContain("Sine on the 2025 daily highs: A = 4.1 °C");
    expect(text).not.toContain("Sine on the 2025 daily highs");
  });

  it("runs independent tasks in parallel and waits for dependencies", async () => {
    const { snapshots } = await firstRun();
    const running = snapshots
      .filter((snapshot) => boards(snapshot).length > 0)
      .map((snapshot) =>
        Object.values(cards(snapshot))
          .filter((card) => card.status === "running" || card.status === "retrying")
          .map((card) => card.id)
          .sort()
          .join("+"),
      );
    expect(running).toContain("fetch+station");
    expect(running).toContain("fit+sheet");
    for (const snapshot of snapshots.filter((s) => boards(s).length > 0)) {
      const byId = cards(snapshot);
      if (byId.report!.status !== "pending") {
        for (const dependency of ["sheet", "fit", "station"]) {
          expect(byId[dependency]!.status).toBe("completed");
        }
      }
    }
  });

  it("shows a transient failure as retrying and succeeds on the next attempt", async () => {
    const { snapshots, messages } = await firstRun();
    const retrying = snapshots
      .map((snapshot) => (boards(snapshot).length > 0 ? cards(snapshot).sheet : undefined))
      .find((card) => card?.status === "retrying");
    expect(retrying).toMatchObject({
      attempt: 2,
      maxAttempts: 3,
      error: "Sheets API rate limit (429)",
    });
    expect(cards(messages).sheet).toMatchObject({ status: "completed", attempt: 2 });
    expect(assistantText(messages)).toContain("Build the spreadsheet (attempt 2 of 3)");
  });

  it("restarts an edited task and its dependants in place, keeping upstream outputs", async () => {
    const before = (await firstRun()).messages;
    const old = cards(before);
    const edit = editMessage("fit", "Fit two harmonics (annual and semi-annual).");
    const { messages, snapshots } = await replay(script, [...before, edit]);

    // The same board message was updated; no new board appeared.
    expect(boards(messages).map((b) => b.id)).toEqual(boards(before).map((b) => b.id));
    const after = cards(messages);
    expect(after.fit).toMatchObject({
      prompt: "Fit two harmonics (annual and semi-annual).",
      revision: 2,
      runs: 2,
      status: "completed",
      stale: false,
    });
    expect(old.fit!.output).toContain("Sine on the 2025 daily highs");
    expect(after.fit!.output).toContain("Two harmonics on the 2025 daily highs: A₁ = 4.1 °C");
    // The report re-ran on the new fit; what it reports on did not change.
    expect(after.report).toMatchObject({ runs: 2, status: "completed" });
    expect(after.report!.output).toBe(old.report!.output);
    for (const kept of ["fetch", "station", "sheet"]) {
      expect(after[kept]).toEqual(old[kept]);
    }

    // The edited task and its dependant were reset (output kept but marked stale) before re-running.
    const reset = snapshots.map((s) => cards(s)).find((c) => c.fit!.status === "pending");
    expect(reset?.report).toMatchObject({ status: "pending", progress: 0, stale: true });
    expect(reset?.report?.output).toBe(old.report!.output);

    const text = assistantText(messages.slice(before.length));
    expect(text).toContain("Restarting **Fit a sine curve**");
    expect(text).toContain("1 dependant (Write the report)");
    expect(text).toContain("re-ran 2 tasks, kept 3");
  });

  it("follows an edited instruction: its card and the cards using its output change", async () => {
    const before = (await firstRun()).messages;
    const old = cards(before);
    expect(old.fetch!.output).toBe(
      "365 daily highs for 2025, 8.9 °C to 31.1 °C (artifact temps-2025-highs.csv).",
    );
    const edit = editMessage(
      "fetch",
      "Fetch 2024 daily low temperatures for San Francisco as CSV.",
    );
    const after = cards((await replay(script, [...before, edit])).messages);
    expect(after.fetch!.output).toBe(
      "366 daily lows for 2024, 3.8 °C to 15.6 °C (artifact temps-2024-lows.csv).",
    );
    expect(after.sheet!.output).toBe(
      "Sheet 'SF 2024 lows' with 366 rows and a 7-day average column.",
    );
    expect(after.fit!.output).toContain("Sine on the 2024 daily lows: A = 3.2 °C");
    expect(after.report!.output).toContain("the 2024 daily lows at Downtown SF");
    expect(after.station).toEqual(old.station);
  });

  it("quotes an instruction it cannot act on whole, never cut short", async () => {
    const before = (await firstRun()).messages;
    const text = "Summarise the station's history since it opened, including every relocation.";
    const after = cards((await replay(script, [...before, editMessage("station", text)])).messages);
    expect(after.station!.output).toContain(`Instruction followed: “${text}”`);
  });

  it("reports each finished attempt's usage below the board, and keeps it when stopped", async () => {
    const { messages, events } = await firstRun();
    const board = boards(messages)[0]!;
    const summary = messages.at(-1)!;
    expect(messages.indexOf(summary)).toBeGreaterThan(messages.indexOf(board));
    // 5 completed attempts and the spreadsheet's failed first attempt, at list prices.
    expect(summary.metadata?.usage).toEqual({
      model: "mixed",
      inputTokens: 10_600,
      outputTokens: 3_227,
      costUsd: 0.065,
    });
    const reports = events.filter((event) => event.type === "message-metadata");
    expect(reports.length).toBeGreaterThan(3);
    expect(assistantText(messages)).toContain(
      "Spend for this run: 10,600 tokens in, 3,227 out, $0.0650.",
    );

    const boardStart = events.findIndex((event) => event.type === "activity-snapshot");
    const stopped = (
      await replay(script, [userMessage("/workdeck")], { abortAfter: boardStart + 8 })
    ).messages;
    const last = stopped.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", status: "stopped" });
    expect(stopped.indexOf(last)).toBeGreaterThan(stopped.indexOf(boards(stopped)[0]!));
    expect(last.metadata?.usage).toMatchObject({ inputTokens: expect.any(Number) });
    expect((last.metadata?.usage as { costUsd: number } | undefined)?.costUsd).toBeGreaterThan(0);
  });

  it("finishes the work a stopped run left undone when a card is edited", async () => {
    const full = await firstRun();
    const boardStart = full.events.findIndex((event) => event.type === "activity-snapshot");
    const stopped = (
      await replay(script, [userMessage("/workdeck")], { abortAfter: boardStart + 6 })
    ).messages;
    const unfinished = Object.values(cards(stopped)).filter((card) => card.status !== "completed");
    expect(unfinished.length).toBeGreaterThan(0);

    const { messages } = await replay(script, [
      ...stopped,
      editMessage("station", "Also note the station's distance from the coast."),
    ]);
    expect(Object.values(cards(messages)).map((card) => card.status)).toEqual(
      Array(5).fill("completed"),
    );
    expect(assistantText(messages.slice(stopped.length))).toMatch(
      /re-ran 2 tasks, resumed \d the last run left, kept \d/,
    );
  });

  it("answers an edit of an unknown task without touching any board", async () => {
    const before = (await firstRun()).messages;
    const { events, messages } = await replay(script, [...before, editMessage("nope", "x")]);
    expect(events.some((event) => event.type === "activity-delta")).toBe(false);
    expect(assistantText(messages.slice(before.length))).toContain("There is no task `nope`");
  });
});
