import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { ToolCallView } from "./ToolCallView";

function call(metadata?: Record<string, unknown>): ToolCall {
  return {
    id: "call-1",
    type: "function",
    function: { name: "delete_files", arguments: '{"path":"tmp"}' },
    metadata,
  } as ToolCall;
}

const RESULT = { id: "r1", role: "tool", toolCallId: "call-1", content: "ok" } as ToolMessage;

function stateOf(container: HTMLElement) {
  return container.querySelector(".crayon-tool-call__state")?.textContent;
}

describe("ToolCallView", () => {
  it("reads Running while a call without approval request has no result", () => {
    const { container } = render(<ToolCallView toolCall={call()} replyStatus="streaming" />);
    expect(stateOf(container)).toBe("Running");
  });

  it("reads Awaiting approval while the reply waits for the user to approve the call", () => {
    const { container } = render(
      <ToolCallView toolCall={call({ approvalId: "ap-1" })} replyStatus="awaiting_input" />,
    );
    expect(stateOf(container)).toBe("Awaiting approval");
  });

  it("reads Approved or Rejected after the user answered, until a result arrives", () => {
    const { container, rerender } = render(
      <ToolCallView toolCall={call({ approvalId: "ap-1", approved: true })} />,
    );
    expect(stateOf(container)).toBe("Approved");
    rerender(<ToolCallView toolCall={call({ approvalId: "ap-1", approved: false })} />);
    expect(stateOf(container)).toBe("Rejected");
    rerender(
      <ToolCallView toolCall={call({ approvalId: "ap-1", approved: true })} result={RESULT} />,
    );
    expect(stateOf(container)).toBe("Done");
  });

  it("shows the approval states of a real conversation", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      { type: "tool-call-start", toolCallId: "call-1", toolCallName: "delete_files" },
      { type: "tool-call-args", toolCallId: "call-1", delta: '{"path":"tmp"}' },
      { type: "tool-call-end", toolCallId: "call-1" },
      { type: "tool-approval-request", toolCallId: "call-1", approvalId: "ap-1" },
      { type: "status-update", status: "awaiting_input" },
    );
    backend.hold();
    const { container } = renderWithChat(backend, (chat) => (
      <>
        <MessageList chat={chat} />
        <Composer chat={chat} />
      </>
    ));
    await user.type(screen.getByLabelText("Message"), "Clean up{Enter}");
    await screen.findByText("Awaiting approval");
    expect(screen.queryByText("Running")).toBeNull();

    // The composer does not repeat the card's buttons: one Approve on screen.
    expect(screen.getAllByRole("button", { name: "Approve" })).toHaveLength(1);
    expect(
      screen.getByText("Approve or reject the tool call above, or type an answer"),
    ).toBeTruthy();
    // The card shows what will run, open, with its own Approve / Reject.
    const card = screen.getByRole("region", { name: "delete_files: approval needed" });
    // Simple arguments read as labelled fields, not JSON.
    expect(within(card).getByText("Path").nextElementSibling?.textContent).toBe("tmp");
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await waitFor(() => expect(stateOf(container)).toBe("Approved"));

    backend.held[0]!.end({ type: "tool-call-result", toolCallId: "call-1", content: "ok" });
    await waitFor(() => expect(stateOf(container)).toBe("Done"));
    expect(container.querySelector("summary")?.textContent).toContain("Approved by you");
  });

  it("shows nested arguments of an approval request as JSON", () => {
    const nested = {
      ...call({ approvalId: "ap-1" }),
      function: { name: "deploy", arguments: '{"targets":["eu","us"]}' },
    };
    render(<ToolCallView toolCall={nested} replyStatus="awaiting_input" />);
    expect(screen.getByText(/"targets": \[/)).toBeTruthy();
  });

  it("keeps what was decided, by whom, and why: the arguments fold away but stay, labelled as they were asked", () => {
    const { container, rerender } = render(
      <ToolCallView toolCall={call({ approvalId: "ap-1", approved: true })} result={RESULT} />,
    );
    const summary = () => container.querySelector("summary")?.textContent;
    expect(summary()).toContain("Approved by you");
    expect(container.querySelector("details")?.open).toBe(false);
    // The summary is marked as one that opens (a chevron; a flex summary draws no marker).
    expect(container.querySelector("summary > svg")).toBeTruthy();
    expect(screen.getByText("Approved with")).toBeTruthy();
    // The same "Path: tmp" lines the approval request showed, not raw JSON.
    expect(screen.getByText("Path").nextElementSibling?.textContent).toBe("tmp");
    expect(container.querySelector(".crayon-tool-call__json")?.textContent ?? "").not.toContain(
      '"path"',
    );

    const refusal = { ...RESULT, content: "", error: "The user rejected this call." };
    rerender(
      <ToolCallView
        toolCall={call({ approvalId: "ap-1", approved: false, reason: "Not today" })}
        result={refusal}
      />,
    );
    expect(summary()).toContain("Rejected by you: Not today");
    expect(screen.getByText("Asked to run with")).toBeTruthy();
    expect(screen.getByText("Path").nextElementSibling?.textContent).toBe("tmp");
  });

  it("keeps a rejected call Rejected, not Failed, when a tool message says it did not run", () => {
    const refusal = {
      ...RESULT,
      content: "",
      error: "The user rejected this call; it did not run.",
    };
    const { container } = render(
      <ToolCallView toolCall={call({ approvalId: "ap-1", approved: false })} result={refusal} />,
    );
    expect(stateOf(container)).toBe("Rejected");
  });

  it("rejects from the card: the reply goes on with the call marked Rejected", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      { type: "tool-call-start", toolCallId: "call-1", toolCallName: "delete_files" },
      { type: "tool-call-args", toolCallId: "call-1", delta: '{"path":"tmp"}' },
      { type: "tool-call-end", toolCallId: "call-1" },
      { type: "tool-approval-request", toolCallId: "call-1", approvalId: "ap-1" },
      { type: "status-update", status: "awaiting_input" },
    );
    backend.reply({ type: "text-delta", text: "Nothing was deleted." });
    const { container, chat } = renderWithChat(backend, (chat) => <MessageList chat={chat} />);
    await chat().threadManager.processMessage("Clean up");
    const card = await screen.findByRole("region", { name: "delete_files: approval needed" });
    await user.click(within(card).getByRole("button", { name: "Reject" }));
    await screen.findByText("Nothing was deleted.");
    expect(stateOf(container)).toBe("Rejected");
    expect(backend.requests).toHaveLength(2);
  });
});
