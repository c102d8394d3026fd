// Conformance of the AG-UI adapter (plus the message accumulator) with AG-UI's own client.
//
// Each scenario is a realistic run, typed against @ag-ui/core and encoded to SSE with the real
// @ag-ui/encoder. The same bytes are then (a) parsed by `agUIAdapter` and applied with
// `createMessageAccumulator`, and (b) decoded and applied by AG-UI's client reducer
// (`transformChunks` → `verifyEvents` → `defaultApplyEvents`, as `AbstractAgent.runAgent` does).
// The resulting messages and state must agree once Crayon-only fields are set aside.
import { createRequire } from "node:module";
import {
  type AbstractAgent,
  defaultApplyEvents,
  transformChunks,
  verifyEvents,
} from "@ag-ui/client";
import type { Message as AgUIMessage, BaseEvent, RunAgentInput } from "@ag-ui/core";
import { EventType } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createMessageAccumulator } from "../src/accumulator/messageAccumulator";
import { agUIAdapter } from "../src/adapters/ag-ui/agUIAdapter";
import type { CrayonStreamEvent } from "../src/events";
import type { Message } from "../src/message";
import { collect, responseFromChunks } from "./streams";

// rxjs is @ag-ui/client's own dependency: load the copy it uses to build its input Observable.
type EventObservable = Parameters<typeof defaultApplyEvents>[1];
const requireFromClient = createRequire(createRequire(import.meta.url).resolve("@ag-ui/client"));
const { from } = requireFromClient("rxjs") as { from: (events: BaseEvent[]) => EventObservable };

const THREAD = "thread-1";
const RUN = "run-1";

/** Encodes events exactly as an AG-UI server does. */
function encode(events: BaseEvent[]): string {
  const encoder = new EventEncoder();
  return events.map((event) => encoder.encodeSSE(event)).join("");
}

/** Crayon: adapter + accumulator over the SSE body. */
async function crayon(body: string, history: Message[]) {
  const events = await collect(agUIAdapter().parse(responseFromChunks([body])));
  const accumulator = createMessageAccumulator({ messages: history });
  for (const event of events) accumulator.apply(event);
  accumulator.finish();
  return { events, messages: accumulator.getMessages(), state: accumulator.getAgentState() };
}

/** AG-UI: the events its SSE parser would read from the same body, through its own reducer. */
async function agUI(body: string, history: AgUIMessage[]) {
  const events = body
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => JSON.parse(frame.replace(/^data: /, "")) as BaseEvent);
  const input: RunAgentInput = {
    threadId: THREAD,
    runId: RUN,
    messages: structuredClone(history),
    tools: [],
    context: [],
    state: {},
  };
  const agent = {
    messages: structuredClone(history),
    state: {},
    pendingInterrupts: [],
  } as unknown as AbstractAgent;
  const verified = verifyEvents()(transformChunks()(from(events)));
  let messages: AgUIMessage[] = structuredClone(history);
  let state: unknown;
  await new Promise<void>((resolve, reject) => {
    defaultApplyEvents(input, verified, agent, []).subscribe({
      next: (mutation) => {
        if (mutation.messages) messages = mutation.messages;
        if (mutation.state !== undefined) state = mutation.state;
      },
      error: reject,
      complete: resolve,
    });
  });
  return { messages, state };
}

/**
 * Sets aside what only one side has by design: Crayon's UI fields (assistant `status`,
 * reasoning `isThinking` and `durationMs`), the empty `content` Crayon gives an assistant message that only made
 * tool calls, and content parts of tool results, which the `tool-call-result` event carries
 * as JSON text.
 */
function normalise(messages: ReadonlyArray<Message | AgUIMessage>): unknown[] {
  return messages.map((original) => {
    const message: Record<string, any> = { ...original };
    delete message.status;
    delete message.isThinking;
    delete message.durationMs;
    // Crayon also keeps a paused run's interrupts on the message they pause (AG-UI's client
    // keeps them only on the run's result): compared without them.
    if (message.metadata?.interrupts) {
      const { interrupts: _kept, ...rest } = message.metadata;
      if (Object.keys(rest).length) message.metadata = rest;
      else delete message.metadata;
    }
    // And an interrupt naming a tool call marks that call as awaiting approval (its
    // `metadata.approvalId`), which AG-UI's client has no place for: compared without it.
    if (Array.isArray(message.toolCalls)) {
      message.toolCalls = message.toolCalls.map((call: Record<string, any>) => {
        if (!call.metadata?.approvalId) return call;
        const { approvalId: _asked, ...rest } = call.metadata;
        const { metadata: _metadata, ...bare } = call;
        return Object.keys(rest).length ? { ...bare, metadata: rest } : bare;
      });
    }
    if (message.role === "assistant" && !message.content) delete message.content;
    if (message.role === "tool" && typeof message.content !== "string") {
      message.content = JSON.stringify(message.content);
    }
    return message;
  });
}

async function compare(events: BaseEvent[], history: AgUIMessage[] = []) {
  const body = encode(events);
  const ours = await crayon(body, history as Message[]);
  const theirs = await agUI(body, history);
  expect(ours.events.filter((event) => event.type === "error")).toEqual([]);
  expect(normalise(ours.messages)).toEqual(normalise(theirs.messages));
  if (theirs.state !== undefined) expect(ours.state).toEqual(theirs.state);
  return { ours, theirs };
}

const runStarted: BaseEvent = { type: EventType.RUN_STARTED, threadId: THREAD, runId: RUN };
const runFinished: BaseEvent = { type: EventType.RUN_FINISHED, threadId: THREAD, runId: RUN };

function text(messageId: string, ...deltas: string[]): BaseEvent[] {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
    ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

function toolCall(
  toolCallId: string,
  name: string,
  parentMessageId: string,
  args: string[],
): BaseEvent[] {
  return [
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, parentMessageId },
    ...args.map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
    { type: EventType.TOOL_CALL_END, toolCallId },
  ];
}

const user: AgUIMessage = { id: "u1", role: "user", content: "Weather in Paris and Rome?" };

describe("AG-UI conformance: agUIAdapter + accumulator vs @ag-ui/client", () => {
  it("AG-UI messages are assignable to Crayon messages (same fields, same shapes)", () => {
    expectTypeOf<AgUIMessage>().toExtend<Message>();
  });

  it("text, several messages, parallel tool calls with results, then an answer", async () => {
    const { ours } = await compare(
      [
        runStarted,
        ...text("a1", "Let me ", "check both."),
        ...toolCall("tc1", "get_weather", "a1", ['{"city":', '"Paris"}']),
        ...toolCall("tc2", "get_weather", "a1", ['{"city":"Rome"}']),
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: "t1",
          toolCallId: "tc1",
          content: "18°C, cloudy",
        },
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: "t2",
          toolCallId: "tc2",
          content: [{ type: "text", text: "22°C, sunny" }],
          role: "tool",
        },
        {
          type: EventType.TEXT_MESSAGE_START,
          messageId: "a2",
          role: "assistant",
          metadata: { model: "m-1" },
        },
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "a2", delta: "Paris 18°C, Rome 22°C." },
        { type: EventType.TEXT_MESSAGE_END, messageId: "a2", metadata: { finishReason: "stop" } },
        runFinished,
      ],
      [user],
    );
    expect(ours.messages.map((m) => `${m.role}:${m.id}`)).toEqual([
      "user:u1",
      "assistant:a1",
      "tool:t1",
      "tool:t2",
      "assistant:a2",
    ]);
    expect(ours.messages[4]).toMatchObject({
      status: "complete",
      metadata: { model: "m-1", finishReason: "stop" },
    });
  });

  it("reasoning (with encrypted values), chunked text and chunked tool calls", async () => {
    const { ours } = await compare([
      runStarted,
      { type: EventType.REASONING_START, messageId: "phase-1" },
      { type: EventType.REASONING_MESSAGE_START, messageId: "r1", role: "reasoning" },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: "r1", delta: "The user wants " },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: "r1", delta: "a haiku." },
      { type: EventType.REASONING_MESSAGE_END, messageId: "r1" },
      { type: EventType.REASONING_END, messageId: "phase-1" },
      {
        type: EventType.REASONING_ENCRYPTED_VALUE,
        subtype: "message",
        entityId: "r1",
        encryptedValue: "gAAAA-reasoning",
      },
      { type: EventType.REASONING_MESSAGE_CHUNK, messageId: "r2", delta: "Short " },
      { type: EventType.REASONING_MESSAGE_CHUNK, delta: "second thought." },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: "a1", role: "assistant", delta: "Autumn " },
      { type: EventType.TEXT_MESSAGE_CHUNK, delta: "moonlight" },
      {
        type: EventType.TOOL_CALL_CHUNK,
        toolCallId: "tc1",
        toolCallName: "save",
        parentMessageId: "a1",
        delta: "{",
      },
      { type: EventType.TOOL_CALL_CHUNK, delta: '"poem":"autumn"}' },
      {
        type: EventType.REASONING_ENCRYPTED_VALUE,
        subtype: "tool-call",
        entityId: "tc1",
        encryptedValue: "gAAAA-call",
      },
      { type: EventType.TEXT_MESSAGE_CHUNK, messageId: "a2", delta: "Saved." },
      runFinished,
    ]);
    expect(ours.messages.map((m) => `${m.role}:${m.id}`)).toEqual([
      "reasoning:r1",
      "reasoning:r2",
      "assistant:a1",
      "assistant:a2",
    ]);
    expect(ours.messages[0]).toMatchObject({
      isThinking: false,
      encryptedValue: "gAAAA-reasoning",
    });
  });

  it("activity snapshot + JSON Patch deltas, state snapshot + delta, then a messages snapshot", async () => {
    const beforeSnapshot: BaseEvent[] = [
      runStarted,
      { type: EventType.STATE_SNAPSHOT, snapshot: { todos: [], mode: "plan" } },
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: "plan-1",
        activityType: "plan",
        content: { steps: [{ title: "Search", status: "pending" }] },
      },
      { type: EventType.STEP_STARTED, stepName: "search" },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: "plan-1",
        activityType: "plan",
        patch: [
          { op: "replace", path: "/steps/0/status", value: "done" },
          { op: "add", path: "/steps/-", value: { title: "Write", status: "running" } },
        ],
      },
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: "plan-1",
        activityType: "plan",
        content: { ignored: true },
        replace: false,
      },
      { type: EventType.STEP_FINISHED, stepName: "search" },
      {
        type: EventType.STATE_DELTA,
        delta: [
          { op: "add", path: "/todos/-", value: "write report" },
          { op: "replace", path: "/mode", value: "act" },
        ],
      },
      ...text("a1", "Working on it."),
      { type: EventType.CUSTOM, name: "progress", value: 0.5 },
    ];
    const { ours: before } = await compare([...beforeSnapshot, runFinished], [user]);
    expect(before.messages[1]).toMatchObject({
      id: "plan-1",
      content: {
        steps: [
          { title: "Search", status: "done" },
          { title: "Write", status: "running" },
        ],
      },
    });
    const { ours } = await compare(
      [
        ...beforeSnapshot,
        {
          type: EventType.MESSAGES_SNAPSHOT,
          // In thread order: AG-UI's client keeps the local order of messages it already has,
          // Crayon takes the snapshot's order, so the two agree when the server keeps it.
          messages: [
            user,
            {
              id: "plan-1",
              role: "activity",
              activityType: "plan",
              content: { steps: [{ title: "Search", status: "done" }] },
            },
            {
              id: "a1",
              role: "assistant",
              content: "Working on it. (server copy)",
              toolCalls: [
                { id: "tc9", type: "function", function: { name: "f", arguments: "{}" } },
              ],
            },
            { id: "t9", role: "tool", toolCallId: "tc9", content: "ok" },
            { id: "sys", role: "system", content: "Be brief.", metadata: { source: "server" } },
          ],
        },
        runFinished,
      ],
      [user],
    );
    expect(ours.state).toEqual({ todos: ["write report"], mode: "act" });
    expect(ours.messages.map((m) => m.id)).toEqual(["u1", "plan-1", "a1", "t9", "sys"]);
  });

  it("activity content before the snapshot arrives matches too", async () => {
    const { ours } = await compare([
      runStarted,
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: "search-1",
        activityType: "search",
        content: { query: "cats", results: [] },
      },
      {
        type: EventType.ACTIVITY_DELTA,
        messageId: "search-1",
        activityType: "search",
        patch: [
          { op: "add", path: "/results/-", value: { url: "https://a" } },
          { op: "add", path: "/results/-", value: { url: "https://b" } },
          { op: "remove", path: "/results/0" },
        ],
      },
      {
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: "search-2",
        activityType: "search",
        content: { query: "dogs" },
      },
      ...text("a1", "Found one."),
      runFinished,
    ]);
    expect(ours.messages[0]).toMatchObject({
      content: { query: "cats", results: [{ url: "https://b" }] },
    });
  });

  it("a run that stops for the user (interrupt outcome) leaves the same messages", async () => {
    const { ours } = await compare(
      [
        runStarted,
        ...text("a1", "I need approval to send the email."),
        ...toolCall("tc1", "send_email", "a1", ['{"to":"bob@example.com"}']),
        {
          ...runFinished,
          outcome: {
            type: "interrupt",
            interrupts: [{ id: "int-1", reason: "tool_approval", toolCallId: "tc1" }],
          },
        } as BaseEvent,
      ],
      [user],
    );
    expect(ours.messages.at(-1)).toMatchObject({
      id: "a1",
      status: "awaiting_input",
      toolCalls: [{ id: "tc1", metadata: { approvalId: "int-1" } }],
    });
    expect(ours.events.filter((e: CrayonStreamEvent) => e.type === "custom")).toEqual([
      {
        type: "custom",
        name: "ag-ui:run-outcome",
        value: {
          type: "interrupt",
          interrupts: [{ id: "int-1", reason: "tool_approval", toolCallId: "tc1" }],
        },
      },
    ]);
  });

  it("a continued thread: new messages are appended after the history", async () => {
    const history: AgUIMessage[] = [
      user,
      { id: "a0", role: "assistant", content: "Earlier answer" },
      { id: "u2", role: "user", content: "And tomorrow?" },
    ];
    await compare([runStarted, ...text("a1", "Tomorrow: rain."), runFinished], history);
  });
});
