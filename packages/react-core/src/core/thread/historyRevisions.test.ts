// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ids, reply, user } from "../../../test/messageFixtures";
import { editEdit, isEmptyFailure, regenerateEdit, respondEdit } from "./historyRevisions";

const thread = [user("u1"), reply("a1"), user("u2"), reply("a2")];

describe("regenerateEdit", () => {
  it.each([
    ["the last reply by default", undefined, ["u1", "a1", "u2"], "a2"],
    ["an earlier reply", "a1", ["u1"], "a1"],
    ["the reply of a user message", "u2", ["u1", "a1", "u2"], "a2"],
  ])("starts from the user message before %s", (_name, messageId, base, replaced) => {
    const edit = regenerateEdit(thread, messageId);
    expect(ids(edit.base)).toEqual(base);
    expect(edit.replaced?.id).toBe(replaced);
    expect(edit.discarded).toBeUndefined();
  });

  it("discards an empty failed reply instead of keeping it as a branch", () => {
    const failed = reply("a3", { content: "", status: "error" });
    expect(regenerateEdit([user("u1"), failed]).discarded).toBe(failed);
    const partial = reply("a3", { content: "Half", status: "stopped" });
    expect(regenerateEdit([user("u1"), partial]).discarded).toBeUndefined();
  });

  it("rejects a thread with no user message", () => {
    expect(() => regenerateEdit([reply("a1")])).toThrow(/no user message/);
  });
});

describe("editEdit", () => {
  it("puts the new content in a new message after the edited one's history", () => {
    const { base, edited } = editEdit(thread, "u2", "Changed");
    expect(ids(base.slice(0, 2))).toEqual(["u1", "a1"]);
    expect(base[2]).toBe(edited);
    expect(edited).toMatchObject({ role: "user", content: "Changed" });
    expect(edited.id).not.toBe("u2");
  });

  it.each(["a1", "missing"])("refuses to edit %s (not a user message on the branch)", (id) => {
    expect(() => editEdit(thread, id, "x")).toThrow(/Only a user message/);
  });
});

it("isEmptyFailure: a stopped or failed reply with no text and no tool calls", () => {
  expect(isEmptyFailure(reply("a", { content: "", status: "stopped" }))).toBe(true);
  expect(isEmptyFailure(reply("a", { content: "", status: "error" }))).toBe(true);
  expect(isEmptyFailure(reply("a", { content: "half", status: "stopped" }))).toBe(false);
  expect(isEmptyFailure(reply("a", { content: "", status: "complete" }))).toBe(false);
});

describe("respondEdit", () => {
  const approval = reply("a1", {
    status: "awaiting_input",
    toolCalls: [
      {
        id: "call-1",
        type: "function",
        function: { name: "delete_file", arguments: "{}" },
        metadata: { approvalId: "ap-1" },
      },
    ],
  });

  it.each([
    ["approve", { type: "approve" } as const, "Approved.", { approved: true }],
    [
      "reject with a reason",
      { type: "reject", reason: "too risky" } as const,
      "Rejected: too risky",
      { approved: false, reason: "too risky" },
    ],
  ])("%s: resolves the call and adds a hidden answer", (_name, response, text, metadata) => {
    const { history, resolved, answer } = respondEdit([user("u1"), approval], response);
    expect(resolved.status).toBe("complete");
    expect(resolved.toolCalls![0]!.metadata).toMatchObject({ approvalId: "ap-1", ...metadata });
    expect(answer).toMatchObject({ role: "user", content: text, isVisuallyHidden: true });
    expect(answer.context).toEqual([
      expect.objectContaining({ toolCallId: "call-1", approvalId: "ap-1" }),
    ]);
    expect(history).toEqual([user("u1"), resolved, answer]);
  });

  it("answers a question with a visible message", () => {
    const question = reply("a1", { status: "awaiting_input" });
    const { answer } = respondEdit([user("u1"), question], { type: "input", content: "Paris" });
    expect(answer).toMatchObject({ role: "user", content: "Paris" });
    expect(answer.isVisuallyHidden).toBeUndefined();
  });

  it("rejects when nothing waits for input", () => {
    expect(() => respondEdit([user("u1"), reply("a1")], { type: "approve" })).toThrow(
      /No message is waiting/,
    );
  });
});
