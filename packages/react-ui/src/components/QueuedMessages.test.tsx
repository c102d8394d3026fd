import type { ChatManager } from "@crayonai/react-core";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createBackend, expectNoAxeViolations, renderWithChat } from "../testing/chatHarness";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { QueuedMessages } from "./QueuedMessages";

function Chat({ chat }: { chat: ChatManager }) {
  return (
    <>
      <MessageList chat={chat} />
      <QueuedMessages chat={chat} />
      <Composer chat={chat} />
    </>
  );
}

/** A chat whose first reply is streaming, with `queued` typed and sent while it streams. */
async function streamingWith(...queued: string[]) {
  const user = userEvent.setup();
  const backend = createBackend();
  backend.hold();
  const rendered = renderWithChat(backend, (chat) => <Chat chat={chat} />);
  const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
  await user.type(input, "Tell me a story{Enter}");
  await waitFor(() => expect(backend.held).toHaveLength(1));
  await act(async () => backend.held[0]!.send({ type: "text-delta", text: "Once upon" }));
  await screen.findByText("Once upon");
  for (const text of queued) await user.type(input, `${text}{Enter}`);
  return { user, backend, input, ...rendered };
}

describe("QueuedMessages", () => {
  it("queues what is sent while a reply streams, says so, and sends it after the reply", async () => {
    const { backend, input, container } = await streamingWith("And then?");

    expect(input.getAttribute("placeholder")).toBe("Queue a follow-up…");
    expect(input.value).toBe("");
    const item = screen.getByRole("listitem", { name: "Queued: And then?" });
    expect(within(item).getByRole("button", { name: "Edit queued: And then?" })).toBeTruthy();
    expect(within(item).getByRole("button", { name: "Remove queued: And then?" })).toBeTruthy();
    await waitFor(() =>
      expect(
        [...container.querySelectorAll("[aria-live='polite']")].map((e) => e.textContent),
      ).toContain("Queued: And then?"),
    );
    expect(backend.requests).toHaveLength(1);
    await expectNoAxeViolations(container);

    backend.reply({ type: "text-delta", text: "They lived happily." });
    await act(async () => backend.held[0]!.end());
    await screen.findByText("They lived happily.");
    expect(backend.requests[1]!.messages.at(-1)).toMatchObject({
      role: "user",
      content: "And then?",
    });
    expect(screen.queryByRole("listitem", { name: /^Queued:/ })).toBeNull();
    expect(
      [...container.querySelectorAll("[aria-live='polite']")].map((e) => e.textContent),
    ).toContain("Sent: And then?");
  });

  it("edits and removes queued messages before they are sent", async () => {
    const { user, backend } = await streamingWith("Secnd", "Drop me");

    await user.click(screen.getByRole("button", { name: "Edit queued: Secnd" }));
    const field = screen.getByRole("textbox", { name: "Edit queued message" });
    await user.clear(field);
    await user.type(field, "Second{Enter}");
    expect(screen.getByRole("listitem", { name: "Queued: Second" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove queued: Drop me" }));
    expect(screen.queryByRole("listitem", { name: "Queued: Drop me" })).toBeNull();

    backend.reply({ type: "text-delta", text: "Two" });
    await act(async () => backend.held[0]!.end());
    await screen.findByText("Two");
    expect(backend.requests).toHaveLength(2);
    expect(backend.requests[1]!.messages.at(-1)).toMatchObject({ content: "Second" });
  });

  it("after Stop asks whether to send the queue now or discard it", async () => {
    const { user, backend, container } = await streamingWith("One", "Two");

    await user.click(screen.getByRole("button", { name: "Stop generating" }));
    await screen.findByText("Send 2 queued messages?");
    expect(backend.requests).toHaveLength(1);
    await expectNoAxeViolations(container);

    backend.reply({ type: "text-delta", text: "Answer one" });
    backend.reply({ type: "text-delta", text: "Answer two" });
    await user.click(screen.getByRole("button", { name: "Send now" }));
    await screen.findByText("Answer two");
    expect(backend.requests.map((r) => (r.messages.at(-1) as { content: string }).content)).toEqual(
      ["Tell me a story", "One", "Two"],
    );
  });

  it("discards the queue after Stop when asked", async () => {
    const { user, backend } = await streamingWith("One");
    await user.click(screen.getByRole("button", { name: "Stop generating" }));
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("listitem", { name: "Queued: One" })).toBeNull();
    expect(screen.queryByText(/queued message/)).toBeNull();
    expect(backend.requests).toHaveLength(1);
  });
});
