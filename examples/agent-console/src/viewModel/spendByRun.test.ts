import { describe, expect, it } from "vitest";
import { spendByRun } from "./spendByRun";

const report = (run: string, costUsd: number, calls = 1) => ({
  inputTokens: 0,
  outputTokens: 0,
  costUsd,
  calls,
  run,
  label: `/${run}`,
});

describe("spendByRun", () => {
  it("adds a run's reports up, runs in the order they started", () => {
    const runs = spendByRun([report("a", 0.1), report("b", 0.2, 5), report("a", 0.05, 2)], 2);
    expect(runs.map((r) => [r.label, r.costUsd, r.calls])).toEqual([
      ["/a", 0.15, 3],
      ["/b", 0.2, 5],
    ]);
    expect(runs.some((r) => r.tripped)).toBe(false);
  });

  it("marks the run that took the day over the limit, and only that one", () => {
    const runs = spendByRun([report("a", 0.3), report("b", 0.3), report("c", 0.3)], 0.5);
    expect(runs.map((r) => r.tripped)).toEqual([false, true, false]);
  });
});
