import { describe, expect, it } from "vitest";
import { replay, userMessage } from "./scriptHarness";
import { appendLog, logLine, TASK_LOG_LIMIT, type TaskLogLine } from "./taskLog";
import { workdeckScript as script } from "./workdeck";
import { boards, cards, editMessage } from "./workdeckHarness";

const messagesOf = (lines: readonly TaskLogLine[]) => lines.map((line) => line.message);

describe("/workdeck task logs", () => {
  it("logs what each task's agent did, timestamped, from its first attempt to its output", async () => {
    const { messages } = await replay(script, [userMessage("/workdeck")]);
    const fetch = cards(messages).fetch!;
    expect(messagesOf(fetch.log)).toEqual([
      "Attempt 1 of 3 started on the data retrieval agent",
      'Tool call noaa.search_stations(city: "San Francisco") → USW00023272',
      "Tool call noaa.daily(station: USW00023272, year: 2025, element: TMAX) → 365 rows",
      "Converted to °C and wrote temps-2025-highs.csv",
      `Completed: ${fetch.output}`,
    ]);
    for (const line of fetch.log) {
      expect(line.level).toBe("info");
      expect(Number.isNaN(Date.parse(line.at))).toBe(false);
    }
    // A retried attempt is a warning, followed by the next attempt.
    expect(messagesOf(cards(messages).sheet!.log).slice(0, 3)).toEqual([
      "Attempt 1 of 3 started on the spreadsheet agent",
      "Sheets API rate limit (429); retrying (2/3)",
      "Attempt 2 of 3 started on the spreadsheet agent",
    ]);
    expect(cards(messages).sheet!.log[1]!.level).toBe("warn");
  });

  it("streams the log as the task runs: each update adds to it", async () => {
    const { snapshots } = await replay(script, [userMessage("/workdeck")]);
    const lengths = snapshots
      .filter((snapshot) => boards(snapshot).length > 0)
      .map((snapshot) => cards(snapshot).fit!.log.length);
    expect(new Set(lengths).size).toBeGreaterThan(4);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it("logs a failure as an error, and the edit that restarts the task", async () => {
    const failed = (await replay(script, [userMessage("/workdeck Compare Q3 revenue")])).messages;
    const fx = cards(failed).fx!;
    expect(fx.log.at(-1)).toMatchObject({
      level: "error",
      message: `Failed for good: ${fx.error}`,
    });
    expect(cards(failed).usd!.log.at(-1)).toMatchObject({
      level: "warn",
      message: "Blocked: waits on Fetch exchange rates, which failed",
    });
    const edit = editMessage("fx", "Use the ECB reference rates.");
    const after = cards((await replay(script, [...failed, edit])).messages);
    const restart = messagesOf(after.fx!.log).indexOf(
      "Instruction edited (revision 2); restarting",
    );
    expect(restart).toBe(fx.log.length);
    expect(messagesOf(after.usd!.log)).toContain("Restarting: Fetch exchange rates changed");
  });

  it("keeps the last lines only", () => {
    const log: TaskLogLine[] = [];
    const ops = Array.from({ length: TASK_LOG_LIMIT + 2 }, (_, n) =>
      appendLog(log, 3, logLine(`line ${n}`)),
    ).flat();
    expect(log).toHaveLength(TASK_LOG_LIMIT);
    expect(log[0]!.message).toBe("line 2");
    expect(ops.filter((op) => op.op === "remove")).toEqual([
      { op: "remove", path: "/tasks/3/log/0" },
      { op: "remove", path: "/tasks/3/log/0" },
    ]);
  });
});
