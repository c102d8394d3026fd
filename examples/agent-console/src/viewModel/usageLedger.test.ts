import { describe, expect, it } from "vitest";
import { localDay, usageLedger } from "./usageLedger";

const report = (costUsd: number, calls = 1) => ({
  inputTokens: 100,
  outputTokens: 10,
  costUsd,
  calls,
  run: "u1",
  label: "/cyrus",
});

describe("usageLedger", () => {
  it("adds the day's threads once each, replacing a message's earlier report", () => {
    localStorage.clear();
    const ledger = usageLedger(localStorage);
    ledger.record("2026-11-26", new Map([["a1", report(0.01)]]));
    ledger.record("2026-11-26", new Map([["b1", report(0.02)]]));
    // The first thread again, its run further along: its report grew.
    const today = ledger.record("2026-11-26", new Map([["a1", report(0.03, 3)]]));
    expect(today.map((r) => [r.costUsd, r.calls])).toEqual([
      [0.03, 3],
      [0.02, 1],
    ]);
    expect(ledger.read("2026-11-26")).toEqual(today);
  });

  it("starts a new day at zero and forgets earlier days", () => {
    localStorage.clear();
    const ledger = usageLedger(localStorage);
    ledger.record("2026-11-25", new Map([["a1", report(1)]]));
    expect(ledger.record("2026-11-26", new Map())).toEqual([]);
    expect(localStorage.length).toBe(1);
  });

  it("reads a report stored before calls were counted as one call, in no run", () => {
    localStorage.clear();
    localStorage.setItem(
      "crayon-agent-console:usage:2026-11-26",
      JSON.stringify({ a1: { inputTokens: 5, outputTokens: 1, costUsd: 0.5 } }),
    );
    expect(usageLedger(localStorage).read("2026-11-26")).toEqual([
      { inputTokens: 5, outputTokens: 1, costUsd: 0.5, calls: 1, run: "", label: "" },
    ]);
  });

  it("names days by the local calendar", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});
