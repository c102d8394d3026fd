import { describe, expect, it } from "vitest";
import type { Thread } from "../../types";
import { groupThreads } from "./threadGroups";

// Local times, so bands follow the reader's calendar whatever the time zone of the run.
const now = new Date(2026, 10, 26, 15, 0);
const at = (day: number, month = 10, year = 2026, hour = 9) => new Date(year, month, day, hour);
const thread = (threadId: string, updatedAt: Date, createdAt: Date | number = 0): Thread => ({
  threadId,
  title: threadId,
  createdAt,
  updatedAt,
});

describe("groupThreads", () => {
  it("orders by last activity and groups by recency, then by month", () => {
    const groups = groupThreads(
      [
        thread("older-this-year", at(2, 6)),
        thread("last-year", at(20, 11, 2025)),
        thread("yesterday", at(25)),
        thread("today-early", at(26, 10, 2026, 1)),
        thread("three-days", at(23)),
        thread("today-late", at(26, 10, 2026, 14)),
        thread("two-weeks", at(12)),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.threads.map((t) => t.threadId)])).toEqual([
      ["Today", ["today-late", "today-early"]],
      ["Yesterday", ["yesterday"]],
      ["Previous 7 days", ["three-days"]],
      ["Previous 30 days", ["two-weeks"]],
      ["July", ["older-this-year"]],
      ["December 2025", ["last-year"]],
    ]);
  });

  it("falls back to createdAt, and puts unreadable times last", () => {
    const groups = groupThreads(
      [
        { threadId: "bad", title: "", createdAt: "not a date" },
        { threadId: "created", title: "", createdAt: at(26).toISOString() },
      ],
      now,
    );
    expect(groups.flatMap((g) => g.threads.map((t) => t.threadId))).toEqual(["created", "bad"]);
  });
});
