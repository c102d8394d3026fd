import { agUIBackend } from "@crayonai/stream/backends/ag-ui";
import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { agUIAgentEndpoint } from "./agUIServer";
import { renderUseChat, serveRoutes } from "./routeServer";

// useChat + agUIBackend against an AG-UI endpoint that validates RunAgentInput with
// @ag-ui/core and streams with @ag-ui/encoder: text, a backend tool call with its result,
// state snapshots and deltas carried across requests, and a frontend tool.

const URL = "http://agent.test/awp";
const routes = serveRoutes([URL]);

const getTime = {
  name: "getTime",
  description: "The user's local time",
  parameters: { type: "object", properties: {} },
  execute: () => "noon",
};

describe("an AG-UI agent endpoint", () => {
  it("holds a multi-turn conversation with tools and shared state", async () => {
    const agent = agUIAgentEndpoint();
    routes.use(URL, agent.POST);
    const chat = renderUseChat({
      ...agUIBackend({ url: URL, forwardedProps: { plan: "pro" } }),
      tools: [getTime],
    });

    await chat.send("Start a todo list");
    expect(chat.thread().agentState).toEqual({ todos: ["write"] });
    await chat.send("Add test");
    expect(chat.thread().agentState).toEqual({ todos: ["write", "test"] });
    await chat.send("What time is it?");

    expect(agent.rejected).toEqual([]);
    expect(chat.thread().error).toBeNull();
    expect(chat.lines()).toEqual([
      "user: Start a todo list",
      "assistant: Started your list.",
      "user: Add test",
      "assistant: [addTodo]",
      "tool: added test",
      "assistant: Added test.",
      "user: What time is it?",
      "assistant: [getTime]",
      "tool: noon",
      "assistant: It is noon. You have 2 todos.",
    ]);

    // Server side: four valid RunAgentInputs (the last one sends the frontend tool's result),
    // one thread, a new run each time, the state as the agent left it, the declared tools.
    const threadId = chat.thread().threadId;
    expect(agent.inputs).toHaveLength(4);
    expect(agent.inputs.every((input) => input.threadId === threadId)).toBe(true);
    expect(new Set(agent.inputs.map((input) => input.runId)).size).toBe(4);
    expect(agent.inputs.map((input) => input.state)).toEqual([
      {},
      { todos: ["write"] },
      { todos: ["write", "test"] },
      { todos: ["write", "test"] },
    ]);
    expect(agent.inputs[0]!.tools).toEqual([
      { name: "getTime", description: getTime.description, parameters: getTime.parameters },
    ]);
    expect(agent.inputs[0]!.forwardedProps).toEqual({ plan: "pro" });
    const history = agent.inputs[3]!.messages;
    expect(history.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
      "assistant",
      "tool",
    ]);
    expect(history[3]).toMatchObject({
      role: "assistant",
      toolCalls: [{ id: "add-2", function: { name: "addTodo", arguments: '{"todo":"test"}' } }],
    });
    expect(history[4]).toMatchObject({ role: "tool", toolCallId: "add-2", content: "added test" });
    expect(history[8]).toMatchObject({ role: "tool", toolCallId: "time-3", content: "noon" });
  });

  it("sends the state the app set with the next run", async () => {
    const agent = agUIAgentEndpoint();
    routes.use(URL, agent.POST);
    const chat = renderUseChat({ ...agUIBackend({ url: URL }) });
    act(() => chat.thread().setAgentState({ todos: ["a", "b", "c"] }));
    await chat.send("Add d");
    expect(agent.inputs[0]!.state).toEqual({ todos: ["a", "b", "c"] });
    expect(chat.thread().agentState).toEqual({ todos: ["a", "b", "c", "d"] });
  });
});
