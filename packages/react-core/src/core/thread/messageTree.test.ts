// @vitest-environment node
import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { ids, reply, user } from "../../../test/messageFixtures";
import { MessageTree } from "./messageTree";

describe("MessageTree", () => {
  it("keeps a replaced tail as a branch and reports it on the active path", () => {
    const tree = new MessageTree([user("q"), reply("a1")]);
    tree.setActivePath([user("q"), reply("a2")]);

    expect(ids(tree.activePath())).toEqual(["q", "a2"]);
    expect(tree.branchesOnActivePath()).toEqual({
      a2: { index: 1, count: 2, siblingIds: ["a1", "a2"] },
    });
    expect(tree.branchInfo("a1")).toEqual({ index: 0, count: 2, siblingIds: ["a1", "a2"] });
    expect(tree.branchInfo("unknown")).toBeUndefined();
  });

  it("switches to a sibling and below it to the branch that was last active there", () => {
    const tree = new MessageTree([user("q1"), reply("a1"), user("q2"), reply("a2")]);
    tree.setActivePath([user("q1-edit"), reply("b1")]);

    expect(tree.switchBranch("q1-edit", 0)).toBe(true);
    expect(ids(tree.activePath())).toEqual(["q1", "a1", "q2", "a2"]);
    expect(tree.switchBranch("q1", 1)).toBe(true);
    expect(ids(tree.activePath())).toEqual(["q1-edit", "b1"]);
    expect(tree.switchBranch("q1", 5)).toBe(false);
    expect(tree.switchBranch("nope", 0)).toBe(false);
  });

  it("updates a known message in place instead of adding a sibling", () => {
    const tree = new MessageTree([user("q"), reply("a")]);
    const updated: Message = { id: "a", role: "assistant", content: "changed", status: "complete" };
    tree.setActivePath([user("q"), updated]);

    expect(tree.activePath()[1]).toBe(updated);
    expect(tree.branchesOnActivePath()).toEqual({});
  });

  it("ends the active path at the last message given (a regenerate base)", () => {
    const tree = new MessageTree([user("q"), reply("a")]);
    tree.setActivePath([user("q")]);
    expect(ids(tree.activePath())).toEqual(["q"]);
    // The old reply is still a branch to switch back to once a new one exists.
    tree.setActivePath([user("q"), reply("b")]);
    expect(tree.switchBranch("b", 0)).toBe(true);
    expect(ids(tree.activePath())).toEqual(["q", "a"]);
  });

  it("forgets a removed message; the remaining sibling becomes active", () => {
    const tree = new MessageTree([user("q"), reply("a1")]);
    tree.setActivePath([user("q"), reply("a2")]);
    tree.remove("a2");

    expect(ids(tree.activePath())).toEqual(["q", "a1"]);
    expect(tree.branchesOnActivePath()).toEqual({});
  });

  it("gives the context a new sibling of a message gets", () => {
    const tree = new MessageTree([user("q1"), reply("a1"), user("q2")]);
    expect(ids(tree.pathBefore("q2"))).toEqual(["q1", "a1"]);
    expect(ids(tree.pathBefore("missing"))).toEqual(["q1", "a1", "q2"]);
  });
});
