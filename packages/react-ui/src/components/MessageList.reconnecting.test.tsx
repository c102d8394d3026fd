import { fakeChat } from "@crayonai/react-core/testing";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";

const messages = [
  { id: "u1", role: "user" as const, content: "Count to ten" },
  { id: "a1", role: "assistant" as const, content: "One, two,", status: "streaming" as const },
];

describe("MessageList – a dropped reply being reopened", () => {
  it("says Reconnecting… in a polite live region while the thread reconnects; Stop stays available", async () => {
    const stop = vi.fn();
    const thread = { messages, isRunning: true, stop };
    const chat = fakeChat({
      thread: { ...thread, status: "reconnecting", isReconnecting: true },
    });
    const { rerender } = render(
      <>
        <MessageList chat={chat} />
        <Composer chat={chat} />
      </>,
    );
    const region = screen.getByText("Reconnecting…");
    expect(region.getAttribute("role")).toBe("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    await userEvent.setup().click(screen.getByRole("button", { name: "Stop generating" }));
    expect(stop).toHaveBeenCalledOnce();

    const streaming = fakeChat({ thread: { ...thread, status: "streaming" } });
    rerender(
      <>
        <MessageList chat={streaming} />
        <Composer chat={streaming} />
      </>,
    );
    expect(screen.queryByText("Reconnecting…")).toBeNull();
    // The live region stays (empty), so the next change is announced.
    expect(region.isConnected).toBe(true);
    expect(region.textContent).toBe("");
  });
});
