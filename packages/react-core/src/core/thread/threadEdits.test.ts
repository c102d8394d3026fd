// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ids, reply, user } from "../../../test/messageFixtures";
import { mergeHistory, withParents } from "./threadEdits";

const thread = [user("u1"), reply("a1"), user("u2"), reply("a2")];

describe("withParents", () => {
  it("sets each named message's parent to the message before it, and keeps the rest", () => {
    const path = withParents(thread, new Set(["u1", "a2"]));
    expect(path.map((m) => m.parentId)).toEqual([undefined, undefined, undefined, "u2"]);
    expect(path[1]).toBe(thread[1]);
  });

  it("returns the same list when every parent is already right", () => {
    const path = withParents(thread, new Set(["a2"]));
    expect(withParents(path, new Set(["a2"]))).toBe(path);
  });
});

it("mergeHistory keeps loaded messages first, then local ones it lacks", () => {
  expect(ids(mergeHistory([user("u1"), reply("a1")], [user("u1"), user("u9")]))).toEqual([
    "u1",
    "a1",
    "u9",
  ]);
});
