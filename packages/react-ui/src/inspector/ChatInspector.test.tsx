import { replayFixture } from "@crayonai/react-core/testing";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { ChatInspector } from "./ChatInspector";

const HELLO = [
  { type: "message-start", messageId: "a1" },
  { type: "text-delta", messageId: "a1", text: "Hello" },
  { type: "text-delta", messageId: "a1", text: " there" },
  { type: "message-end", messageId: "a1" },
] as const;

/** Renders the inspector on a chat whose next reply is HELLO, and sends "Hi". */
async function inspectReply(onCopyFixture = vi.fn()) {
  const backend = createBackend();
  backend.reply(...HELLO);
  const view = renderWithChat(backend, (chat) => (
    <ChatInspector chat={chat} onCopyFixture={onCopyFixture} />
  ));
  await act(() => view.chat().threadManager.processMessage("Hi"));
  const inspector = await screen.findByTestId("chat-inspector");
  await waitFor(() => expect(within(inspector).getByText("complete")).toBeTruthy());
  return { ...view, inspector, onCopyFixture };
}

describe("ChatInspector", () => {
  it("shows a reply's wire frames beside the Crayon events, and the messages", async () => {
    const { inspector } = await inspectReply();
    const wire = within(inspector).getByRole("list", { name: "Wire frames" });
    const events = within(inspector).getByRole("list", { name: "Crayon events" });
    expect(within(wire).getAllByRole("listitem")).toHaveLength(HELLO.length);
    expect(within(events).getAllByRole("listitem")).toHaveLength(HELLO.length);
    expect(within(events).getAllByText("text-delta")).toHaveLength(2);
    expect(within(inspector).getByText(/Messages before \(1\)/)).toBeTruthy();
    expect(within(inspector).getByText(/"content": "Hello there"/)).toBeTruthy();
    await expectNoAxeViolations(inspector);
    // A block that scrolls when long is a tab stop, so a keyboard can scroll it (axe sees that
    // in a browser; jsdom lays nothing out).
    const blocks = [...inspector.querySelectorAll("pre")];
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.tabIndex).toBe(0);
  });

  it("filters by kind and searches", async () => {
    const user = userEvent.setup();
    const { inspector } = await inspectReply();
    await user.click(within(inspector).getByRole("checkbox", { name: "Wire" }));
    expect(within(inspector).queryByRole("list", { name: "Wire frames" })).toBeNull();
    await user.type(within(inspector).getByRole("searchbox", { name: "Search" }), "there");
    const events = within(inspector).getByRole("list", { name: "Crayon events" });
    expect(within(events).getAllByRole("listitem")).toHaveLength(1);
  });

  it("shows a long reply's newest rows, and older ones a hundred at a time when asked", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    const deltas = Array.from({ length: 150 }, (_, i) => ({
      type: "text-delta" as const,
      messageId: "a1",
      text: `t${i} `,
    }));
    backend.reply({ type: "message-start", messageId: "a1" }, ...deltas, {
      type: "message-end",
      messageId: "a1",
    });
    const view = renderWithChat(backend, (chat) => <ChatInspector chat={chat} />);
    await act(() => view.chat().threadManager.processMessage("Hi"));
    const inspector = await screen.findByTestId("chat-inspector");
    await waitFor(() => expect(within(inspector).getByText("complete")).toBeTruthy());
    const events = () => within(inspector).getByRole("list", { name: "Crayon events" });
    expect(within(events()).getAllByRole("listitem")).toHaveLength(20);
    expect(within(events()).getAllByRole("listitem").at(-1)!.textContent).toMatch(/message-end/);
    expect(within(inspector).getAllByText(/The newest 20 of 152 shown/)).toHaveLength(2);

    const [showOlderWire] = within(inspector).getAllByRole("button", { name: "Show 100 older" });
    await user.click(showOlderWire!);
    expect(within(inspector).getByText(/The newest 120 of 152 shown/)).toBeTruthy();
    await user.click(within(inspector).getByRole("button", { name: "Show 32 older" }));
    expect(within(inspector).queryByText(/The newest 120/)).toBeNull();
    // The first list (the wire frames) shows every frame now; the events list still 20.
    const wire = within(inspector).getByRole("list", { name: "Wire frames" });
    expect(within(wire).getAllByRole("listitem")).toHaveLength(152);
    expect(within(events()).getAllByRole("listitem")).toHaveLength(20);
  });

  it("pauses, clears, and copies a reply as a fixture that replays to the same messages", async () => {
    const user = userEvent.setup();
    const { inspector, onCopyFixture } = await inspectReply();

    await user.click(within(inspector).getByRole("button", { name: "Copy as fixture" }));
    expect(onCopyFixture).toHaveBeenCalledOnce();
    const replay = await replayFixture(JSON.parse(onCopyFixture.mock.calls[0]![0]));
    expect(replay.actual).toEqual(replay.expected);
    expect(within(inspector).getByRole("status").textContent).toMatch(/Fixture copied/);

    const pause = within(inspector).getByRole("button", { name: "Pause" });
    await user.click(pause);
    expect(pause.getAttribute("aria-pressed")).toBe("true");
    await user.click(within(inspector).getByRole("button", { name: "Clear" }));
    expect(within(inspector).getByText("Paused.")).toBeTruthy();
    expect(within(inspector).getByRole("combobox", { name: "Reply" })).toHaveProperty(
      "disabled",
      true,
    );
  });
});
