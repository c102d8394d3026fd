import type { AssistantMessage, Message, ToolMessage } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { humanResponse } from "../agent/conversation";
import { withApprovalAnswers } from "./approvalAnswers";

const waiting: AssistantMessage = {
  id: "a1",
  role: "assistant",
  content: "May I?",
  status: "awaiting_input",
  toolCalls: [
    {
      id: "call-1",
      type: "function",
      function: { name: "schedule_meeting", arguments: "{}" },
      metadata: { approvalId: "approval-1" },
    },
  ],
};
const thread: Message[] = [{ id: "u1", role: "user", content: "/approve" }, waiting];

describe("withApprovalAnswers", () => {
  it("records an answer that names its approval as respond does", () => {
    const answered = withApprovalAnswers(thread, [{ approvalId: "approval-1", approved: true }]);
    expect(answered).toHaveLength(3);
    expect(answered[1]).toMatchObject({
      status: "complete",
      toolCalls: [{ id: "call-1", metadata: { approvalId: "approval-1", approved: true } }],
    });
    expect(answered[2]).toMatchObject({
      role: "user",
      isVisuallyHidden: true,
      content: "Approved.",
    });
    expect(humanResponse(answered)).toEqual({
      response: "approve",
      toolCallId: "call-1",
      approvalId: "approval-1",
    });
  });

  it("reads an answer recorded on the call itself, with the reason", () => {
    const recorded: AssistantMessage = {
      ...waiting,
      toolCalls: [
        {
          ...waiting.toolCalls![0]!,
          metadata: { approvalId: "approval-1", approved: false, reason: "not now" },
        },
      ],
    };
    const answered = withApprovalAnswers([thread[0]!, recorded]);
    expect(answered[2]).toMatchObject({ content: "Rejected: not now" });
    expect(humanResponse(answered)).toMatchObject({ response: "reject", reason: "not now" });
  });

  it("changes nothing when the thread already ends with the answer", () => {
    const withAnswer = withApprovalAnswers(thread, [{ approvalId: "approval-1", approved: true }]);
    expect(withApprovalAnswers(withAnswer, [{ approvalId: "approval-1", approved: true }])).toEqual(
      withAnswer,
    );
  });

  it("changes nothing for an answer to no call, or to a call that has its result", () => {
    expect(withApprovalAnswers(thread, [{ approvalId: "other", approved: true }])).toEqual(thread);
    const result: ToolMessage = { id: "t1", role: "tool", toolCallId: "call-1", content: "ok" };
    const done = [...thread, result];
    expect(withApprovalAnswers(done, [{ toolCallId: "call-1", approved: true }])).toEqual(done);
  });
});
