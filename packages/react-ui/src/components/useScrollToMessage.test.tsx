import type { ActivityMessage, Message } from "@crayonai/stream";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { ActivityRenderersProvider } from "./ActivityRenderers";
import { MessageList } from "./MessageList";
import { useScrollToMessage } from "./useScrollToMessage";

/** What the last scroll resolved with: the element's message id, or "none". */
let landedOn: string | undefined;

/** An activity with a button that scrolls the list to the message its content names. */
function GoTo({ message }: { message: ActivityMessage }) {
  const scrollToMessage = useScrollToMessage();
  const target = String(message.content.target);
  return (
    <button
      type="button"
      onClick={async () => {
        const element = await scrollToMessage(target, { align: "center" });
        landedOn = element?.dataset.messageId ?? "none";
      }}
    >
      Go to {target}
    </button>
  );
}

const renderers = { GO_TO: GoTo };

/** A long thread whose last reply is a GO_TO activity after its text. */
function thread(target: string): Message[] {
  const turns = Array.from(
    { length: 200 },
    (_, i): Message =>
      i % 2 === 0
        ? { id: `q${i}`, role: "user", content: `Question ${i}` }
        : { id: `a${i}`, role: "assistant", content: `Answer ${i}`, status: "complete" },
  );
  const goTo: ActivityMessage = {
    id: "go",
    role: "activity",
    activityType: "GO_TO",
    content: { target },
  };
  return [...turns, goTo];
}

function renderThread(target: string) {
  const rendered = renderWithChat(createBackend(), (chat) => (
    <ActivityRenderersProvider renderers={renderers}>
      <MessageList chat={chat} />
    </ActivityRenderersProvider>
  ));
  act(() => rendered.chat().threadManager.setMessages(thread(target)));
  landedOn = undefined;
  return rendered;
}

describe("useScrollToMessage", () => {
  it("brings a message whose row is not rendered into the list, and stops following the end", async () => {
    const user = userEvent.setup();
    renderThread("a5");
    // Only the rows near the end are rendered.
    expect(screen.queryByText("Answer 5")).toBeNull();
    expect(screen.queryByRole("button", { name: "Scroll to latest message" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Go to a5" }));
    expect(await screen.findByText("Answer 5")).toBeTruthy();
    // It resolves with the message's element once it is in place.
    await waitFor(() => expect(landedOn).toBe("a5"));
    // The list no longer follows the reply: a streaming reply would not pull the view away.
    expect(screen.getByRole("button", { name: "Scroll to latest message" })).toBeTruthy();
  });

  it("resolves with the message inside a reply's row, not the row", async () => {
    const user = userEvent.setup();
    renderThread("go");
    await user.click(screen.getByRole("button", { name: "Go to go" }));
    await waitFor(() => expect(landedOn).toBe("go"));
  });

  it("does nothing for a message not in the list, or outside a list", async () => {
    const user = userEvent.setup();
    renderThread("gone");
    await user.click(screen.getByRole("button", { name: "Go to gone" }));
    await waitFor(() => expect(landedOn).toBe("none"));
    expect(screen.queryByRole("button", { name: "Scroll to latest message" })).toBeNull();

    landedOn = undefined;
    const outside: ActivityMessage = {
      id: "x",
      role: "activity",
      activityType: "GO_TO",
      content: { target: "q0" },
    };
    const { container } = render(<GoTo message={outside} />);
    await user.click(container.querySelector("button")!);
    await waitFor(() => expect(landedOn).toBe("none"));
  });
});
