import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { McpAppsProvider } from "./McpApps";
import { ToolCallView } from "./ToolCallView";

// In a file of its own: the gate's chunk must load in this test (a module loaded once stays
// loaded), which is when a card used to be mounted anew.

it("keeps a tool call's usual card in place while the MCP App gate loads and decides: an expanded card stays expanded", async () => {
  let answerList: (() => void) | undefined;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answerList = () => resolve(Response.json({ tools: [] }));
      }),
  );
  render(
    <McpAppsProvider endpoint="/api/mcp" threadId="t1" fetch={fetch}>
      <ToolCallView
        toolCall={{
          id: "c1",
          type: "function",
          function: { name: "plain_tool", arguments: '{"a":1}' },
        }}
        result={{ id: "r1", role: "tool", toolCallId: "c1", content: '"ok"' }}
      />
    </McpAppsProvider>,
  );
  const card = screen.getByText("plain_tool").closest("details")!;
  // The user opens the card at once, while the gate's code is still loading.
  await userEvent.setup().click(card.querySelector("summary")!);
  expect(card.open).toBe(true);

  // The gate loads, asks for the tool list and learns the tool has no interface.
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  await act(async () => {
    answerList!();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByText("plain_tool").closest("details")).toBe(card);
  expect(card.open).toBe(true);
});
