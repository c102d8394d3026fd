import type { ChatManager } from "@crayonai/react-core";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";

function Chat({ chat }: { chat: ChatManager }) {
  return (
    <>
      <MessageList chat={chat} />
      <Composer chat={chat} />
    </>
  );
}

describe("Composer", () => {
  it("sends on Enter and adds a line on Shift+Enter", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "ok" });
    renderWithChat(backend, (chat) => <Chat chat={chat} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;

    await user.type(input, "line one{Shift>}{Enter}{/Shift}line two");
    expect(input.value).toBe("line one\nline two");
    expect(backend.requests).toHaveLength(0);

    await user.keyboard("{Enter}");
    await screen.findByText("ok");
    expect(backend.requests[0]!.messages).toMatchObject([
      { role: "user", content: "line one\nline two" },
    ]);
    expect(input.value).toBe("");
  });

  it("does not send an empty message", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    renderWithChat(backend, (chat) => <Chat chat={chat} />);
    await user.type(screen.getByLabelText("Message"), "   {Enter}");
    expect(backend.requests).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty("disabled", true);
  });

  it("stops a streaming reply with the stop button, keeping the partial text", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    const { container } = renderWithChat(backend, (chat) => <Chat chat={chat} />);
    await user.type(screen.getByLabelText("Message"), "Tell me a story{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await act(async () => backend.held[0]!.send({ type: "text-delta", text: "Once upon" }));
    await screen.findByText("Once upon");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Stop generating" }));
    await waitFor(() => expect(backend.held[0]!.aborted).toBe(true));
    await screen.findByRole("button", { name: "Send message" });
    expect(screen.getByText("Once upon")).toBeTruthy();
    expect(screen.getByText("Stopped")).toBeTruthy();
  });

  it("stops a streaming reply on Escape", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (chat) => <Chat chat={chat} />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await screen.findByRole("button", { name: "Stop generating" });
    // The queue is on by default: the input says what Enter does while the reply streams.
    expect(screen.getByLabelText("Message").getAttribute("placeholder")).toBe("Queue a follow-up…");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(backend.held[0]!.aborted).toBe(true));
    await screen.findByRole("button", { name: "Send message" });
  });

  it("with the queue off, says why Enter sent nothing while a reply streams, and keeps the draft", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (chat) => <Chat chat={chat} />, { queue: false });
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await screen.findByRole("button", { name: "Stop generating" });
    // Nothing is queued with the queue off, so the input does not promise it.
    expect(screen.getByLabelText("Message").getAttribute("placeholder")).toBe("Type a message…");
    await user.type(screen.getByLabelText("Message"), "Next question{Enter}");
    expect((await screen.findByText(/still streaming/)).getAttribute("role")).toBe("status");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Next question");
    expect(backend.requests).toHaveLength(1);
    backend.held[0]!.end();
    await waitFor(() => expect(screen.queryByText(/still streaming/)).toBeNull());
  });

  describe("while the assistant waits for input", () => {
    const awaitingReply = [
      { type: "text-delta" as const, text: "May I delete the file?" },
      { type: "tool-call-start" as const, toolCallId: "call-1", toolCallName: "delete_file" },
      { type: "tool-call-args" as const, toolCallId: "call-1", delta: '{"path":"a.txt"}' },
      { type: "tool-call-end" as const, toolCallId: "call-1" },
      { type: "status-update" as const, status: "awaiting_input" as const },
    ];

    async function renderAwaiting() {
      const user = userEvent.setup();
      const backend = createBackend();
      backend.reply(...awaitingReply);
      const view = renderWithChat(backend, (chat) => <Chat chat={chat} />);
      await user.type(screen.getByLabelText("Message"), "Clean up{Enter}");
      await screen.findByRole("group", { name: "The assistant is waiting for your answer" });
      return { user, backend, view };
    }

    it("approves through respond", async () => {
      const { user, backend, view } = await renderAwaiting();
      expect(screen.getByText("Waiting for your input")).toBeTruthy();
      await expectNoAxeViolations(view.container);
      backend.reply({ type: "text-delta", text: "Deleted." });
      await user.click(screen.getByRole("button", { name: "Approve" }));
      await screen.findByText("Deleted.");
      const sent = backend.requests[1]!.messages as any[];
      expect(sent.at(-1)).toMatchObject({
        role: "user",
        context: [{ type: "human-response", response: "approve", toolCallId: "call-1" }],
      });
      expect(
        screen.queryByRole("group", { name: "The assistant is waiting for your answer" }),
      ).toBeNull();
    });

    it("rejects through respond", async () => {
      const { user, backend } = await renderAwaiting();
      backend.reply({ type: "text-delta", text: "Kept it." });
      await user.click(screen.getByRole("button", { name: "Reject" }));
      await screen.findByText("Kept it.");
      const sent = backend.requests[1]!.messages as any[];
      expect(sent.at(-1)).toMatchObject({ context: [{ response: "reject" }] });
    });

    it("sends typed text as the answer", async () => {
      const { user, backend } = await renderAwaiting();
      backend.reply({ type: "text-delta", text: "Renamed instead." });
      await user.type(screen.getByLabelText("Your answer"), "Rename it instead{Enter}");
      await screen.findByText("Renamed instead.");
      const sent = backend.requests[1]!.messages as any[];
      expect(sent.at(-1)).toMatchObject({
        role: "user",
        content: "Rename it instead",
        context: [{ response: "input" }],
      });
    });
  });

  it("gives the text back when the new thread could not be created, and shows why", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    let fail = true;
    renderWithChat(backend, (chat) => <Chat chat={chat} />, {
      createThread: async () => {
        if (fail) throw new Error("database unavailable");
        return { threadId: "t1", title: "Saved", createdAt: 0 };
      },
    });
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    await user.type(input, "Keep this text{Enter}");
    await waitFor(() => expect(input.value).toBe("Keep this text"));
    await screen.findByText(/database unavailable/);
    expect(screen.queryByText("Keep this text", { selector: "p" })).toBeNull();

    fail = false;
    backend.reply({ type: "text-delta", text: "Saved and answered" });
    await user.keyboard("{Enter}");
    await screen.findByText("Saved and answered");
    expect(input.value).toBe("");
  });
});
