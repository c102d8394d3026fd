import { describe, expect, it } from "vitest";
import { threadTimeLabel } from "./threadTime";

const now = new Date(2026, 10, 26, 15, 0);
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("threadTimeLabel", () => {
  it.each([
    ["under a minute", minutesAgo(0.5), "now"],
    ["minutes", minutesAgo(5), "5 min"],
    ["hours", minutesAgo(125), "2 h"],
    ["a weekday within a week", new Date(2026, 10, 23, 9), "Mon"],
    ["a date this year", new Date(2026, 10, 12, 9), "12 Nov"],
    ["a date in another year", new Date(2024, 10, 12, 9), "12 Nov 2024"],
    ["an unreadable time", "soon", ""],
  ])("shows %s", (_case, time, label) => {
    expect(threadTimeLabel(time, now)).toBe(label);
  });
});
