import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CrayonChat } from "../CrayonChat";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";

afterEach(() => vi.restoreAllMocks());

const MARKDOWN = "Here is **the plan**:\n\n- one\n- two";

async function chatWithReply(onFeedback?: Parameters<typeof CrayonChat>[0]["onFeedback"]) {
  const user = userEvent.setup();
  const backend = createBackend();
  backend.reply({ type: "text-delta", text: MARKDOWN });
  const rendered = renderWithChat(backend, (chat) => (
    <CrayonChat chat={chat} type="copilot" onFeedback={onFeedback} />
  ));
  await rendered.chat().threadManager.processMessage("Plan it");
  await screen.findByText("the plan");
  return { user, ...rendered };
}

describe("message actions", () => {
  it("copies a finished reply as its markdown source", async () => {
    const { user } = await chatWithReply();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(await screen.findByRole("button", { name: "Copied" })).toBeTruthy();
  });

  it("offers no feedback buttons without onFeedback", async () => {
    await chatWithReply();
    expect(screen.queryByRole("button", { name: "Good response" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Bad response" })).toBeNull();
  });

  it("reports a rating, shows it pressed, and takes it back on a second press", async () => {
    const onFeedback = vi.fn();
    const { user, chat, container } = await chatWithReply(onFeedback);
    const reply = chat().threadManager.messages.find((m) => m.role === "assistant")!;
    const good = screen.getByRole("button", { name: "Good response" });
    const bad = screen.getByRole("button", { name: "Bad response" });
    await user.click(good);
    expect(onFeedback).toHaveBeenLastCalledWith({
      messageId: reply.id,
      threadId: chat().threadManager.threadId,
      rating: "up",
    });
    expect(good.getAttribute("aria-pressed")).toBe("true");
    await user.click(bad);
    expect(onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ rating: "down" }));
    expect(good.getAttribute("aria-pressed")).toBe("false");
    expect(bad.getAttribute("aria-pressed")).toBe("true");
    await user.click(bad);
    expect(onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ rating: null }));
    expect(bad.getAttribute("aria-pressed")).toBe("false");
    await expectNoAxeViolations(container);
  });

  it("shows no copy or feedback on a reply still streaming", async () => {
    const backend = createBackend();
    backend.hold();
    const { chat } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} type="copilot" onFeedback={() => {}} />
    ));
    void chat().threadManager.processMessage("Plan it");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    backend.held[0]!.send({ type: "text-delta", text: "Partial" });
    await screen.findByText("Partial");
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Good response" })).toBeNull();
    backend.held[0]!.end();
    expect(await screen.findByRole("button", { name: "Copy" })).toBeTruthy();
  });

  it("keeps an earlier reply's action row in place but hidden while the next reply streams", async () => {
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "First answer" });
    const { chat, container } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} type="copilot" onFeedback={() => {}} />
    ));
    await chat().threadManager.processMessage("One");
    await screen.findByRole("button", { name: "Copy" });
    backend.hold();
    void chat().threadManager.processMessage("Two");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    backend.held[0]!.send({ type: "text-delta", text: "Second" });
    await screen.findByText("Second");

    // The row keeps its room (no message moves when it comes back), with nothing to press.
    const firstReply = container.querySelector(".crayon-reply")!;
    const row = firstReply.querySelector(".crayon-message-controls");
    expect(row?.getAttribute("aria-hidden")).toBe("true");
    expect(row?.classList.contains("crayon-message-controls--hidden")).toBe(true);
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();

    backend.held[0]!.end();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Copy" })).toHaveLength(2));
    expect(row?.hasAttribute("aria-hidden")).toBe(false);
  });
});
