import type { ToolMessage } from "@crayonai/stream";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CrayonChat } from "../CrayonChat";
import { createBackend, renderWithChat } from "../testing/chatHarness";
import { MessageList } from "./MessageList";
import { type ToolUIMap, type ToolUIProps, ToolUIsProvider } from "./ToolUIs";

type Weather = { temperature: number };

function WeatherCard({ args, status, result }: ToolUIProps<{ city: string }, Weather>) {
  return (
    <section aria-label="Weather">
      <p>City: {args?.city ?? "…"}</p>
      <p>Status: {status}</p>
      {result && <p>{result.temperature} °C</p>}
    </section>
  );
}

function ConfirmDialog({ args, status, addResult, addError }: ToolUIProps<{ question: string }>) {
  if (status !== "awaiting-result") return <p>Answered</p>;
  return (
    <fieldset>
      <legend>Confirm</legend>
      <p>{args?.question}</p>
      <button type="button" onClick={() => addResult({ confirmed: true })}>
        Yes
      </button>
      <button type="button" onClick={() => addError("The user closed the dialog.")}>
        Close
      </button>
    </fieldset>
  );
}

function Fallback({ toolName, status }: ToolUIProps) {
  return (
    <p>
      Fallback {toolName}: {status}
    </p>
  );
}

function Approval({ args, status, approve, reject }: ToolUIProps<{ path: string }>) {
  if (status !== "awaiting-approval") return <p>Decision: {status}</p>;
  return (
    <fieldset>
      <legend>Delete files</legend>
      Delete {args?.path}?
      <button type="button" onClick={() => approve()}>
        Delete
      </button>
      <button type="button" onClick={() => reject("Not today")}>
        Keep
      </button>
    </fieldset>
  );
}
function Broken(): never {
  throw new Error("bad tool UI");
}
const toolUIs: ToolUIMap = { get_weather: WeatherCard, confirm: ConfirmDialog };

const confirmCall = [
  { type: "tool-call-start", toolCallId: "c1", toolCallName: "confirm" },
  { type: "tool-call-args", toolCallId: "c1", delta: '{"question":"Delete 3 files?"}' },
  { type: "tool-call-end", toolCallId: "c1" },
] as const;

/** The messages, not the thread list (whose preview repeats the last reply). */
const replies = () => screen.getByRole("log", { name: "Messages" });

function lastToolMessage(messages: unknown[]): ToolMessage | undefined {
  return (messages as ToolMessage[]).filter((m) => m.role === "tool").at(-1);
}

describe("tool UIs", () => {
  it("render a call by its tool name with its arguments as they stream, then its result", async () => {
    const backend = createBackend();
    backend.hold();
    const { chat } = renderWithChat(backend, (chat) => (
      <ToolUIsProvider toolUIs={toolUIs}>
        <MessageList chat={chat} />
      </ToolUIsProvider>
    ));
    void chat().threadManager.processMessage("Weather in Paris?");
    await waitFor(() => expect(backend.held).toHaveLength(1));
    const held = backend.held[0]!;
    held.send(
      { type: "tool-call-start", toolCallId: "w1", toolCallName: "get_weather" },
      { type: "tool-call-args", toolCallId: "w1", delta: '{"city":"Par' },
    );
    const card = await screen.findByRole("region", { name: "Weather" });
    // The half-written argument shows while the model writes it.
    await within(card).findByText("City: Par");
    expect(within(card).getByText("Status: streaming-args")).toBeTruthy();

    held.send({ type: "tool-call-args", toolCallId: "w1", delta: 'is"}' });
    await within(card).findByText("City: Paris");
    expect(within(card).getByText("Status: running")).toBeTruthy();

    held.end({ type: "tool-call-result", toolCallId: "w1", content: '{"temperature":21}' });
    await within(card).findByText("21 °C");
    expect(within(card).getByText("Status: complete")).toBeTruthy();
  });

  it("answer a call from the UI and the reply continues with the result", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(...confirmCall);
    backend.reply({ type: "text-delta", text: "Deleted." });
    const { chat } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} toolUIs={toolUIs} />
    ));
    await chat().threadManager.processMessage("Clean up");
    const dialog = await screen.findByRole("group", { name: "Confirm" });
    expect(within(dialog).getByText("Delete 3 files?")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await within(replies()).findByText("Deleted.");
    expect(screen.getByText("Answered")).toBeTruthy();
    // The second request carries the UI's answer as the call's tool message.
    expect(backend.requests).toHaveLength(2);
    const answer = lastToolMessage(backend.requests[1]!.messages);
    expect(answer).toMatchObject({ toolCallId: "c1", content: '{"confirmed":true}' });
  });

  it("answer a call with an error", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(...confirmCall);
    backend.reply({ type: "text-delta", text: "Okay, nothing deleted." });
    const { chat } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} toolUIs={toolUIs} />
    ));
    await chat().threadManager.processMessage("Clean up");
    await user.click(await screen.findByRole("button", { name: "Close" }));
    await within(replies()).findByText("Okay, nothing deleted.");
    const answer = lastToolMessage(backend.requests[1]!.messages);
    expect(answer).toMatchObject({ toolCallId: "c1", error: "The user closed the dialog." });
  });

  it("wait for every call of a reply to be answered before sending the results", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      ...confirmCall,
      {
        type: "tool-call-start",
        toolCallId: "c2",
        toolCallName: "confirm",
      },
      {
        type: "tool-call-args",
        toolCallId: "c2",
        delta: '{"question":"Empty the bin?"}',
      },
    );
    backend.reply({ type: "text-delta", text: "Both done." });
    const { chat } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} toolUIs={toolUIs} />
    ));
    await chat().threadManager.processMessage("Clean up");
    const [first] = await screen.findAllByRole("button", { name: "Yes" });
    await user.click(first!);
    expect(backend.requests).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Yes" }));
    await within(replies()).findByText("Both done.");
    expect(backend.requests).toHaveLength(2);
  });

  it("approve or reject from a custom UI", async () => {
    const user = userEvent.setup();
    const backend = createBackend();
    backend.reply(
      { type: "tool-call-start", toolCallId: "d1", toolCallName: "delete_files" },
      { type: "tool-call-args", toolCallId: "d1", delta: '{"path":"tmp"}' },
      { type: "tool-approval-request", toolCallId: "d1", approvalId: "ap-1" },
      { type: "status-update", status: "awaiting_input" },
    );
    backend.reply({ type: "text-delta", text: "Kept them." });
    const ui = { delete_files: Approval };
    const { chat } = renderWithChat(backend, (chat) => <CrayonChat chat={chat} toolUIs={ui} />);
    await chat().threadManager.processMessage("Clean up");
    const group = await screen.findByRole("group", { name: "Delete files" });
    expect(group.textContent).toContain("Delete tmp?");
    await user.click(within(group).getByRole("button", { name: "Keep" }));
    await within(replies()).findByText("Kept them.");
    expect(screen.getByText("Decision: rejected")).toBeTruthy();
  });

  it("render calls of unregistered tools with the fallback, and keep the rest on a throw", async () => {
    const backend = createBackend();
    backend.reply(
      { type: "tool-call-start", toolCallId: "s1", toolCallName: "search" },
      { type: "tool-call-args", toolCallId: "s1", delta: "{}" },
      { type: "tool-call-result", toolCallId: "s1", content: "[]" },
      { type: "tool-call-start", toolCallId: "b1", toolCallName: "broken" },
      { type: "tool-call-args", toolCallId: "b1", delta: "{}" },
      { type: "tool-call-result", toolCallId: "b1", content: "ok" },
      { type: "text-delta", text: "All done." },
    );
    const { chat } = renderWithChat(backend, (chat) => (
      <ToolUIsProvider fallback={Fallback}>
        <ToolUIsProvider toolUIs={{ broken: Broken }}>
          <MessageList chat={chat} />
        </ToolUIsProvider>
      </ToolUIsProvider>
    ));
    await chat().threadManager.processMessage("Go");
    await screen.findByText("All done.");
    expect(screen.getByText("Fallback search: complete")).toBeTruthy();
    expect(screen.getByText(/This tool call could not be displayed/)).toBeTruthy();
  });

  it("show the built-in card for tools without a UI", async () => {
    const backend = createBackend();
    backend.reply(
      { type: "tool-call-start", toolCallId: "s1", toolCallName: "search" },
      { type: "tool-call-args", toolCallId: "s1", delta: '{"q":"crayons"}' },
      { type: "tool-call-result", toolCallId: "s1", content: "[]" },
    );
    const { chat, container } = renderWithChat(backend, (chat) => (
      <CrayonChat chat={chat} toolUIs={toolUIs} />
    ));
    await chat().threadManager.processMessage("Go");
    await waitFor(() =>
      expect(container.querySelector(".crayon-tool-call--complete")?.textContent).toContain(
        "search",
      ),
    );
  });
});
