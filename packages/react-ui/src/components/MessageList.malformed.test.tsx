import type { ChatManager } from "@crayonai/react-core";
import type { ActivityMessage, Message } from "@crayonai/stream";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { ActivityRenderersProvider } from "./ActivityRenderers";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";

// Messages can come from anywhere (a hand-built list, a custom converter): the UI must never
// go blank because of one of them.

function Chat({ chat }: { chat: ChatManager }) {
  return (
    <>
      <MessageList chat={chat} />
      <Composer chat={chat} />
    </>
  );
}

function Broken({ message }: { message: ActivityMessage }): never {
  throw new Error(`cannot draw ${message.id}`);
}

const log = () => screen.getByRole("log", { name: "Messages" });

/** The shapes that used to unmount the whole chat, each with a valid message after it. */
const malformed: unknown[] = [
  { id: "m1", role: "user", content: { text: "object content" } },
  { id: "m2", role: "user", content: [null] },
  { id: "m3", role: "user", content: [{ type: "image" }] },
  { id: "m4", role: "assistant", content: "ok", toolCalls: "nope" },
  { id: "m5", role: "assistant", toolCalls: [{ id: "c", type: "function", function: null }] },
  { id: "m6", role: "assistant", content: "ok", sources: [null, 3] },
  { id: "m7", role: "assistant", content: "ok", files: {} },
  { id: "m8", role: "activity", activityType: "plan", content: null },
  { id: "m9", role: "assistant", content: 42 },
  { id: "m10", role: "assistant", content: "ok", toolCalls: [null] },
  { id: "m11", role: "assistant", content: "ok", toolCalls: { length: 1 } },
  null,
  "just a string",
];

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // React and the boundary log each caught error; the test checks what the user sees.
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe("MessageList with malformed messages", () => {
  it("shows each bad row as a compact error, keeps the others, and still sends", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const messages = malformed.flatMap((bad, i) => [
      bad,
      { id: `ok-${i}`, role: "user", content: `Valid message ${i}` },
    ]) as Message[];
    // A hand-built manager whose list holds them all (react-core itself validates what it gets).
    renderWithChat(backend, (c) => (
      <Chat
        chat={{
          ...c,
          threadManager: {
            ...c.threadManager,
            messages: [...messages, ...c.threadManager.messages],
          },
        }}
      />
    ));

    for (let i = 0; i < malformed.length; i++) {
      expect(within(log()).getByText(`Valid message ${i}`)).toBeTruthy();
    }
    const notes = within(log()).getAllByRole("note");
    const texts = notes.map((note) => note.textContent);
    expect(texts).toContain("2 messages could not be displayed");
    expect(
      texts.some((t) => /This message could not be displayed \(user message m1\)/.test(t ?? "")),
    ).toBe(true);

    backend.reply({ type: "text-delta", text: "Still answering" });
    await user.type(screen.getByLabelText("Message"), "Are you there?{Enter}");
    await within(log()).findByText("Still answering");
  });

  it("contains a throwing activity renderer to its own card", () => {
    const backend = createBackend();
    const { chat } = renderWithChat(backend, (c) => (
      <ActivityRenderersProvider renderers={{ BROKEN: Broken }}>
        <Chat chat={c} />
      </ActivityRenderersProvider>
    ));
    act(() =>
      chat().threadManager.setMessages([
        { id: "u", role: "user", content: "Draw it" },
        { id: "a", role: "activity", activityType: "BROKEN", content: {} },
        { id: "r", role: "assistant", content: "After the card", status: "complete" },
      ]),
    );
    expect(within(log()).getByText(/This activity could not be displayed/)).toBeTruthy();
    expect(within(log()).getByText("After the card")).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it("renders a row again once its message changes", () => {
    const backend = createBackend();
    let shown: Message[] = [{ id: "x", role: "user", content: { bad: 1 } } as never];
    const { chat } = renderWithChat(backend, (c) => (
      <Chat chat={{ ...c, threadManager: { ...c.threadManager, messages: shown } }} />
    ));
    expect(within(log()).getByText(/could not be displayed/)).toBeTruthy();
    shown = [{ id: "x", role: "user", content: "Fixed" }];
    // Any state change renders the chat again, now with the fixed message.
    act(() => chat().threadManager.setAgentState({ rerender: true }));
    expect(within(log()).getByText("Fixed")).toBeTruthy();
    expect(within(log()).queryByText(/could not be displayed/)).toBeNull();
  });

  it("contains a broken tool call to its own card, keeping the reply's text and other calls", () => {
    const backend = createBackend();
    const reply = {
      id: "a",
      role: "assistant",
      content: "Text before the tools",
      status: "complete",
      toolCalls: [
        { id: "c1", type: "function", function: { name: "search_docs", arguments: "{}" } },
        { id: "c2", type: "function", function: null },
      ],
    } as unknown as Message;
    renderWithChat(backend, (c) => (
      <Chat chat={{ ...c, threadManager: { ...c.threadManager, messages: [reply] } }} />
    ));
    expect(within(log()).getByText("Text before the tools")).toBeTruthy();
    expect(within(log()).getByText("search_docs")).toBeTruthy();
    expect(within(log()).getByRole("note").textContent).toBe(
      "This tool call could not be displayed (unknown)",
    );
  });

  it("reports a row that keeps failing while it streams to the console once", () => {
    const backend = createBackend();
    const version = (n: number) => ({ id: "s", role: "user", content: { frame: n } }) as never;
    let shown: Message[] = [version(1)];
    const { chat } = renderWithChat(backend, (c) => (
      <Chat chat={{ ...c, threadManager: { ...c.threadManager, messages: shown } }} />
    ));
    for (let n = 2; n <= 4; n++) {
      shown = [version(n)];
      act(() => chat().threadManager.setAgentState({ frame: n }));
    }
    expect(within(log()).getByRole("note").textContent).toMatch(/\(user message s\)/);
    const reports = consoleError.mock.calls.filter(([first]: unknown[]) =>
      String(first).startsWith("Crayon:"),
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe("Crayon: user message s could not be displayed.");
  });
});
