import type { Message } from "@crayonai/react-core";
import { fakeChat } from "@crayonai/react-core/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CrayonChat } from "./CrayonChat";

describe("CrayonChat with a ChatManager built by hand", () => {
  it("shows its messages and threads, and sends, regenerates and switches through its actions", async () => {
    const user = userEvent.setup();
    const processMessage = vi.fn(async () => {});
    const regenerate = vi.fn(async () => {});
    const switchBranch = vi.fn();
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Question" },
      { id: "a1", role: "assistant", content: "Answer", status: "complete" },
    ];
    const chat = fakeChat({
      thread: {
        messages,
        processMessage,
        regenerate,
        switchBranch,
        branches: { a1: { index: 1, count: 2, siblingIds: ["a0", "a1"] } },
      },
      list: { threads: [{ threadId: "thread-1", title: "My thread", createdAt: 0 }] },
    });
    render(<CrayonChat chat={chat} />);

    const log = screen.getByRole("log", { name: "Messages" });
    expect(within(log).getByText("Question")).toBeTruthy();
    expect(within(log).getByText("Answer")).toBeTruthy();
    expect(screen.getAllByText("My thread").length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText("Message"), "Next");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(processMessage).toHaveBeenCalledWith("Next");

    await user.click(within(log).getByRole("button", { name: /Regenerate/ }));
    expect(regenerate).toHaveBeenCalledWith("a1");
    await user.click(within(log).getByRole("button", { name: /Previous/ }));
    expect(switchBranch).toHaveBeenCalledWith("a1", 0);
  });
});
