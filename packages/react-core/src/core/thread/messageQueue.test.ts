import type { CrayonStreamEvent } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { driveChat } from "../../../test/driveChat";
import { eventually, settle, setupChatBackend, start } from "../../../test/renderChat";

// Messages sent while a reply streams: the engine alone, without React.

const backend = setupChatBackend();

const text = (value: string): CrayonStreamEvent => ({ type: "text-delta", text: value });
const contents = (items: readonly object[]) =>
  items.map((m) => ("content" in m ? m.content : undefined));
const sentContents = (request: number) => contents(backend.requests[request]!.messages);

/** A chat whose first reply ("Part…") is streaming, held open by the returned stream. */
async function streaming(props: Parameters<typeof driveChat>[1] = {}) {
  const chat = driveChat(backend, props);
  const stream = backend.hold();
  const first = start(() => chat.thread().processMessage("First"));
  stream.send(text("Part"));
  await eventually(() => expect(chat.thread().messages[1]).toMatchObject({ content: "Part" }));
  return { chat, stream, first };
}

describe("the send queue", () => {
  it("queues messages sent while a reply streams and sends them in order, one per turn, after it completes", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Second");
    const metadata = { sentBy: { app: "Weather" } };
    await chat.thread().processMessage({ content: "Third", context: ["ctx"], metadata });

    // Queued, not in the thread and not sent.
    expect(chat.thread().queue).toMatchObject([
      { content: "Second" },
      { content: "Third", context: ["ctx"], metadata },
    ]);
    expect(contents(chat.thread().messages)).toEqual(["First", "Part"]);
    expect(backend.requests).toHaveLength(1);

    const second = backend.hold();
    backend.reply([text("Answer three")]);
    stream.end(text("ial"));
    await settle(first);
    await eventually(() => expect(backend.requests).toHaveLength(2));
    expect(sentContents(1)).toEqual(["First", "Partial", "Second"]);
    expect(chat.thread().queue).toMatchObject([{ content: "Third" }]);

    second.end(text("Answer two"));
    await eventually(() => expect(backend.requests).toHaveLength(3));
    expect(backend.requests[2]!.messages.at(-1)).toMatchObject({
      role: "user",
      content: "Third",
      context: ["ctx"],
      metadata,
    });
    await eventually(() => expect(chat.thread().isRunning).toBe(false));
    expect(contents(chat.thread().messages)).toEqual([
      "First",
      "Partial",
      "Second",
      "Answer two",
      "Third",
      "Answer three",
    ]);
    expect(chat.thread().queue).toEqual([]);
    expect(chat.thread().queuePaused).toBe(false);
  });

  it("keeps the queue on Stop, paused and unsent, until the user sends it or discards it", async () => {
    const { chat, first } = await streaming();
    await chat.thread().processMessage("Second");
    await chat.thread().processMessage("Third");
    chat.thread().stop();
    await settle(first);

    expect(chat.thread().messages[1]).toMatchObject({ status: "stopped" });
    expect(chat.thread().queuePaused).toBe(true);
    expect(contents(chat.thread().queue)).toEqual(["Second", "Third"]);
    expect(backend.requests).toHaveLength(1);

    backend.reply([text("Two")]);
    backend.reply([text("Three")]);
    chat.thread().sendQueued();
    expect(chat.thread().queuePaused).toBe(false);
    await eventually(() => expect(backend.requests).toHaveLength(3));
    await eventually(() => expect(chat.thread().isRunning).toBe(false));
    expect(contents(chat.thread().messages)).toEqual([
      "First",
      "Part",
      "Second",
      "Two",
      "Third",
      "Three",
    ]);
  });

  it("discards a paused queue with clearQueue, sending nothing", async () => {
    const { chat, first } = await streaming();
    await chat.thread().processMessage("Second");
    chat.thread().stop();
    await settle(first);

    chat.thread().clearQueue();
    expect(chat.thread().queue).toEqual([]);
    expect(chat.thread().queuePaused).toBe(false);
    expect(backend.requests).toHaveLength(1);
  });

  it("pauses the queue when the reply fails", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Second");
    stream.fail();
    await settle(first);

    expect(chat.thread().error).not.toBeNull();
    expect(chat.thread().queuePaused).toBe(true);
    expect(contents(chat.thread().queue)).toEqual(["Second"]);
    expect(backend.requests).toHaveLength(1);
  });

  it("pauses the queue when the reply asks the user for input", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Second");
    stream.end({ type: "status-update", status: "awaiting_input" });
    await settle(first);

    expect(chat.thread().isAwaitingInput).toBe(true);
    expect(chat.thread().queuePaused).toBe(true);
    expect(backend.requests).toHaveLength(1);
  });

  it("waits while a tool call awaits its UI's result, and sends the queue after the reply to it", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Second");
    stream.end(
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "pick_date" },
      { type: "tool-call-args", toolCallId: "c1", delta: "{}" },
      { type: "tool-call-end", toolCallId: "c1" },
    );
    await settle(first);

    // The turn is not over: nothing sent, nothing to decide.
    expect(backend.requests).toHaveLength(1);
    expect(contents(chat.thread().queue)).toEqual(["Second"]);
    expect(chat.thread().queuePaused).toBe(false);

    const followUp = backend.hold();
    const answering = start(() =>
      chat.thread().addToolResult("c1", "2026-12-01", { continue: true }),
    );
    await eventually(() => expect(backend.requests).toHaveLength(2));
    expect(backend.requests[1]!.messages.at(-1)).toMatchObject({ role: "tool", toolCallId: "c1" });
    expect(contents(chat.thread().queue)).toEqual(["Second"]);

    backend.reply([text("Noted")]);
    followUp.end(text("Booked for December 1st."));
    await settle(answering);
    await eventually(() => expect(backend.requests).toHaveLength(3));
    expect(backend.requests[2]!.messages.at(-1)).toMatchObject({ role: "user", content: "Second" });
    expect(chat.thread().queue).toEqual([]);
  });

  it("sends the queue once a tool UI answers the last open call without a follow-up reply", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Second");
    stream.end(
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "show_chart" },
      { type: "tool-call-end", toolCallId: "c1" },
    );
    await settle(first);
    expect(backend.requests).toHaveLength(1);

    backend.reply([text("Next answer")]);
    await chat.thread().addToolResult("c1", "shown");
    await eventually(() => expect(backend.requests).toHaveLength(2));
    expect(sentContents(1).at(-1)).toBe("Second");
  });

  it("sends queued messages as edited, and never removed ones", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("Secnd");
    await chat.thread().processMessage("Drop me");
    const [typo, dropped] = chat.thread().queue;
    chat.thread().editQueued(typo!.id, "Second");
    chat.thread().removeQueued(dropped!.id);
    expect(contents(chat.thread().queue)).toEqual(["Second"]);

    backend.reply([text("Two")]);
    stream.end();
    await settle(first);
    await eventually(() => expect(chat.thread().messages.at(-1)).toMatchObject({ content: "Two" }));
    expect(backend.requests).toHaveLength(2);
    expect(sentContents(1).at(-1)).toBe("Second");
    expect(chat.thread().queuePaused).toBe(false);
  });

  it("unpauses when the last queued message is removed", async () => {
    const { chat, first } = await streaming();
    await chat.thread().processMessage("Second");
    chat.thread().stop();
    await settle(first);
    chat.thread().removeQueued(chat.thread().queue[0]!.id);
    expect(chat.thread().queuePaused).toBe(false);
  });

  it("with queue: false, refuses a send while a reply streams (thread_busy) and queues nothing", async () => {
    const { chat, stream, first } = await streaming({ queue: false });
    await expect(chat.thread().processMessage("Second")).rejects.toMatchObject({
      code: "thread_busy",
    });
    expect(chat.thread().queue).toEqual([]);
    stream.end();
    await settle(first);
    expect(backend.requests).toHaveLength(1);
  });

  it("keeps each thread's queue with its thread", async () => {
    const { chat, stream, first } = await streaming();
    await chat.thread().processMessage("For the first thread");
    const firstId = chat.list().selectedThreadId!;

    chat.list().switchToNewThread();
    expect(chat.thread().queue).toEqual([]);
    backend.reply([text("Other answer")]);
    await settle(start(() => chat.thread().processMessage("Other thread")));
    expect(chat.thread().queue).toEqual([]);

    chat.list().selectThread(firstId);
    expect(contents(chat.thread().queue)).toEqual(["For the first thread"]);
    backend.reply([text("Queued answer")]);
    stream.end();
    await settle(first);
    await eventually(() =>
      expect(chat.thread().messages.at(-1)).toMatchObject({ content: "Queued answer" }),
    );
    expect(backend.requests[2]!.threadId).toBe(firstId);
  });
});
