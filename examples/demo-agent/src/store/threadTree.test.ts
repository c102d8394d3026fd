import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { activeBranch, mergePath } from "./threadTree";

const user = (id: string, content = id): Message => ({ id, role: "user", content });
const reply = (id: string): Message => ({ id, role: "assistant", content: id, status: "complete" });
const ids = (messages: readonly Message[]) => messages.map((m) => m.id);

describe("a stored thread tree", () => {
  it("keeps a regenerated reply's old branch and shows the new one", () => {
    const first = mergePath([], [user("u1"), reply("a1")]);
    const regenerated = mergePath(first, [user("u1"), reply("a2")]);
    expect(ids(regenerated)).toEqual(["u1", "a1", "a2"]);
    expect(regenerated.map((m) => m.parentId)).toEqual([undefined, "u1", "u1"]);
    expect(ids(activeBranch(regenerated))).toEqual(["u1", "a2"]);
    expect(ids(activeBranch(regenerated, "a1"))).toEqual(["u1", "a1"]);
  });

  it("keeps an edited message's old branch with its reply", () => {
    const before = mergePath([], [user("u1"), reply("a1"), user("u2"), reply("a2")]);
    const edited = mergePath(before, [user("u1"), reply("a1"), user("u2b", "edited"), reply("a3")]);
    expect(ids(activeBranch(edited))).toEqual(["u1", "a1", "u2b", "a3"]);
    expect(ids(activeBranch(edited, "a2"))).toEqual(["u1", "a1", "u2", "a2"]);
  });

  it("replaces a known message in place (a finished reply over its checkpoint)", () => {
    const streaming: Message = { id: "a1", role: "assistant", content: "Hal", status: "streaming" };
    const done = mergePath(mergePath([], [user("u1"), streaming]), [user("u1"), reply("a1")]);
    expect(done).toHaveLength(2);
    expect(done[1]).toMatchObject({ content: "a1", status: "complete", parentId: "u1" });
  });

  it("reads rows saved before threads were trees as one branch", () => {
    const flat = [user("u1"), reply("a1"), user("u2")];
    expect(activeBranch(flat)).toEqual(flat);
  });

  it("falls back to the last row for an unknown leaf", () => {
    const rows = mergePath([], [user("u1"), reply("a1")]);
    expect(ids(activeBranch(rows, "gone"))).toEqual(["u1", "a1"]);
  });
});
