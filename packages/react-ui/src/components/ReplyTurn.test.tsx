import type { Message } from "@crayonai/stream";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CrayonChat } from "../CrayonChat";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";

afterEach(() => vi.restoreAllMocks());

/** A question, then a reply that calls a tool and answers with its result. */
const WEATHER_TURN: Message[] = [
  { id: "u1", role: "user", content: "Weather in Paris?" },
  {
    id: "a1",
    role: "assistant",
    content: "Let me check the **weather**.",
    status: "complete",
    toolCalls: [
      {
        id: "c1",
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Paris"}' },
      },
    ],
  },
  { id: "t1", role: "tool", toolCallId: "c1", content: '{"temperature":18}' },
  { id: "a2", role: "assistant", content: "It is 18 °C in Paris.", status: "complete" },
];

function renderTurn(onFeedback = vi.fn()) {
  const user = userEvent.setup();
  const backend = createBackend();
  const rendered = renderWithChat(backend, (chat) => (
    <CrayonChat chat={chat} type="copilot" onFeedback={onFeedback} />
  ));
  act(() => rendered.chat().threadManager.setMessages(WEATHER_TURN));
  const feed = screen.getByRole("feed");
  return { user, backend, feed, onFeedback, ...rendered };
}

describe("a turn's reply", () => {
  it("shows text, the tool call and the answer as one reply with one action row", async () => {
    const { feed, container } = renderTurn();
    const rows = within(feed).getAllByRole("article");
    expect(rows).toHaveLength(2);
    const reply = rows[1]!;
    expect(within(reply).getByText("weather")).toBeTruthy();
    expect(within(reply).getByText("get_weather")).toBeTruthy();
    expect(within(reply).getByText("It is 18 °C in Paris.")).toBeTruthy();
    expect(within(reply).getAllByRole("button", { name: "Copy" })).toHaveLength(1);
    expect(within(reply).getAllByRole("button", { name: "Good response" })).toHaveLength(1);
    expect(within(reply).getAllByRole("button", { name: "Regenerate" })).toHaveLength(1);
    // The row comes after the answer, not between the card and the answer.
    const answer = within(reply).getByText("It is 18 °C in Paris.");
    const copy = within(reply).getByRole("button", { name: "Copy" });
    expect(answer.compareDocumentPosition(copy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it("has no action row while it waits for the user to answer a tool's question", () => {
    const { feed, chat } = renderTurn();
    const asking: Message[] = [
      { id: "u2", role: "user", content: "Book it?" },
      {
        id: "a3",
        role: "assistant",
        content: "Please confirm the booking:",
        status: "complete",
        toolCalls: [{ id: "c2", type: "function", function: { name: "confirm", arguments: "{}" } }],
      },
    ];
    act(() => chat().threadManager.setMessages([...WEATHER_TURN, ...asking]));
    const rows = within(feed).getAllByRole("article");
    const waiting = rows[rows.length - 1]!;
    expect(within(waiting).getByText("Please confirm the booking:")).toBeTruthy();
    for (const name of ["Copy", "Good response", "Regenerate"]) {
      expect(within(waiting).queryByRole("button", { name })).toBeNull();
    }
    // The earlier, answered turn keeps its row.
    expect(within(rows[1]!).getByRole("button", { name: "Copy" })).toBeTruthy();
  });

  it("copies the turn's text in order, without the tool's data", async () => {
    const { user, feed } = renderTurn();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(within(feed).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(
      "Let me check the **weather**.\n\nIt is 18 °C in Paris.",
    );
  });

  it("rates the turn by its last assistant message", async () => {
    const { user, feed, onFeedback } = renderTurn();
    await user.click(within(feed).getByRole("button", { name: "Bad response" }));
    expect(onFeedback).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: "a2", rating: "down" }),
    );
  });

  it("regenerates the whole turn from its question, and the branch picker moves between turns", async () => {
    const { user, backend, feed } = renderTurn();
    backend.reply({ type: "text-delta", text: "Sunny, 19 °C." });
    await user.click(within(feed).getByRole("button", { name: "Regenerate" }));
    await screen.findByText("Sunny, 19 °C.");
    // The new reply answers the question: nothing of the old turn is sent again.
    expect(backend.requests[0]!.messages.map((m) => (m as Message).id)).toEqual(["u1"]);
    expect(screen.queryByText("get_weather")).toBeNull();
    expect(screen.queryByText("It is 18 °C in Paris.")).toBeNull();

    const reply = within(feed).getAllByRole("article")[1]!;
    expect(within(reply).getByText(/2 \/ 2/)).toBeTruthy();
    await user.click(within(reply).getByRole("button", { name: "Previous version" }));
    await waitFor(() => expect(screen.getByText("It is 18 °C in Paris.")).toBeTruthy());
    const back = within(feed).getAllByRole("article")[1]!;
    expect(within(back).getByText("get_weather")).toBeTruthy();
    expect(within(back).getByText(/1 \/ 2/)).toBeTruthy();
    expect(within(back).getAllByRole("button", { name: "Regenerate" })).toHaveLength(1);
  });
});
