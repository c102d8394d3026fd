import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import type { Thread } from "../../types";
import { arrangeThreads } from "./arrangeThreads";

// Local times, so bands follow the reader's calendar whatever the time zone of the run.
const now = new Date(2026, 10, 26, 15, 0);
const at = (day: number) => new Date(2026, 10, day, 9);

const threads: Thread[] = [
  { threadId: "tax", title: "Tax questions", createdAt: at(10), updatedAt: at(23) },
  { threadId: "rome", title: "Trip to Rome", createdAt: at(25), updatedAt: at(25) },
  { threadId: "cafe", title: "Café list", createdAt: at(26), preview: "Three places to try" },
];
const messages: Record<string, Message[]> = {
  tax: [
    { id: "1", role: "user", content: "Can I deduct my **standing desk**?" },
    { id: "2", role: "user", content: "Edit task: ignore receipts", isVisuallyHidden: true },
  ],
};
const messagesOf = (id: string) => messages[id];

const arranged = (query: string) =>
  arrangeThreads(threads, { query, now, messagesOf }).map((group) => [
    group.label,
    group.threads.map((t) => t.threadId),
  ]);

describe("arrangeThreads", () => {
  it("groups every thread by recency, newest first, without a query", () => {
    expect(arranged("")).toEqual([
      ["Today", ["cafe"]],
      ["Yesterday", ["rome"]],
      ["Previous 7 days", ["tax"]],
    ]);
  });

  it("finds threads by title and preview, ignoring case and accents", () => {
    expect(arranged("CAFE")).toEqual([["Today", ["cafe"]]]);
    expect(arranged("places TRY")).toEqual([["Today", ["cafe"]]]);
    expect(arranged("rome places")).toEqual([]);
  });

  it("finds a thread by the plain text of its loaded messages, never a hidden one", () => {
    expect(arranged("my standing desk")).toEqual([["Previous 7 days", ["tax"]]]);
    expect(arranged("receipts")).toEqual([]);
    // Without its messages, the thread is found by its title and preview only.
    expect(arrangeThreads(threads, { query: "desk", now })).toEqual([]);
  });
});
