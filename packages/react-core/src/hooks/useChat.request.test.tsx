import type { ChatRequest, CrayonStreamEvent } from "@crayonai/stream";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderChat, settle, setupChatBackend, start } from "../../test/renderChat";
import type { ChatManager, ReplyFinish } from "../types";
import { useAgentState } from "./selectors";

// What `processMessage` receives beyond the thread (run ids, triggers, state, tools) and the
// per-reply callbacks: what backends of other protocols need to build their requests.

const backend = setupChatBackend();

const text = (value: string): CrayonStreamEvent => ({ type: "text-delta", text: value });
const toolCall = (toolCallId: string, name: string, args: string): CrayonStreamEvent[] => [
  { type: "tool-call-start", toolCallId, toolCallName: name },
  { type: "tool-call-args", toolCallId, delta: args },
  { type: "tool-call-end", toolCallId },
];

/** Renders a chat whose `processMessage` records each request before posting it. */
function renderRecordingChat(props: Parameters<typeof renderChat>[1] = {}) {
  const requests: ChatRequest<any>[] = [];
  const chat = renderChat(backend, {
    processMessage: (request) => {
      requests.push(request);
      return backend.processMessage(request);
    },
    ...props,
  });
  return { chat, requests };
}

describe("the request processMessage receives", () => {
  it("says why it was made and which message it is about", async () => {
    const { chat, requests } = renderRecordingChat();
    backend.reply([text("Hi.")]);
    await settle(start(() => chat.thread().processMessage("Hello")));
    const [user, firstReply] = chat.thread().messages;

    backend.reply([text("Hello again.")]);
    await settle(start(() => chat.thread().regenerate()));

    backend.reply([text("Edited reply.")]);
    await settle(start(() => chat.thread().editMessage(user!.id, "Hey")));
    const edited = chat.thread().messages[0]!;

    expect(requests.map(({ trigger, messageId }) => ({ trigger, messageId }))).toEqual([
      { trigger: "submit-message", messageId: user!.id },
      { trigger: "regenerate-message", messageId: firstReply!.id },
      { trigger: "submit-message", messageId: edited.id },
    ]);
    expect(edited.id).not.toBe(user!.id);
    expect(new Set(requests.map((r) => r.runId)).size).toBe(3);
    expect(requests.every((r) => r.threadId === chat.thread().threadId)).toBe(true);
    expect(requests[0]!.tools).toEqual([]);
    expect(requests[0]!.state).toBeUndefined();
  });

  it("carries the human response and the message it answers", async () => {
    const { chat, requests } = renderRecordingChat();
    backend.reply([
      ...toolCall("c1", "delete_file", '{"path":"a.txt"}'),
      { type: "tool-approval-request", toolCallId: "c1", approvalId: "ap1" },
    ]);
    await settle(start(() => chat.thread().processMessage("Delete a.txt")));
    const waiting = chat.thread().messages[1]!;

    backend.reply([text("Deleted.")]);
    await settle(start(() => chat.thread().respond({ type: "approve" })));

    const request = requests[1]!;
    expect(request.trigger).toBe("human-response");
    expect(request.messageId).toBe(waiting.id);
    expect(request.response?.response).toEqual({ type: "approve" });
    expect(request.response?.message).toMatchObject({
      id: waiting.id,
      status: "complete",
      toolCalls: [{ id: "c1", metadata: { approvalId: "ap1", approved: true } }],
    });
  });

  it("sends the declared tools without their execute functions", async () => {
    const parameters = { type: "object", properties: { city: { type: "string" } } };
    const { chat, requests } = renderRecordingChat({
      tools: [
        { name: "get_weather", description: "Weather in a city", parameters, execute: () => 1 },
        { name: "pick_colour" },
      ],
    });
    backend.reply([text("Ok.")]);
    await settle(start(() => chat.thread().processMessage("Hi")));
    expect(requests[0]!.tools).toEqual([
      { name: "get_weather", description: "Weather in a city", parameters },
      { name: "pick_colour" },
    ]);
  });
});

describe("client tools declared with execute", () => {
  it("runs them and sends the results back on their own (trigger tool-result)", async () => {
    const execute = vi.fn(async (args: { city: string }) => ({ tempC: 3, city: args.city }));
    const onToolCall = vi.fn(() => "from onToolCall");
    const { chat, requests } = renderRecordingChat({
      tools: [{ name: "get_weather", execute }],
      onToolCall,
    });
    backend.reply([
      ...toolCall("c1", "get_weather", '{"city":"Oslo"}'),
      ...toolCall("c2", "get_time", "{}"),
    ]);
    backend.reply([text("3°C at noon.")]);
    await settle(start(() => chat.thread().processMessage("Weather?")));

    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]![0]).toEqual({ city: "Oslo" });
    // A call no declared tool executes still goes to onToolCall.
    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.trigger).toBe("tool-result");
    expect(requests[1]!.messageId).toBe(chat.thread().messages[1]!.id);
    expect(requests[1]!.messages.filter((m: { role: string }) => m.role === "tool")).toEqual([
      expect.objectContaining({ toolCallId: "c1", content: '{"tempC":3,"city":"Oslo"}' }),
      expect.objectContaining({ toolCallId: "c2", content: "from onToolCall" }),
    ]);
    expect(chat.thread().messages.at(-1)).toMatchObject({ content: "3°C at noon." });
  });

  it("leaves a call for the UI when no declared tool executes it", async () => {
    const { chat, requests } = renderRecordingChat({ tools: [{ name: "pick_colour" }] });
    backend.reply([...toolCall("c1", "pick_colour", "{}")]);
    await settle(start(() => chat.thread().processMessage("Pick one")));
    expect(requests).toHaveLength(1);

    backend.reply([text("Blue it is.")]);
    await settle(start(() => chat.thread().addToolResult("c1", "blue", { continue: true })));
    expect(requests[1]!.trigger).toBe("tool-result");
    expect(chat.thread().messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });
});

describe("agent state", () => {
  it("is built from state events, published to the thread and sent with the next request", async () => {
    const { chat, requests } = renderRecordingChat();
    backend.reply([
      { type: "state-snapshot", snapshot: { todos: ["write"] } },
      text("Added."),
      { type: "state-delta", delta: [{ op: "add", path: "/todos/-", value: "test" }] },
    ]);
    await settle(start(() => chat.thread().processMessage("Plan")));
    expect(chat.thread().agentState).toEqual({ todos: ["write", "test"] });

    backend.reply([{ type: "state-delta", delta: [{ op: "remove", path: "/todos/0" }] }]);
    await settle(start(() => chat.thread().processMessage("Done writing")));
    expect(requests[1]!.state).toEqual({ todos: ["write", "test"] });
    expect(chat.thread().agentState).toEqual({ todos: ["test"] });
  });

  it("is writable by the app through useAgentState, per thread", async () => {
    const { chat, requests } = renderRecordingChat();
    const state = renderHook(
      ({ manager }: { manager: ChatManager }) => useAgentState<Record<string, unknown>>(manager),
      {
        initialProps: { manager: chat.result.current },
      },
    );
    expect(state.result.current[0]).toBeUndefined();
    act(() => state.result.current[1]({ mode: "strict" }));
    expect(state.result.current[0]).toEqual({ mode: "strict" });
    act(() => state.result.current[1]((current) => ({ ...current, level: 2 })));

    backend.reply([text("Ok.")]);
    await settle(start(() => chat.thread().processMessage("Go")));
    expect(requests[0]!.state).toEqual({ mode: "strict", level: 2 });

    // A new thread starts without state.
    act(() => chat.list().switchToNewThread());
    state.rerender({ manager: chat.result.current });
    expect(state.result.current[0]).toBeUndefined();
  });
});

describe("per-reply callbacks", () => {
  it("onEvent sees every event, including the ones the message list ignores", async () => {
    const onEvent = vi.fn();
    const { chat } = renderRecordingChat({ onEvent });
    const custom: CrayonStreamEvent = { type: "custom", name: "progress", value: { pct: 50 } };
    backend.reply([text("Working"), custom, { type: "step-start", stepName: "1" }]);
    await settle(start(() => chat.thread().processMessage("Go")));
    const threadId = chat.thread().threadId;
    expect(onEvent.mock.calls).toEqual([
      [text("Working"), { threadId }],
      [custom, { threadId }],
      [{ type: "step-start", stepName: "1" }, { threadId }],
    ]);
  });

  it("onFinish reports how each reply ended; onError reports failures", async () => {
    const finishes: ReplyFinish[] = [];
    const onError = vi.fn();
    const { chat } = renderRecordingChat({ onFinish: (f) => finishes.push(f), onError });
    backend.reply([text("One."), { type: "state-snapshot", snapshot: { n: 1 } }]);
    await settle(start(() => chat.thread().processMessage("a")));
    backend.reply([text("Which?"), { type: "status-update", status: "awaiting_input" }]);
    await settle(start(() => chat.thread().processMessage("b")));
    backend.reply([text("Par"), { type: "error", error: "model overloaded" }]);
    await settle(start(() => chat.thread().respond({ type: "input", content: "c" })));

    expect(finishes.map((f) => f.outcome)).toEqual(["complete", "awaiting_input", "error"]);
    expect(finishes[0]).toMatchObject({
      threadId: chat.thread().threadId,
      reply: [{ role: "assistant", content: "One." }],
      state: { n: 1 },
    });
    expect(finishes[2]!.messages).toBe(chat.thread().messages);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ message: "model overloaded" });
    // The partial text is kept.
    expect(chat.thread().messages.at(-1)).toMatchObject({ content: "Par", status: "error" });
  });

  it("a throwing callback does not break the reply", async () => {
    const onEvent = vi.fn(() => {
      throw new Error("app bug");
    });
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", listener);
    const { chat } = renderRecordingChat({ onEvent });
    backend.reply([text("Still "), text("here.")]);
    await settle(start(() => chat.thread().processMessage("Go")));
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("uncaughtException", listener);
    expect(chat.thread().messages[1]).toMatchObject({ content: "Still here.", status: "complete" });
    expect(chat.thread().error).toBeNull();
    expect(onEvent).toHaveBeenCalledTimes(2);
    // Reported, not swallowed.
    expect(uncaught).toEqual([new Error("app bug"), new Error("app bug")]);
  });
});
