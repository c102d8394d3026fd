import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { loadedMessages } from "./loadedMessages";

const message = (id: string, parentId?: string): Message => ({
  id,
  role: "user",
  content: id,
  ...(parentId && { parentId }),
});

describe("loadedMessages", () => {
  it("takes a flat list as it is", () => {
    const list = [message("a"), message("b")];
    expect(loadedMessages(list)).toEqual(list);
    expect(loadedMessages({ messages: list })).toEqual(list);
  });

  it("follows the stored tree's active branch up from its leaf", () => {
    const tree = [message("a"), message("b", "a"), message("c", "a"), message("d", "b")];
    const ids = (loaded: unknown) => loadedMessages(loaded).map((m) => m.id);
    expect(ids({ messages: tree, activeLeafId: "c" })).toEqual(["a", "c"]);
    expect(ids({ messages: tree })).toEqual(["a", "b", "d"]);
  });

  it("leaves out stored rows that are not messages, and keeps the rest", () => {
    const rows = [message("a"), { id: "b", role: "user", content: 5 }, null, message("c")];
    expect(loadedMessages(rows).map((m) => m.id)).toEqual(["a", "c"]);
    expect(loadedMessages({ messages: rows }).map((m) => m.id)).toEqual(["a", "c"]);
  });

  it("reads anything else as no messages", () => {
    expect(loadedMessages(undefined)).toEqual([]);
    expect(loadedMessages({ messages: "x" })).toEqual([]);
  });
});
