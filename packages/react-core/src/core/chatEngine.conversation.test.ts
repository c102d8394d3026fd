import type { AssistantMessage, CrayonStreamEvent, Message } from "@crayonai/stream";
import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { driveChat } from "../../test/driveChat";
import { eventually, settle, setupChatBackend, start } from "../../test/renderChat";
import { deferred } from "../testing/deferred";
import type { ToolCallRequest } from "../types";

// Multi-turn conversations: human in the loop, branches (edit / regenerate), client-side tools.

const backend = setupChatBackend();

const text = (value: string): CrayonStreamEvent => ({ type: "text-delta", text: value });
const contents = (messages: Message[]) =>
  messages.map((m) => ("content" in m ? m.content : undefined));
const toolCall = (toolCallId: string, name: string, args: string): CrayonStreamEvent[] => [
  { type: "tool-call-start", toolCallId, toolCallName: name },
  { type: "tool-call-args", toolCallId, delta: args },
  { type: "tool-call-end", toolCallId },
];

describe("human in the loop", () => {
  it("waits for input after a status event, and respond({type: 'input'}) answers and resumes", async () => {
    backend.reply([text("Which colour?"), { type: "status-update", status: "awaiting_input" }]);
    const chat = driveChat(backend);
    await settle(start(() => chat.thread().processMessage("Paint the fence")));

    const waiting = chat.thread().messages[1] as AssistantMessage;
    expect(waiting).toMatchObject({ content: "Which colour?", status: "awaiting_input" });
    expect(chat.thread().isAwaitingInput).toBe(true);
    expect(chat.thread().isRunning).toBe(false);

    const stream = backend.hold();
    const responding = start(() => chat.thread().respond({ type: "input", content: "Blue" }));
    await eventually(() => expect(chat.thread().isAwaitingInput).toBe(false));
    await eventually(() => expect(backend.requests).toHaveLength(2));
    expect(backend.requests[1]!.messages).toMatchObject([
      { role: "user", content: "Paint the fence" },
      { id: waiting.id, role: "assistant", content: "Which colour?", status: "complete" },
      {
        role: "user",
        content: "Blue",
        context: [{ type: "human-response", response: "input", messageId: waiting.id }],
      },
    ]);

    stream.send(text("Painting it "));
    await eventually(() =>
      expect(chat.thread().messages[3]).toMatchObject({
        content: "Painting it ",
        status: "streaming",
      }),
    );
    expect(chat.thread().isRunning).toBe(true);
    stream.end(text("blue."));
    await settle(responding);
    expect(chat.thread().messages[3]).toMatchObject({
      role: "assistant",
      content: "Painting it blue.",
      status: "complete",
    });
    expect(chat.thread().isAwaitingInput).toBe(false);
  });

  it("waits for approval after a tool-approval-request; respond({type: 'approve'}) sends the approval", async () => {
    backend.reply([
      text("I will delete the file."),
      ...toolCall("c1", "delete_file", '{"path":"/tmp/a"}'),
      { type: "tool-approval-request", toolCallId: "c1", approvalId: "ap-1" },
    ]);
    const chat = driveChat(backend);
    await settle(start(() => chat.thread().processMessage("Clean up /tmp/a")));

    expect(chat.thread().isAwaitingInput).toBe(true);
    expect(chat.thread().messages[1]).toMatchObject({
      status: "awaiting_input",
      toolCalls: [{ id: "c1", metadata: { approvalId: "ap-1" } }],
    });

    backend.reply([
      { type: "tool-call-result", toolCallId: "c1", content: "deleted" },
      text("Done."),
    ]);
    await settle(start(() => chat.thread().respond({ type: "approve" })));

    const sent = backend.requests[1]!.messages;
    expect(sent).toHaveLength(3);
    expect(sent[1]).toMatchObject({
      role: "assistant",
      status: "complete",
      toolCalls: [{ id: "c1", metadata: { approvalId: "ap-1", approved: true } }],
    });
    expect(sent[2]).toMatchObject({
      role: "user",
      isVisuallyHidden: true,
      content: "Approved.",
      context: [
        { type: "human-response", response: "approve", toolCallId: "c1", approvalId: "ap-1" },
      ],
    });
    expect(chat.thread().messages.slice(3)).toMatchObject([
      { role: "tool", toolCallId: "c1", content: "deleted" },
      { role: "assistant", content: "Done.", status: "complete" },
    ]);
    expect(chat.thread().isAwaitingInput).toBe(false);
  });

  it("respond({type: 'reject', reason}) sends the rejection and its reason", async () => {
    backend.reply([
      ...toolCall("c1", "buy", '{"item":"yacht"}'),
      ...toolCall("c2", "send_email", '{"to":"boss"}'),
      { type: "tool-approval-request", toolCallId: "c2", approvalId: "ap-2" },
    ]);
    const chat = driveChat(backend);
    await settle(start(() => chat.thread().processMessage("Do the errands")));
    expect(chat.thread().isAwaitingInput).toBe(true);

    backend.reply([text("Understood, no email.")]);
    await settle(start(() => chat.thread().respond({ type: "reject", reason: "Too risky" })));

    const [, assistant, answer] = backend.requests[1]!.messages;
    // The call that asked for approval is answered, not simply the last one.
    expect(assistant.toolCalls).toMatchObject([
      { id: "c1", function: { name: "buy" } },
      { id: "c2", metadata: { approvalId: "ap-2", approved: false, reason: "Too risky" } },
    ]);
    expect(assistant.toolCalls[0].metadata).toBeUndefined();
    expect(answer).toMatchObject({
      role: "user",
      isVisuallyHidden: true,
      content: "Rejected: Too risky",
      context: [{ response: "reject", toolCallId: "c2", approvalId: "ap-2", reason: "Too risky" }],
    });
    expect(chat.thread().messages.at(-1)).toMatchObject({
      content: "Understood, no email.",
      status: "complete",
    });
  });

  it("refuses respond when nothing waits for input", async () => {
    backend.reply([text("All done.")]);
    const chat = driveChat(backend);
    await settle(start(() => chat.thread().processMessage("Hi")));

    await expect(chat.thread().respond({ type: "approve" })).rejects.toMatchObject({
      code: "invalid_action",
    });
    expect(backend.requests).toHaveLength(1);
  });
});

describe("answering is loaded on demand", () => {
  const approvalReply = () =>
    backend.reply([
      ...toolCall("c1", "delete_file", '{"path":"/tmp/a"}'),
      { type: "tool-approval-request", toolCallId: "c1", approvalId: "ap-1" },
    ]);

  it("a second answer given while the first loads is refused, and one answer is sent", async () => {
    approvalReply();
    const chat = driveChat(backend);
    await settle(start(() => chat.thread().processMessage("Clean up /tmp/a")));

    backend.reply([text("Done.")]);
    const first = chat.thread().respond({ type: "approve" });
    const second = chat.thread().respond({ type: "reject" });
    // The first answer resolved the waiting message: nothing is left to answer.
    await expect(second).rejects.toMatchObject({ code: "invalid_action" });
    await settle(first);

    expect(backend.requests).toHaveLength(2);
    expect(backend.requests[1]!.messages[2]).toMatchObject({ content: "Approved." });
  });

  it("rejects with a network ChatError and changes nothing when the code cannot be loaded", async () => {
    vi.resetModules();
    vi.doMock("./thread/historyRevisions", () => {
      throw new Error("offline");
    });
    try {
      const { driveChat: drive } = await import("../../test/driveChat");
      approvalReply();
      const chat = drive(backend);
      await settle(start(() => chat.thread().processMessage("Clean up /tmp/a")));
      const before = chat.thread().messages;

      await expect(chat.thread().respond({ type: "approve" })).rejects.toMatchObject({
        name: "ChatError",
        code: "network",
      });
      expect(chat.thread().messages).toBe(before);
      expect(chat.thread().isAwaitingInput).toBe(true);
      expect(backend.requests).toHaveLength(1);
    } finally {
      vi.doUnmock("./thread/historyRevisions");
      vi.resetModules();
    }
  });
});

describe("reading a reply is loaded on demand", () => {
  it("a reply whose reading code cannot be loaded keeps the question, shows a network error, and the next send works", async () => {
    vi.resetModules();
    vi.doMock("./reply/replyPipeline", () => {
      throw new Error("offline");
    });
    try {
      const { driveChat: drive } = await import("../../test/driveChat");
      backend.reply([text("Never read.")]);
      const chat = drive(backend);
      await settle(start(() => chat.thread().processMessage("Hello?")));

      expect(chat.thread().error).toMatchObject({ name: "ChatError", code: "network" });
      expect(contents(chat.thread().messages)).toEqual(["Hello?"]);
      expect(chat.thread().isRunning).toBe(false);

      vi.doUnmock("./reply/replyPipeline");
      backend.reply([text("Read this time.")]);
      await settle(start(() => chat.thread().processMessage("Again?")));
      expect(contents(chat.thread().messages)).toEqual(["Hello?", "Again?", "Read this time."]);
      expect(chat.thread().error).toBeNull();
    } finally {
      vi.doUnmock("./reply/replyPipeline");
      vi.resetModules();
    }
  });
});

describe("edit and regenerate keep history as branches", () => {
  it("editMessage adds a branch; switchBranch shows either; only the active branch is sent", async () => {
    const chat = driveChat(backend);
    backend.reply([text("Paris.")]);
    await settle(start(() => chat.thread().processMessage("Capital of France?")));
    const [q1, a1] = chat.thread().messages;

    backend.reply([text("Berlin.")]);
    await settle(start(() => chat.thread().editMessage(q1!.id, "Capital of Germany?")));
    const [q2, a2] = chat.thread().messages;
    expect(contents(chat.thread().messages)).toEqual(["Capital of Germany?", "Berlin."]);
    expect(q2!.id).not.toBe(q1!.id);
    expect(chat.thread().branches).toEqual({
      [q2!.id]: { index: 1, count: 2, siblingIds: [q1!.id, q2!.id] },
    });
    expect(backend.requests[1]!.messages).toEqual([
      { id: q2!.id, role: "user", content: "Capital of Germany?" },
    ]);

    act(() => chat.thread().switchBranch(q2!.id, 0));
    expect(chat.thread().messages).toEqual([q1, a1]);
    expect(chat.thread().branches[q1!.id]).toMatchObject({ index: 0, count: 2 });

    // A follow-up on the original branch sends that branch only.
    backend.reply([text("About two million.")]);
    await settle(start(() => chat.thread().processMessage("Population?")));
    expect(contents(backend.requests[2]!.messages)).toEqual([
      "Capital of France?",
      "Paris.",
      "Population?",
    ]);

    // Switching back brings the edited branch, and switching again the follow-up too.
    act(() => chat.thread().switchBranch(q1!.id, 1));
    expect(chat.thread().messages).toEqual([q2, a2]);
    act(() => chat.thread().switchBranch(q2!.id, 0));
    expect(contents(chat.thread().messages)).toEqual([
      "Capital of France?",
      "Paris.",
      "Population?",
      "About two million.",
    ]);
  });

  it("regenerate adds a reply branch to the same question", async () => {
    const chat = driveChat(backend);
    backend.reply([text("Joke A")]);
    await settle(start(() => chat.thread().processMessage("Tell me a joke")));
    const [question, replyA] = chat.thread().messages;

    backend.reply([text("Joke B")]);
    await settle(start(() => chat.thread().regenerate()));
    const replyB = chat.thread().messages[1]!;
    expect(contents(chat.thread().messages)).toEqual(["Tell me a joke", "Joke B"]);
    expect(chat.thread().messages[0]).toBe(question);
    expect(chat.thread().branches[replyB.id]).toEqual({
      index: 1,
      count: 2,
      siblingIds: [replyA!.id, replyB.id],
    });
    expect(backend.requests[1]!.messages).toEqual([question]);

    act(() => chat.thread().switchBranch(replyB.id, 0));
    expect(chat.thread().messages).toEqual([question, replyA]);

    // Regenerating a given reply adds a third alternative.
    backend.reply([text("Joke C")]);
    await settle(start(() => chat.thread().regenerate(replyA!.id)));
    const replyC = chat.thread().messages[1]!;
    expect(contents(chat.thread().messages)).toEqual(["Tell me a joke", "Joke C"]);
    expect(chat.thread().branches[replyC.id]).toMatchObject({ index: 2, count: 3 });
  });

  it("regenerating an earlier reply keeps the later turns on their branch", async () => {
    const chat = driveChat(backend);
    backend.reply([text("One")]);
    await settle(start(() => chat.thread().processMessage("First")));
    backend.reply([text("Two")]);
    await settle(start(() => chat.thread().processMessage("Second")));
    const before = chat.thread().messages;

    backend.reply([text("One, again")]);
    await settle(start(() => chat.thread().regenerate(before[1]!.id)));
    expect(contents(chat.thread().messages)).toEqual(["First", "One, again"]);
    expect(contents(backend.requests[2]!.messages)).toEqual(["First"]);

    act(() => chat.thread().switchBranch(chat.thread().messages[1]!.id, 0));
    expect(chat.thread().messages).toEqual(before);
  });

  it("keeps a reply renamed by the server (message-update) as one message, not a branch", async () => {
    const chat = driveChat(backend);
    const stream = backend.hold();
    const sending = start(() => chat.thread().processMessage("Hi"));
    stream.send(text("Hel"));
    // The reply is published under its client id first…
    await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Hel" }));
    // …then the server names it.
    stream.end({ type: "message-update", id: "server-1" }, text("lo"));
    await settle(sending);

    expect(chat.thread().messages).toMatchObject([
      { role: "user" },
      { id: "server-1", content: "Hello" },
    ]);
    expect(chat.thread().branches).toEqual({});
  });

  it("refuses to edit a message that is not a user message on the active branch", async () => {
    const chat = driveChat(backend);
    backend.reply([text("Answer")]);
    await settle(start(() => chat.thread().processMessage("Question")));

    await expect(
      chat.thread().editMessage(chat.thread().messages[1]!.id, "x"),
    ).rejects.toMatchObject({
      code: "invalid_action",
    });
    expect(() => chat.thread().switchBranch(chat.thread().messages[0]!.id, 3)).toThrow(
      expect.objectContaining({ code: "invalid_action" }),
    );
  });
});

describe("client-side tools", () => {
  it("turns the onToolCall result into a tool message and continues with maxToolRoundtrips", async () => {
    backend.reply([text("Let me check."), ...toolCall("c1", "get_weather", '{"city":"Oslo"}')]);
    backend.reply([text("It is 3°C in Oslo.")]);
    const onToolCall = vi.fn(async ({ args }: ToolCallRequest) => ({
      tempC: 3,
      city: (args as { city: string }).city,
    }));
    const chat = driveChat(backend, { onToolCall, maxToolRoundtrips: 1 });

    await settle(start(() => chat.thread().processMessage("Weather in Oslo?")));

    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(onToolCall.mock.calls[0]![0]).toMatchObject({
      toolCall: { id: "c1", function: { name: "get_weather" } },
      args: { city: "Oslo" },
      threadId: chat.thread().threadId,
    });
    expect(chat.thread().messages).toMatchObject([
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        content: "Let me check.",
        toolCalls: [{ id: "c1" }],
        status: "complete",
      },
      { role: "tool", toolCallId: "c1", content: '{"tempC":3,"city":"Oslo"}' },
      { role: "assistant", content: "It is 3°C in Oslo.", status: "complete" },
    ]);
    expect(backend.requests).toHaveLength(2);
    expect(backend.requests[1]!.messages).toHaveLength(3);
    expect(backend.requests[1]!.messages[2]).toMatchObject({ role: "tool", toolCallId: "c1" });
    expect(chat.thread().isRunning).toBe(false);
  });

  it("stops after maxToolRoundtrips and does not continue by default", async () => {
    backend.reply([...toolCall("c1", "roll_dice", "{}")]);
    backend.reply([...toolCall("c2", "roll_dice", "{}")]);
    const onToolCall = vi.fn(() => "4");
    const chat = driveChat(backend, { onToolCall, maxToolRoundtrips: 1 });

    await settle(start(() => chat.thread().processMessage("Roll twice")));

    // Both calls are answered, but only one roundtrip goes back to the backend.
    expect(onToolCall).toHaveBeenCalledTimes(2);
    expect(backend.requests).toHaveLength(2);
    expect(chat.thread().messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
    ]);

    backend.reply([...toolCall("c3", "roll_dice", "{}")]);
    chat.rerender({ onToolCall, maxToolRoundtrips: 0 });
    await settle(start(() => chat.thread().processMessage("Once more")));
    expect(backend.requests).toHaveLength(3);
    expect(chat.thread().messages.at(-1)).toMatchObject({
      role: "tool",
      toolCallId: "c3",
      content: "4",
    });
  });

  it("reports a throwing handler as a tool message with error, and sends it on", async () => {
    backend.reply([...toolCall("c1", "lookup", '{"id":7}')]);
    backend.reply([text("The lookup failed, sorry.")]);
    const chat = driveChat(backend, {
      onToolCall: () => {
        throw new Error("lookup service down");
      },
      maxToolRoundtrips: 1,
    });

    await settle(start(() => chat.thread().processMessage("Look up 7")));

    expect(chat.thread().messages[2]).toMatchObject({
      role: "tool",
      toolCallId: "c1",
      error: "lookup service down",
    });
    expect(backend.requests[1]!.messages[2]).toMatchObject({
      role: "tool",
      error: "lookup service down",
    });
    expect(chat.thread().messages[3]).toMatchObject({ content: "The lookup failed, sorry." });
    expect(chat.thread().error).toBeNull();
  });

  it("leaves a call the handler returns undefined for to addToolResult", async () => {
    backend.reply([...toolCall("c1", "pick_option", '{"options":["a","b"]}')]);
    const onToolCall = vi.fn(() => undefined);
    const chat = driveChat(backend, { onToolCall, maxToolRoundtrips: 3 });

    await settle(start(() => chat.thread().processMessage("Choose for me")));
    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(chat.thread().messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(chat.thread().isRunning).toBe(false);
    expect(backend.requests).toHaveLength(1);

    backend.reply([text("You picked b.")]);
    await settle(
      start(() => chat.thread().addToolResult("c1", { choice: "b" }, { continue: true })),
    );

    expect(backend.requests[1]!.messages[2]).toMatchObject({
      role: "tool",
      toolCallId: "c1",
      content: '{"choice":"b"}',
    });
    expect(chat.thread().messages.at(-1)).toMatchObject({
      content: "You picked b.",
      status: "complete",
    });
  });

  it("keeps the thread busy while a handler runs, so nothing interleaves", async () => {
    backend.reply([...toolCall("c1", "slow", "{}")]);
    backend.reply([text("Finished.")]);
    const started = deferred();
    const gate = deferred();
    const onToolCall = vi.fn(async () => {
      started.resolve();
      await gate.promise;
      return "ok";
    });
    const chat = driveChat(backend, { onToolCall, maxToolRoundtrips: 1, queue: false });
    const sending = start(() => chat.thread().processMessage("Run the slow tool"));
    await settle(started.promise);

    expect(chat.thread().isRunning).toBe(true);
    await expect(chat.thread().processMessage("Are you done?")).rejects.toMatchObject({
      code: "thread_busy",
    });

    gate.resolve();
    await settle(sending);
    expect(chat.thread().messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(backend.requests).toHaveLength(2);
  });
});
