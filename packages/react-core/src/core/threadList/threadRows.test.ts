import { describe, expect, it } from "vitest";
import { threadsFromRows } from "./threadRows";

describe("threadsFromRows", () => {
  it("drops rows without an id, repairs the others and keeps a repeated id once", () => {
    const threads = threadsFromRows([
      null,
      "thread",
      { title: "no id" },
      { threadId: 7, title: 3, createdAt: "garbage", updatedAt: "2026-11-20T10:00:00Z" },
      { threadId: "a", title: "Kept", createdAt: 1, preview: 42, extra: "stays" },
      { threadId: "a", title: "Repeated", createdAt: 2 },
    ]);
    expect(threads).toEqual([
      {
        threadId: "7",
        title: "",
        createdAt: "2026-11-20T10:00:00Z",
        updatedAt: "2026-11-20T10:00:00Z",
      },
      { threadId: "a", title: "Kept", createdAt: 1, extra: "stays" },
    ]);
  });

  it("reads a list that is not an array as empty", () => {
    expect(threadsFromRows({ threads: [] })).toEqual([]);
  });
});
