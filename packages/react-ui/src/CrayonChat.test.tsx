import type { ChatManager } from "@crayonai/react-core";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CrayonChat } from "./CrayonChat";
import { createBackend, expectNoAxeViolations, renderWithChat } from "./testing/chatHarness";

describe("CrayonChat", () => {
  it("sends a message and shows the streamed reply", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    const { container } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} agentName="Ada" />
    ));
    await expectNoAxeViolations(container);

    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send message" }));

    const log = await screen.findByRole("log", { name: "Messages" });
    expect(within(log).getByText("Hello")).toBeTruthy();
    await waitFor(() => expect(backend.held).toHaveLength(1));
    const stream = backend.held[0]!;
    await act(async () => stream.send({ type: "text-delta", text: "Hi " }));
    await waitFor(() => expect(within(log).getByText("Hi")).toBeTruthy());
    await act(async () => stream.end({ type: "text-delta", text: "**there**" }));
    await waitFor(() => expect(within(log).getByText("there").tagName).toBe("STRONG"));
    expect(screen.getByLabelText("Message")).toHaveProperty("value", "");
    await waitFor(() =>
      expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe("Ada: Hi there"),
    );
    await expectNoAxeViolations(container);
  });

  it("shows the welcome message and sends a conversation starter's prompt", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "Sure." });
    const { container } = renderWithChat(backend, (chat) => (
      <CrayonChat
        chat={chat}
        type="copilot"
        welcomeMessage={{ title: "Welcome!", description: "Ask me anything." }}
        conversationStarters={[{ displayText: "Plan a trip", prompt: "Plan a trip to Rome" }]}
      />
    ));
    expect(screen.getByRole("heading", { name: "Welcome!" })).toBeTruthy();
    expect(screen.getByText("Ask me anything.")).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Plan a trip" }));
    await screen.findByText("Sure.");
    expect(screen.getByText("Plan a trip to Rome")).toBeTruthy();
    expect(backend.requests[0]!.messages).toMatchObject([
      { role: "user", content: "Plan a trip to Rome" },
    ]);
  });

  it("applies the theme mode and variable overrides, unless the theme provider is disabled", () => {
    const backend = createBackend();
    const { container, unmount } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} theme={{ mode: "dark", variables: { "--crayon-accent": "red" } }} />
    ));
    const root = container.firstElementChild as HTMLElement;
    expect(root.dataset.crayonTheme).toBe("dark");
    expect(root.style.getPropertyValue("--crayon-accent")).toBe("red");
    unmount();

    const second = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} disableThemeProvider theme={{ mode: "dark" }} />
    ));
    const unthemed = second.container.firstElementChild as HTMLElement;
    expect(unthemed.dataset.crayonTheme).toBeUndefined();
    expect(unthemed.classList.contains("crayon-theme")).toBe(false);
  });

  it("draws the New chat button's icon as SVG, labelled by the button, and starts a new thread", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply({ type: "text-delta", text: "Hello." });
    const { chat } = renderWithChat(backend, (c) => <CrayonChat chat={c} type="copilot" />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await screen.findByText("Hello.");

    const newChat = screen.getByRole("button", { name: "New chat" });
    // A text glyph may be missing from the user's fonts; the icon must not depend on one.
    expect(newChat.textContent).toBe("");
    expect(newChat.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    await user.click(newChat);
    expect(chat().threadManager.messages).toHaveLength(0);
  });

  it("renders the artifact panel when active", () => {
    const backend = createBackend();
    renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} isArtifactActive renderArtifact={() => <p>Artifact body</p>} />
    ));
    expect(
      within(screen.getByRole("complementary", { name: "Artifact" })).getByText("Artifact body"),
    ).toBeTruthy();
  });

  it("shows the custom loading component while waiting for the first token", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} messageLoadingComponent={() => <p>Warming up…</p>} />
    ));
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await screen.findByText("Warming up…");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await act(async () => backend.held[0]!.end({ type: "text-delta", text: "Ready" }));
    // The reply, not the thread list's preview of it.
    await within(screen.getByRole("log", { name: "Messages" })).findByText("Ready");
    expect(screen.queryByText("Warming up…")).toBeNull();
  });
});

describe("CrayonChat standalone on a narrow screen", () => {
  const threads = [
    { threadId: "t1", title: "Trip to Rome", createdAt: 1 },
    { threadId: "t2", title: "Tax questions", createdAt: 2 },
  ];

  function renderStandalone() {
    const backend = createBackend();
    return renderWithChat(backend, (chat) => <CrayonChat chat={chat} agentName="Ada" />, {
      fetchThreadList: async () => threads,
      loadThread: async (id: string) => [{ id: `${id}-m1`, role: "user", content: `In ${id}` }],
    });
  }

  it("skips the conversations to the message box from its first Tab stop", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const threads = Array.from({ length: 20 }, (_, i) => ({
      threadId: `t${i}`,
      title: `Thread ${i}`,
      createdAt: i,
    }));
    renderWithChat(backend, (chat) => <CrayonChat chat={chat} />, {
      fetchThreadList: async () => threads,
      loadThread: async () => [],
    });
    await screen.findByRole("button", { name: "Thread 19" });
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to the message box" });
    expect(document.activeElement).toBe(skip);
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByLabelText("Message"));
    // Without it, the list of 20 threads is still one stop: New chat, search, a thread, then on.
    skip.focus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toContain("Thread");
    await user.tab();
    expect(document.activeElement?.textContent ?? "").not.toContain("Thread");
  });

  it("shows the conversations from a header toggle, which closes on Escape", async () => {
    const user = userEvent.setup();
    const { container } = renderStandalone();
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await within(nav).findByRole("button", { name: "Trip to Rome" });
    const toggle = within(screen.getByRole("banner")).getByRole("button", {
      name: "Conversations",
    });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)?.contains(nav)).toBe(
      true,
    );

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    // The list comes before the header in reading order: focus moves into it.
    expect(document.activeElement).toBe(within(nav).getByRole("button", { name: "New chat" }));
    await expectNoAxeViolations(container);

    await user.keyboard("{Escape}");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the conversations once one is chosen, continuing in the composer", async () => {
    const user = userEvent.setup();
    renderStandalone();
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await within(nav).findByRole("button", { name: "Tax questions" });
    const toggle = screen.getByRole("button", { name: "Conversations" });

    await user.click(toggle);
    await user.click(within(nav).getByRole("button", { name: "Tax questions" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await screen.findByText("In t2");
    expect(document.activeElement).toBe(screen.getByLabelText("Message"));

    await user.click(toggle);
    expect(document.activeElement).toBe(within(nav).getByRole("button", { name: "Tax questions" }));
  });

  it("draws every icon button's icon as SVG (a text glyph may be missing from the user's fonts)", async () => {
    const { container } = renderStandalone();
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await within(nav).findByRole("button", { name: "Rename Trip to Rome" });
    const iconButtons = [...container.querySelectorAll(".crayon-icon-button")];
    expect(iconButtons.length).toBeGreaterThan(4);
    for (const button of iconButtons) {
      expect(button.textContent).toBe("");
      expect(button.querySelector("svg")).not.toBeNull();
    }
  });

  it("closes the drawer on a tap beside it, and starts a new chat from the header", async () => {
    const user = userEvent.setup();
    const { container, chat } = renderStandalone();
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await user.click(await within(nav).findByRole("button", { name: "Tax questions" }));
    await screen.findByText("In t2");
    const toggle = screen.getByRole("button", { name: "Conversations" });

    await user.click(toggle);
    const backdrop = container.querySelector<HTMLElement>(".crayon-drawer-backdrop");
    expect(backdrop?.getAttribute("aria-hidden")).toBe("true");
    await user.click(backdrop!);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(container.querySelector(".crayon-drawer-backdrop")).toBeNull();

    // The header's New chat (shown on phones by the stylesheet) leaves the open conversation.
    await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "New chat" }));
    expect(chat().threadManager.messages).toHaveLength(0);
    expect(screen.queryByText("In t2")).toBeNull();
  });
});

/** A tray whose open state lives in the app, which can also open it from elsewhere. */
function Controlled({ chat }: { chat: ChatManager }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CrayonChat chat={chat} type="bottom-tray" isOpen={open} onOpenChange={setOpen} />
      <button type="button" onClick={() => setOpen(true)}>
        Open from outside
      </button>
    </>
  );
}

describe("CrayonChat bottom tray", () => {
  it("opens and closes uncontrolled, moving focus into the panel and back to the launcher", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const { container } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} type="bottom-tray" agentName="Ada" />
    ));
    expect(screen.queryByRole("dialog")).toBeNull();
    const launcher = screen.getByRole("button", { name: "Open chat with Ada" });
    expect(launcher.getAttribute("aria-expanded")).toBe("false");

    await user.click(launcher);
    const dialog = screen.getByRole("dialog", { name: "Chat with Ada" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(launcher.getAttribute("aria-expanded")).toBe("true");
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole("button", { name: "Close chat" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(launcher);

    await user.click(launcher);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(launcher);
  });

  it("stops a streaming reply on Escape without closing the tray", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.hold();
    renderWithChat(backend, (chat) => <CrayonChat chat={chat} type="bottom-tray" defaultOpen />);
    await user.type(screen.getByLabelText("Message"), "Hi{Enter}");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    await screen.findByRole("button", { name: "Stop generating" });

    await user.keyboard("{Escape}");
    await waitFor(() => expect(backend.held[0]!.aborted).toBe(true));
    expect(screen.getByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("starts open with defaultOpen without stealing focus", () => {
    const backend = createBackend();
    renderWithChat(backend, (chat) => <CrayonChat chat={chat} type="bottom-tray" defaultOpen />);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it("follows isOpen when controlled and reports changes through onOpenChange", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const onOpenChange = vi.fn();

    // Ignores requests: stays closed because isOpen says so.
    const fixed = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} type="bottom-tray" isOpen={false} onOpenChange={onOpenChange} />
    ));
    await user.click(screen.getByRole("button", { name: "Open chat with Assistant" }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole("dialog")).toBeNull();
    fixed.unmount();

    renderWithChat(backend, (chat) => <Controlled chat={chat} />);
    await user.click(screen.getByRole("button", { name: "Open from outside" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Close chat" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
