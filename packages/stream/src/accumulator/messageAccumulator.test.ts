import { describe, expect, it, vi } from "vitest";
import type { CrayonStreamEvent } from "../events";
import type { AssistantMessage, Message, ReasoningMessage, ToolMessage } from "../message";
import { createMessageAccumulator } from "./messageAccumulator";

function ids() {
  let n = 0;
  return () => `gen-${++n}`;
}

function run(events: CrayonStreamEvent[], messages: Message[] = []) {
  const acc = createMessageAccumulator({ messages, generateId: ids() });
  for (const event of events) acc.apply(event);
  return acc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const user: Message = { id: "u1", role: "user", content: "hi" };

describe("createMessageAccumulator", () => {
  it("appends text deltas to one streaming assistant message and completes it on finish", () => {
    const acc = run([
      { type: "text-delta", text: "Hel" },
      { type: "text-delta", text: "lo" },
    ]);
    expect(acc.getMessages()).toEqual([
      { id: "gen-1", role: "assistant", content: "Hello", status: "streaming" },
    ]);
    acc.finish();
    expect(acc.getMessages()[0]).toMatchObject({ content: "Hello", status: "complete" });
  });

  it("keeps the identity of unchanged messages and of the array when nothing changed", () => {
    const history: Message[] = [user, { id: "a0", role: "assistant", content: "old" }];
    const acc = createMessageAccumulator({ messages: history, generateId: ids() });
    const first = acc.getMessages();
    expect(acc.getMessages()).toBe(first);

    acc.apply({ type: "text-delta", text: "a" });
    const second = acc.getMessages();
    expect(second).not.toBe(first);
    expect(second[0]).toBe(user);
    expect(second[1]).toBe(history[1]);

    acc.apply({ type: "text-delta", text: "b" });
    const third = acc.getMessages();
    expect(third[0]).toBe(user);
    expect(third[2]).not.toBe(second[2]);
    expect((second[2] as AssistantMessage).content).toBe("a");
    expect((third[2] as AssistantMessage).content).toBe("ab");
  });

  it("never mutates the messages it was given or a snapshot it returned", () => {
    const history = deepFreeze<Message[]>([
      user,
      {
        id: "a0",
        role: "assistant",
        content: "x",
        toolCalls: [{ id: "t0", type: "function", function: { name: "f", arguments: "{" } }],
      },
    ]);
    const acc = createMessageAccumulator({ messages: history, generateId: ids() });
    acc.apply({ type: "text-delta", text: "more", messageId: "a0" });
    acc.apply({ type: "tool-call-args", toolCallId: "t0", delta: "}" });
    const snapshot = deepFreeze(acc.getMessages());
    // Every later change must copy, not write into the frozen snapshot (strict mode would throw).
    acc.apply({ type: "text-delta", text: "!", messageId: "a0" });
    acc.apply({ type: "tool-call-args", toolCallId: "t0", delta: " " });
    acc.apply({ type: "context-append", context: { page: 1 }, messageId: "a0" });
    acc.finish();
    const after = acc.getMessages()[1] as AssistantMessage;
    expect(after.content).toBe("xmore!");
    expect(after.toolCalls?.[0]?.function.arguments).toBe("{} ");
    expect((snapshot[1] as AssistantMessage).content).toBe("xmore");
    expect((history[1] as AssistantMessage).content).toBe("x");
  });

  it("starts a new message at each message-start and completes it at message-end", () => {
    const acc = run([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "one" },
      { type: "message-end" },
      { type: "message-start", messageId: "m2" },
      { type: "text-delta", text: "two" },
    ]);
    expect(acc.getMessages()).toEqual([
      { id: "m1", role: "assistant", content: "one", status: "complete" },
      { id: "m2", role: "assistant", content: "two", status: "streaming" },
    ]);
  });

  it("routes text by messageId, creating a message for an id it has not seen", () => {
    const acc = run([
      { type: "text-delta", text: "a", messageId: "x" },
      { type: "text-delta", text: "b", messageId: "y" },
      { type: "text-delta", text: "c", messageId: "x" },
    ]);
    expect(acc.getMessages().map((m) => [m.id, (m as AssistantMessage).content])).toEqual([
      ["x", "ac"],
      ["y", "b"],
    ]);
  });

  it("builds tool calls from start, args and end, and results as tool messages", () => {
    const acc = run([
      { type: "text-delta", text: "Let me look." },
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "search" },
      { type: "tool-call-args", toolCallId: "c1", delta: '{"q":' },
      { type: "tool-call-args", toolCallId: "c1", delta: '"cats"}' },
      { type: "tool-call-end", toolCallId: "c1" },
      { type: "tool-call-result", toolCallId: "c1", content: "3 cats", messageId: "r1" },
      { type: "text-delta", text: "Found 3." },
    ]);
    acc.finish();
    const [first, result, second] = acc.getMessages() as [
      AssistantMessage,
      ToolMessage,
      AssistantMessage,
    ];
    expect(first.content).toBe("Let me look.");
    expect(first.toolCalls).toEqual([
      { id: "c1", type: "function", function: { name: "search", arguments: '{"q":"cats"}' } },
    ]);
    expect(result).toEqual({ id: "r1", role: "tool", toolCallId: "c1", content: "3 cats" });
    // Text after a tool result is the assistant's next turn.
    expect(second).toMatchObject({ role: "assistant", content: "Found 3.", status: "complete" });
  });

  it("attaches a tool call to its parent message and keeps args that arrive before the start", () => {
    const acc = run([
      { type: "message-start", messageId: "p" },
      { type: "message-end", messageId: "p" },
      { type: "tool-call-args", toolCallId: "early", delta: "{}" },
      { type: "tool-call-start", toolCallId: "c2", toolCallName: "f", parentMessageId: "p" },
    ]);
    const messages = acc.getMessages() as AssistantMessage[];
    expect(messages[0]?.toolCalls?.map((c) => c.id)).toEqual(["c2"]);
    const early = messages.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === "early");
    expect(early?.function.arguments).toBe("{}");
  });

  it("records a failed tool result with its error", () => {
    const acc = run([
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "f" },
      { type: "tool-call-result", toolCallId: "c1", content: "", error: "timeout" },
    ]);
    expect(acc.getMessages()[1]).toMatchObject({
      role: "tool",
      toolCallId: "c1",
      error: "timeout",
    });
  });

  it("tracks reasoning with isThinking while it streams", () => {
    const acc = run([
      { type: "reasoning-start", messageId: "r" },
      { type: "reasoning-delta", text: "hmm " },
      { type: "reasoning-delta", text: "ok", messageId: "r" },
    ]);
    expect(acc.getMessages()[0]).toEqual({
      id: "r",
      role: "reasoning",
      content: "hmm ok",
      isThinking: true,
    });
    acc.apply({ type: "reasoning-end", messageId: "r" });
    expect((acc.getMessages()[0] as ReasoningMessage).isThinking).toBe(false);
  });

  it("records how long the model reasoned, from its first event to its end", () => {
    let clock = 1_000;
    const acc = createMessageAccumulator({ generateId: ids(), now: () => clock });
    acc.apply({ type: "reasoning-start", messageId: "r" });
    clock += 2_400;
    acc.apply({ type: "reasoning-delta", text: "hmm", messageId: "r" });
    expect((acc.getMessages()[0] as ReasoningMessage).durationMs).toBeUndefined();
    clock += 600;
    acc.apply({ type: "reasoning-end", messageId: "r" });
    expect(acc.getMessages()[0]).toMatchObject({ isThinking: false, durationMs: 3_000 });

    // Reasoning that the answer's text or the end of the response closes is timed too.
    const implicit = createMessageAccumulator({ generateId: ids(), now: () => clock });
    implicit.apply({ type: "reasoning-delta", text: "first" });
    clock += 1_250;
    implicit.finish();
    expect(implicit.getMessages()[0]).toMatchObject({ isThinking: false, durationMs: 1_250 });
  });

  it("keeps the producer's duration when reasoning-end carries one, whatever its own clock says", () => {
    let clock = 1_000;
    const acc = createMessageAccumulator({ generateId: ids(), now: () => clock });
    acc.apply({ type: "reasoning-start", messageId: "r" });
    clock += 1_400;
    acc.apply({ type: "reasoning-end", messageId: "r", durationMs: 1_620 });
    expect(acc.getMessages()[0]).toMatchObject({ isThinking: false, durationMs: 1_620 });

    // A figure that is no duration is not taken: the accumulator measures.
    const measured = createMessageAccumulator({ generateId: ids(), now: () => clock });
    measured.apply({ type: "reasoning-start", messageId: "r" });
    clock += 700;
    measured.apply({ type: "reasoning-end", messageId: "r", durationMs: -5 });
    expect(measured.getMessages()[0]).toMatchObject({ durationMs: 700 });
  });

  it("makes up no duration for reasoning that was already thinking when the response began", () => {
    const resumed: ReasoningMessage = {
      id: "r",
      role: "reasoning",
      content: "so",
      isThinking: true,
    };
    let clock = 0;
    const acc = createMessageAccumulator({ messages: [resumed], now: () => clock });
    acc.apply({ type: "reasoning-delta", text: " far", messageId: "r" });
    clock += 5_000;
    acc.apply({ type: "reasoning-end", messageId: "r" });
    const [reasoning] = acc.getMessages() as [ReasoningMessage];
    expect(reasoning).toMatchObject({ content: "so far", isThinking: false });
    expect(reasoning.durationMs).toBeUndefined();
  });

  it("never reopens a finished history message whose id a new response reuses", () => {
    const earlier: AssistantMessage = {
      id: "chatcmpl-1",
      role: "assistant",
      content: "Paris.",
      status: "complete",
    };
    const asked: Message = { id: "u2", role: "user", content: "And Rome?" };
    const acc = createMessageAccumulator({
      messages: [user, earlier, asked],
      continues: [],
      generateId: ids(),
    });
    acc.apply({ type: "message-start", messageId: "chatcmpl-1" });
    acc.apply({ type: "text-delta", text: "Rome ", messageId: "chatcmpl-1" });
    acc.apply({
      type: "tool-call-start",
      toolCallId: "c1",
      toolCallName: "f",
      parentMessageId: "chatcmpl-1",
    });
    acc.apply({ type: "text-delta", text: "too.", messageId: "chatcmpl-1" });
    acc.finish();
    const messages = acc.getMessages();
    expect(messages[1]).toBe(earlier);
    expect(messages.slice(3)).toEqual([
      {
        id: "gen-1",
        role: "assistant",
        content: "Rome too.",
        status: "complete",
        toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "" } }],
      },
    ]);
  });

  it("continues the history messages it is told to, by id", () => {
    const waiting: AssistantMessage = {
      id: "m1",
      role: "assistant",
      content: "Checking.",
      status: "complete",
      toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
    };
    const answered: ToolMessage = { id: "t1", role: "tool", toolCallId: "c1", content: "42" };
    const acc = createMessageAccumulator({
      messages: [user, waiting, answered],
      continues: ["m1"],
      generateId: ids(),
    });
    acc.apply({ type: "message-start", messageId: "m1" });
    acc.apply({ type: "text-delta", text: " It is 42.", messageId: "m1" });
    acc.finish();
    expect(acc.getMessages().map((m) => m.id)).toEqual(["u1", "m1", "t1"]);
    expect((acc.getMessages()[1] as AssistantMessage).content).toBe("Checking. It is 42.");
  });

  it("lets a later run patch an activity of the history (a re-run on an earlier board)", () => {
    const board: Message = {
      id: "board",
      role: "activity",
      activityType: "task-board",
      content: { tasks: [{ id: "fetch", status: "completed" }] },
    };
    const acc = createMessageAccumulator({
      messages: [user, board],
      continues: [],
      generateId: ids(),
    });
    acc.apply({
      type: "activity-delta",
      activityType: "task-board",
      messageId: "board",
      patch: [{ op: "replace", path: "/tasks/0/status", value: "running" }],
    });
    acc.finish();
    expect(acc.getMessages()).toEqual([
      user,
      { ...board, content: { tasks: [{ id: "fetch", status: "running" }] } },
    ]);
  });

  it("stops thinking at finish even without reasoning-end", () => {
    const acc = run([{ type: "reasoning-delta", text: "..." }]);
    acc.finish();
    expect(acc.getMessages()[0]).toMatchObject({ role: "reasoning", isThinking: false });
  });

  it("creates, replaces, patches and merges activity messages", () => {
    const acc = run([
      { type: "activity-snapshot", activityType: "PLAN", content: { steps: [{ done: false }] } },
      {
        type: "activity-delta",
        activityType: "PLAN",
        patch: [{ op: "replace", path: "/steps/0/done", value: true }],
      },
      { type: "activity-delta", activityType: "PLAN", content: { title: "Plan" } },
      { type: "activity-snapshot", activityType: "SEARCH", content: { q: "x" }, messageId: "s" },
      {
        type: "activity-snapshot",
        activityType: "SEARCH",
        content: { q: "ignored" },
        messageId: "s",
        replace: false,
      },
    ]);
    expect(acc.getMessages()).toEqual([
      {
        id: "gen-1",
        role: "activity",
        activityType: "PLAN",
        content: { steps: [{ done: true }], title: "Plan" },
      },
      { id: "s", role: "activity", activityType: "SEARCH", content: { q: "x" } },
    ]);
  });

  it("reports a JSON Patch that does not apply and keeps the activity as it was", () => {
    const onError = vi.fn();
    const acc = createMessageAccumulator({ generateId: ids(), onError });
    acc.apply({ type: "activity-snapshot", activityType: "PLAN", content: { a: 1 } });
    acc.apply({
      type: "activity-delta",
      activityType: "PLAN",
      patch: [{ op: "remove", path: "/missing/deep" }],
    });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ type: "error", code: "malformed_event" }),
    );
    expect(acc.getMessages()[0]).toMatchObject({ content: { a: 1 } });
  });

  it("replaces everything on messages-snapshot and keeps streaming into snapshot messages", () => {
    const acc = run([{ type: "text-delta", text: "draft" }], [user]);
    acc.apply({
      type: "messages-snapshot",
      messages: [user, { id: "srv", role: "assistant", content: "final" }],
    });
    acc.apply({ type: "text-delta", text: "!", messageId: "srv" });
    expect(acc.getMessages()).toEqual([user, { id: "srv", role: "assistant", content: "final!" }]);
  });

  it("puts the thread in awaiting_input on status-update, tool approval and interrupted runs", () => {
    expect(
      run([
        { type: "text-delta", text: "Proceed?" },
        { type: "status-update", status: "awaiting_input" },
      ]).getMessages()[0],
    ).toMatchObject({
      status: "awaiting_input",
    });

    const approval = run([
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "deploy" },
      { type: "tool-approval-request", toolCallId: "c1", approvalId: "ap1" },
    ]);
    approval.finish();
    const message = approval.getMessages()[0] as AssistantMessage;
    expect(message.status).toBe("awaiting_input");
    expect(message.toolCalls?.[0]?.metadata).toEqual({ approvalId: "ap1" });

    const interrupted = run([
      { type: "text-delta", text: "x" },
      { type: "run-finish", outcome: "interrupt" },
    ]);
    interrupted.finish();
    expect(interrupted.getMessages()[0]).toMatchObject({ status: "awaiting_input" });
  });

  it("keeps partial text and marks the message failed on error", () => {
    const acc = run([
      { type: "text-delta", text: "partial" },
      { type: "reasoning-delta", text: "thinking" },
      { type: "error", error: "boom", code: "server_error" },
    ]);
    acc.finish();
    const [assistant, reasoning] = acc.getMessages() as [AssistantMessage, ReasoningMessage];
    expect(assistant).toMatchObject({ content: "partial", status: "error", error: "boom" });
    expect(reasoning.isThinking).toBe(false);
  });

  it("creates a failed assistant message for an error before any content", () => {
    const acc = run(
      [{ type: "error", error: "Request failed with status 500", code: "http_error", status: 500 }],
      [user],
    );
    expect(acc.getMessages()[1]).toMatchObject({
      role: "assistant",
      content: "",
      status: "error",
      error: "Request failed with status 500",
    });
  });

  it("marks an aborted message stopped, keeping its text", () => {
    const acc = run([
      { type: "text-delta", text: "half" },
      { type: "error", error: "aborted", code: "aborted" },
    ]);
    acc.finish();
    expect(acc.getMessages()[0]).toMatchObject({ content: "half", status: "stopped" });
    expect((acc.getMessages()[0] as AssistantMessage).error).toBeUndefined();
  });

  it("marks streaming messages stopped when finished as stopped", () => {
    const acc = run([{ type: "text-delta", text: "half" }]);
    acc.finish("stopped");
    expect(acc.getMessages()[0]).toMatchObject({ status: "stopped" });
  });

  it("renames the streaming message on message-update and keeps routing to it", () => {
    const acc = run([
      { type: "text-delta", text: "a" },
      { type: "tool-call-start", toolCallId: "c", toolCallName: "f" },
      { type: "message-update", id: "server-id" },
      { type: "tool-call-args", toolCallId: "c", delta: "{}" },
      { type: "text-delta", text: "b" },
    ]);
    const messages = acc.getMessages() as AssistantMessage[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ id: "server-id", content: "ab" });
    expect(messages[0]?.toolCalls?.[0]?.function.arguments).toBe("{}");
  });

  it("attaches context, sources, files and metadata to the assistant message", () => {
    const acc = run([
      { type: "text-delta", text: "see" },
      { type: "context-append", context: { doc: 1 } },
      { type: "source", source: { id: "s1", kind: "url", url: "https://example.com" } },
      { type: "file", file: { url: "https://example.com/a.png", mediaType: "image/png" } },
      { type: "message-metadata", metadata: { model: "m" } },
      { type: "message-metadata", metadata: { tokens: 3 } },
    ]);
    expect(acc.getMessages()[0]).toMatchObject({
      context: [{ doc: 1 }],
      sources: [{ id: "s1", kind: "url", url: "https://example.com" }],
      files: [{ url: "https://example.com/a.png", mediaType: "image/png" }],
      metadata: { model: "m", tokens: 3 },
    });
  });

  it("keeps the agent state from snapshots and patches, outside the messages", () => {
    const acc = run([
      { type: "state-snapshot", snapshot: { count: 1 } },
      { type: "state-delta", delta: [{ op: "replace", path: "/count", value: 2 }] },
      { type: "custom", name: "x", value: 1 },
      { type: "step-start", stepName: "s" },
    ]);
    expect(acc.getAgentState()).toEqual({ count: 2 });
    expect(acc.getMessages()).toEqual([]);
  });

  it("patches the state the thread had before the response, without mutating it", () => {
    const before = { todos: ["write"], count: 1 };
    const acc = createMessageAccumulator({ agentState: before });
    expect(acc.getAgentState()).toBe(before);
    acc.apply({ type: "state-delta", delta: [{ op: "add", path: "/todos/-", value: "test" }] });
    expect(acc.getAgentState()).toEqual({ todos: ["write", "test"], count: 1 });
    expect(before).toEqual({ todos: ["write"], count: 1 });
    const patched = acc.getAgentState();
    acc.apply({ type: "text-delta", text: "hi" });
    expect(acc.getAgentState()).toBe(patched);
  });

  it("keeps the identity of the parts of the state a patch did not touch", () => {
    const before = { todos: ["write"], settings: { theme: "dark" } };
    const acc = createMessageAccumulator({ agentState: before });
    acc.apply({ type: "state-delta", delta: [{ op: "add", path: "/todos/-", value: "test" }] });
    const after = acc.getAgentState() as typeof before;
    expect(after.settings).toBe(before.settings);
    expect(after.todos).not.toBe(before.todos);
  });

  it.each([
    ["replaces a value that is not there", { op: "replace", path: "/missing", value: 1 }],
    ["goes through __proto__", { op: "add", path: "/__proto__/polluted", value: 1 }],
    ["moves from __proto__", { op: "move", from: "/__proto__", path: "/x" }],
    ["fails its test", { op: "test", path: "/count", value: 2 }],
  ] as const)("reports a state delta that %s and keeps the state", (_, operation) => {
    const onError = vi.fn();
    const before = { count: 1 };
    const acc = createMessageAccumulator({ agentState: before, onError });
    acc.apply({ type: "state-delta", delta: [operation] });
    expect(acc.getAgentState()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: "malformed_event" }));
  });

  it("stores encrypted values on messages and tool calls", () => {
    const acc = run([
      { type: "reasoning-start", messageId: "r" },
      { type: "encrypted-value", entity: "message", entityId: "r", encryptedValue: "enc1" },
      { type: "tool-call-start", toolCallId: "c", toolCallName: "f" },
      { type: "encrypted-value", entity: "tool-call", entityId: "c", encryptedValue: "enc2" },
    ]);
    const [reasoning, assistant] = acc.getMessages() as [ReasoningMessage, AssistantMessage];
    expect(reasoning.encryptedValue).toBe("enc1");
    expect(assistant.toolCalls?.[0]?.encryptedValue).toBe("enc2");
  });
});
