import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collect,
  expectSameEventsForAnySplit,
  failingResponse,
  responseFromChunks,
  utf8,
} from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import type { CrayonStreamEvent } from "../../events";
import { agUIAdapter } from "./agUIAdapter";

/** Serialises AG-UI events as the HTTP transport does (`data: <json>`); strings are sent verbatim. */
function wire(...frames: unknown[]): string {
  return frames.map((f) => (typeof f === "string" ? f : `data: ${JSON.stringify(f)}\n\n`)).join("");
}

const START = { type: "RUN_STARTED", threadId: "t1", runId: "r1" };
const FINISH = { type: "RUN_FINISHED", threadId: "t1", runId: "r1" };
const RUN_START_EVENT: CrayonStreamEvent = { type: "run-start", threadId: "t1", runId: "r1" };
const RUN_FINISH_EVENT = { type: "run-finish", threadId: "t1", runId: "r1" } as const;

const parse = (body: string | Array<string | Uint8Array>) =>
  collect(agUIAdapter().parse(responseFromChunks(typeof body === "string" ? [body] : body)));

/** Parses one run made of `events` (RUN_STARTED … RUN_FINISHED added) and drops the run events. */
async function parseRun(...events: unknown[]): Promise<CrayonStreamEvent[]> {
  const out = await parse(wire(START, ...events, FINISH));
  expect(out[0]).toEqual(RUN_START_EVENT);
  expect(out.at(-1)).toEqual(RUN_FINISH_EVENT);
  return out.slice(1, -1);
}

const errorsOf = (events: CrayonStreamEvent[]) => events.filter((e) => e.type === "error");

describe("agUIAdapter – text messages", () => {
  it("maps TEXT_MESSAGE_START / CONTENT / END of several assistant messages, keeping their ids", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hel" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "lo" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      { type: "TEXT_MESSAGE_START", messageId: "m2" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "Again" },
      { type: "TEXT_MESSAGE_END", messageId: "m2" },
    );
    expect(events).toEqual([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "Hel", messageId: "m1" },
      { type: "text-delta", text: "lo", messageId: "m1" },
      { type: "message-end", messageId: "m1" },
      { type: "message-start", messageId: "m2" },
      { type: "text-delta", text: "Again", messageId: "m2" },
      { type: "message-end", messageId: "m2" },
    ]);
  });

  it("merges event metadata into the assistant message (message-metadata)", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_START", messageId: "m1", metadata: { model: "x" } },
      { type: "TEXT_MESSAGE_END", messageId: "m1", metadata: { finishReason: "stop" } },
    );
    expect(events).toEqual([
      { type: "message-metadata", metadata: { model: "x" }, messageId: "m1" },
      { type: "message-start", messageId: "m1" },
      { type: "message-metadata", metadata: { finishReason: "stop" }, messageId: "m1" },
      { type: "message-end", messageId: "m1" },
    ]);
  });

  it("passes a streamed message of another role on whole as custom ag-ui:message, not as assistant text", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_START", messageId: "u1", role: "user", name: "Ann" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "u1", delta: "Hi " },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "u1", delta: "there" },
      { type: "TEXT_MESSAGE_END", messageId: "u1" },
      { type: "TEXT_MESSAGE_START", messageId: "s1", role: "system" },
      { type: "TEXT_MESSAGE_END", messageId: "s1" },
    );
    expect(events).toEqual([
      {
        type: "custom",
        name: "ag-ui:message",
        value: { id: "u1", role: "user", content: "Hi there", name: "Ann" },
      },
      { type: "custom", name: "ag-ui:message", value: { id: "s1", role: "system", content: "" } },
    ]);
  });

  it("still delivers a non-assistant message whose END never came, before the truncated error", async () => {
    const events = await parse(
      wire(
        START,
        { type: "TEXT_MESSAGE_START", messageId: "d1", role: "developer" },
        {
          type: "TEXT_MESSAGE_CONTENT",
          messageId: "d1",
          delta: "partial",
        },
      ),
    );
    expect(events.slice(1)).toEqual([
      {
        type: "custom",
        name: "ag-ui:message",
        value: { id: "d1", role: "developer", content: "partial" },
      },
      expect.objectContaining({ type: "error", code: "truncated" }),
    ]);
  });

  it("emits content that arrives before its START (the accumulator creates the message)", async () => {
    const events = await parseRun({ type: "TEXT_MESSAGE_CONTENT", messageId: "late", delta: "x" });
    expect(events).toEqual([{ type: "text-delta", text: "x", messageId: "late" }]);
  });
});

describe("agUIAdapter – TEXT_MESSAGE_CHUNK", () => {
  it("starts a message on the first chunk of an id, continues id-less chunks, ends it on a new id and at RUN_FINISHED", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "A" },
      { type: "TEXT_MESSAGE_CHUNK", delta: "B" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "C" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c2", role: "assistant", delta: "D" },
    );
    expect(events).toEqual([
      { type: "message-start", messageId: "c1" },
      { type: "text-delta", text: "A", messageId: "c1" },
      { type: "text-delta", text: "B", messageId: "c1" },
      { type: "text-delta", text: "C", messageId: "c1" },
      { type: "message-end", messageId: "c1" },
      { type: "message-start", messageId: "c2" },
      { type: "text-delta", text: "D", messageId: "c2" },
      { type: "message-end", messageId: "c2" },
    ]);
  });

  it("ends the open chunk message when another kind of event arrives, and at the end of a lifecycle-less stream", async () => {
    const events = await parse(
      wire(
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "A" },
        { type: "TOOL_CALL_START", toolCallId: "t1", toolCallName: "f", parentMessageId: "c1" },
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c3", delta: "B" },
      ),
    );
    expect(events).toEqual([
      { type: "message-start", messageId: "c1" },
      { type: "text-delta", text: "A", messageId: "c1" },
      { type: "message-end", messageId: "c1" },
      { type: "tool-call-start", toolCallId: "t1", toolCallName: "f", parentMessageId: "c1" },
      { type: "message-start", messageId: "c3" },
      { type: "text-delta", text: "B", messageId: "c3" },
      { type: "message-end", messageId: "c3" },
    ]);
  });

  it("keeps chunk streams of different subagents apart", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_CHUNK", messageId: "p", delta: "parent " },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "s", subagentRunId: "sub1", delta: "child " },
      { type: "TEXT_MESSAGE_CHUNK", delta: "more parent" },
      { type: "TEXT_MESSAGE_CHUNK", subagentRunId: "sub1", delta: "more child" },
    );
    const deltas = events.filter((e) => e.type === "text-delta");
    expect(deltas).toEqual([
      { type: "text-delta", text: "parent ", messageId: "p" },
      { type: "text-delta", text: "child ", messageId: "s" },
      { type: "text-delta", text: "more parent", messageId: "p" },
      { type: "text-delta", text: "more child", messageId: "s" },
    ]);
    expect(events.filter((e) => e.type === "message-start")).toHaveLength(2);
  });

  it("routes chunks with a non-assistant role to ag-ui:message", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_CHUNK", messageId: "u", role: "user", delta: "Q" },
      { type: "TEXT_MESSAGE_CHUNK", delta: "?" },
    );
    expect(events).toEqual([
      { type: "custom", name: "ag-ui:message", value: { id: "u", role: "user", content: "Q?" } },
    ]);
  });

  it("reports a first chunk without messageId as malformed and goes on", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_CHUNK", delta: "orphan" },
      { type: "TEXT_MESSAGE_START", messageId: "m" },
    );
    expect(events).toEqual([
      { type: "error", code: "malformed_event", error: expect.stringContaining("messageId") },
      { type: "message-start", messageId: "m" },
    ]);
  });
});

describe("agUIAdapter – tool calls", () => {
  it("maps TOOL_CALL_START / ARGS / END with parentMessageId and TOOL_CALL_RESULT with its message id", async () => {
    const events = await parseRun(
      { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"q":' },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '"cats"}' },
      { type: "TOOL_CALL_END", toolCallId: "tc1" },
      {
        type: "TOOL_CALL_RESULT",
        messageId: "r1",
        toolCallId: "tc1",
        content: "3 cats",
        role: "tool",
      },
    );
    expect(events).toEqual([
      { type: "tool-call-start", toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1" },
      { type: "tool-call-args", toolCallId: "tc1", delta: '{"q":' },
      { type: "tool-call-args", toolCallId: "tc1", delta: '"cats"}' },
      { type: "tool-call-end", toolCallId: "tc1" },
      { type: "tool-call-result", toolCallId: "tc1", content: "3 cats", messageId: "r1" },
    ]);
  });

  it("serialises a content-part tool result as JSON (the result event carries a string)", async () => {
    const parts = [
      { type: "text", text: "see image" },
      { type: "image", source: { type: "url", value: "https://x/y.png" } },
    ];
    const [event] = await parseRun({
      type: "TOOL_CALL_RESULT",
      messageId: "r1",
      toolCallId: "tc1",
      content: parts,
    });
    expect(event).toEqual({
      type: "tool-call-result",
      toolCallId: "tc1",
      content: JSON.stringify(parts),
      messageId: "r1",
    });
    expect(JSON.parse((event as { content: string }).content)).toEqual(parts);
  });

  it("expands TOOL_CALL_CHUNK: start on a new toolCallId, args, end when the next call starts", async () => {
    const events = await parseRun(
      {
        type: "TOOL_CALL_CHUNK",
        toolCallId: "a",
        toolCallName: "f",
        parentMessageId: "m",
        delta: "{",
      },
      { type: "TOOL_CALL_CHUNK", delta: "}" },
      { type: "TOOL_CALL_CHUNK", toolCallId: "b", toolCallName: "g", delta: "" },
    );
    expect(events).toEqual([
      { type: "tool-call-start", toolCallId: "a", toolCallName: "f", parentMessageId: "m" },
      { type: "tool-call-args", toolCallId: "a", delta: "{" },
      { type: "tool-call-args", toolCallId: "a", delta: "}" },
      { type: "tool-call-end", toolCallId: "a" },
      { type: "tool-call-start", toolCallId: "b", toolCallName: "g" },
      { type: "tool-call-args", toolCallId: "b", delta: "" },
      { type: "tool-call-end", toolCallId: "b" },
    ]);
  });

  it("keeps the arguments of a chunked call whose first chunk lacks toolCallName", async () => {
    const events = await parseRun({ type: "TOOL_CALL_CHUNK", toolCallId: "a", delta: "{}" });
    expect(events).toEqual([
      { type: "error", code: "malformed_event", error: expect.stringContaining("toolCallName") },
      { type: "tool-call-args", toolCallId: "a", delta: "{}" },
      { type: "tool-call-end", toolCallId: "a" },
    ]);
  });
});

describe("agUIAdapter – reasoning", () => {
  it("builds the reasoning message from REASONING_MESSAGE_* under its own id; REASONING_START/END only delimit the phase", async () => {
    const events = await parseRun(
      { type: "REASONING_START", messageId: "phase1" },
      { type: "REASONING_MESSAGE_START", messageId: "rm1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rm1", delta: "Think" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rm1", delta: "ing" },
      { type: "REASONING_MESSAGE_END", messageId: "rm1" },
      { type: "REASONING_END", messageId: "phase1" },
      {
        type: "REASONING_ENCRYPTED_VALUE",
        subtype: "message",
        entityId: "rm1",
        encryptedValue: "enc",
      },
      {
        type: "REASONING_ENCRYPTED_VALUE",
        subtype: "tool-call",
        entityId: "tc",
        encryptedValue: "e2",
      },
    );
    expect(events).toEqual([
      { type: "reasoning-start", messageId: "rm1" },
      { type: "reasoning-delta", text: "Think", messageId: "rm1" },
      { type: "reasoning-delta", text: "ing", messageId: "rm1" },
      { type: "reasoning-end", messageId: "rm1" },
      { type: "encrypted-value", entity: "message", entityId: "rm1", encryptedValue: "enc" },
      { type: "encrypted-value", entity: "tool-call", entityId: "tc", encryptedValue: "e2" },
    ]);
  });

  it("expands REASONING_MESSAGE_CHUNK", async () => {
    const events = await parseRun(
      { type: "REASONING_MESSAGE_CHUNK", messageId: "r", delta: "a" },
      { type: "REASONING_MESSAGE_CHUNK", delta: "b" },
    );
    expect(events).toEqual([
      { type: "reasoning-start", messageId: "r" },
      { type: "reasoning-delta", text: "a", messageId: "r" },
      { type: "reasoning-delta", text: "b", messageId: "r" },
      { type: "reasoning-end", messageId: "r" },
    ]);
  });
});

describe("agUIAdapter – activities, snapshots, state, steps, custom, raw, subagents", () => {
  it("maps ACTIVITY_SNAPSHOT (replace defaults to true) and ACTIVITY_DELTA (JSON Patch)", async () => {
    const patch = [{ op: "replace", path: "/step", value: 2 }];
    const events = await parseRun(
      { type: "ACTIVITY_SNAPSHOT", messageId: "a1", activityType: "plan", content: { step: 1 } },
      {
        type: "ACTIVITY_SNAPSHOT",
        messageId: "a1",
        activityType: "plan",
        content: {},
        replace: false,
      },
      { type: "ACTIVITY_DELTA", messageId: "a1", activityType: "plan", patch },
    );
    expect(events).toEqual([
      { type: "activity-snapshot", messageId: "a1", activityType: "plan", content: { step: 1 } },
      {
        type: "activity-snapshot",
        messageId: "a1",
        activityType: "plan",
        content: {},
        replace: false,
      },
      { type: "activity-delta", messageId: "a1", activityType: "plan", patch },
    ]);
  });

  it("passes MESSAGES_SNAPSHOT messages on with every field", async () => {
    const messages = [
      { id: "u", role: "user", content: [{ type: "text", text: "hi" }], metadata: { k: 1 } },
      {
        id: "a",
        role: "assistant",
        content: "",
        name: "bot",
        encryptedValue: "ev",
        subagentRunId: "s",
        toolCalls: [{ id: "tc", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { id: "t", role: "tool", toolCallId: "tc", content: "ok", error: "partial" },
      { id: "r", role: "reasoning", content: "why" },
      { id: "x", role: "activity", activityType: "plan", content: { a: 1 } },
      { id: "s", role: "system", content: "sys" },
      { id: "d", role: "developer", content: "dev" },
    ];
    const events = await parseRun({ type: "MESSAGES_SNAPSHOT", messages });
    expect(events).toEqual([{ type: "messages-snapshot", messages }]);
  });

  it("rejects a snapshot with an invalid message whole instead of dropping messages", async () => {
    const events = await parseRun(
      {
        type: "MESSAGES_SNAPSHOT",
        messages: [{ id: "u", role: "user", content: "x" }, { role: "alien" }],
      },
      { type: "MESSAGES_SNAPSHOT", messages: "nope" },
    );
    expect(events).toEqual([
      { type: "error", code: "malformed_event", error: expect.stringContaining("messages") },
      { type: "error", code: "malformed_event", error: expect.stringContaining("messages") },
    ]);
  });

  it("maps state, steps, CUSTOM and RAW", async () => {
    const delta = [{ op: "add", path: "/n", value: 1 }];
    const events = await parseRun(
      { type: "STATE_SNAPSHOT", snapshot: { n: 0 } },
      { type: "STATE_DELTA", delta },
      { type: "STEP_STARTED", stepName: "plan" },
      { type: "STEP_FINISHED", stepName: "plan" },
      { type: "CUSTOM", name: "confetti", value: { n: 3 } },
      { type: "CUSTOM", name: "nothing", value: null },
      { type: "RAW", event: { provider: "x" }, source: "openai" },
    );
    expect(events).toEqual([
      { type: "state-snapshot", snapshot: { n: 0 } },
      { type: "state-delta", delta },
      { type: "step-start", stepName: "plan" },
      { type: "step-finish", stepName: "plan" },
      { type: "custom", name: "confetti", value: { n: 3 } },
      { type: "custom", name: "nothing", value: null },
      { type: "raw", event: { provider: "x" }, source: "openai" },
    ]);
  });

  it("passes SUBAGENT_STARTED / FINISHED / ERROR on as ag-ui:subagent-* custom events", async () => {
    const started = { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher" };
    const finished = {
      type: "SUBAGENT_FINISHED",
      subagentRunId: "s1",
      outcome: { type: "success" },
    };
    const failed = { type: "SUBAGENT_ERROR", subagentRunId: "s2", message: "boom" };
    const events = await parseRun(started, finished, failed);
    expect(events).toEqual([
      { type: "custom", name: "ag-ui:subagent-started", value: started },
      { type: "custom", name: "ag-ui:subagent-finished", value: finished },
      { type: "custom", name: "ag-ui:subagent-error", value: failed },
    ]);
  });
});

describe("agUIAdapter – run lifecycle and errors", () => {
  it("maps an interrupt outcome to run-finish outcome interrupt, with the interrupts passed on", async () => {
    const outcome = {
      type: "interrupt",
      interrupts: [{ id: "i1", reason: "tool_approval", toolCallId: "tc1" }],
    };
    const events = await parse(wire(START, { ...FINISH, outcome }));
    expect(events.slice(1)).toEqual([
      { type: "custom", name: "ag-ui:run-outcome", value: outcome },
      { type: "message-metadata", metadata: { interrupts: outcome.interrupts } },
      { ...RUN_FINISH_EVENT, outcome: "interrupt" },
    ]);
  });

  it("carries result, success / cancelled outcomes and summed token usage", async () => {
    const usage = [
      { provider: "openai", model: "a", inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      { provider: "openai", model: "b", inputTokens: 1, outputTokens: 2, totalTokens: 3 },
    ];
    const events = await parse(
      wire(START, { ...FINISH, outcome: { type: "success" }, result: { ok: true }, usage }, START, {
        ...FINISH,
        outcome: { type: "cancelled" },
      }),
    );
    expect(events.filter((e) => e.type === "run-finish")).toEqual([
      {
        ...RUN_FINISH_EVENT,
        outcome: "success",
        result: { ok: true },
        usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18 },
      },
      { ...RUN_FINISH_EVENT, outcome: "cancelled" },
    ]);
    expect(errorsOf(events)).toEqual([]);
  });

  it("maps RUN_ERROR to a server_error and does not add truncated", async () => {
    const events = await parse(
      wire(
        START,
        { type: "TEXT_MESSAGE_START", messageId: "m" },
        {
          type: "RUN_ERROR",
          message: "Rate limited",
          code: "429",
        },
      ),
    );
    expect(events.slice(1)).toEqual([
      { type: "message-start", messageId: "m" },
      { type: "error", code: "server_error", error: "Rate limited (429)" },
    ]);
  });

  it("reports truncated when the body ends after RUN_STARTED without RUN_FINISHED, after every event", async () => {
    const events = await parse(
      wire(
        START,
        { type: "TEXT_MESSAGE_START", messageId: "m" },
        {
          type: "TEXT_MESSAGE_CONTENT",
          messageId: "m",
          delta: "half",
        },
      ),
    );
    expect(events).toEqual([
      RUN_START_EVENT,
      { type: "message-start", messageId: "m" },
      { type: "text-delta", text: "half", messageId: "m" },
      { type: "error", code: "truncated", error: expect.stringContaining("RUN_FINISHED") },
    ]);
  });

  it("counts a malformed RUN_FINISHED as the end of the run (malformed, but not truncated)", async () => {
    const events = await parse(wire(START, { type: "RUN_FINISHED", threadId: 5, runId: "r1" }));
    expect(events).toEqual([
      RUN_START_EVENT,
      { type: "error", code: "malformed_event", error: expect.stringContaining('"threadId"') },
    ]);
  });

  it("reports truncated for a second run that never finishes", async () => {
    const events = await parse(wire(START, FINISH, START));
    expect(events.at(-1)).toMatchObject({ type: "error", code: "truncated" });
  });

  it("accepts a producer that sends no run lifecycle at all", async () => {
    const events = await parse(
      wire(
        { type: "TEXT_MESSAGE_START", messageId: "m" },
        { type: "TEXT_MESSAGE_END", messageId: "m" },
      ),
    );
    expect(errorsOf(events)).toEqual([]);
  });

  it("reports an empty body, a body without events, but not one that only says [DONE]", async () => {
    expect(await parse("")).toEqual([
      { type: "error", code: "no_body", error: "The response has no body." },
    ]);
    expect(await parse(": keep-alive\n\n")).toMatchObject([{ code: "truncated" }]);
    expect(await parse("data: [DONE]\n\n")).toEqual([]);
  });

  it("turns a non-2xx response into http_error and a body-less one into no_body", async () => {
    const http = await collect(
      agUIAdapter().parse(
        new Response("upstream down", { status: 502, statusText: "Bad Gateway" }),
      ),
    );
    expect(http).toEqual([
      {
        type: "error",
        code: "http_error",
        status: 502,
        error: expect.stringContaining("upstream down"),
      },
    ]);
    const noBody = await collect(agUIAdapter().parse(new Response(null, { status: 200 })));
    expect(noBody).toMatchObject([{ type: "error", code: "no_body" }]);
  });

  it("yields everything decoded before a network failure, then the network error", async () => {
    const events = await collect(
      agUIAdapter().parse(
        failingResponse(
          [wire(START, { type: "TEXT_MESSAGE_CHUNK", messageId: "m", delta: "so far" })],
          new TypeError("socket hang up"),
        ),
      ),
    );
    expect(events).toEqual([
      RUN_START_EVENT,
      { type: "message-start", messageId: "m" },
      { type: "text-delta", text: "so far", messageId: "m" },
      { type: "error", code: "network", error: expect.stringContaining("socket hang up") },
    ]);
  });

  it("starts every parse with fresh state when the adapter is reused", async () => {
    const adapter = agUIAdapter();
    const first = await collect(adapter.parse(responseFromChunks([wire(START)])));
    expect(first.at(-1)).toMatchObject({ code: "truncated" });
    const second = await collect(
      adapter.parse(responseFromChunks([wire({ type: "TEXT_MESSAGE_CHUNK", delta: "x" })])),
    );
    // No chunk stream leaks over from the first response: the id-less chunk has nothing to continue.
    expect(second).toMatchObject([{ type: "error", code: "malformed_event" }]);
  });
});

describe("agUIAdapter – SSE framing", () => {
  const body = wire(
    START,
    { type: "TEXT_MESSAGE_START", messageId: "m" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "Grüße 👋\nline two" },
    { type: "TEXT_MESSAGE_END", messageId: "m" },
    FINISH,
  );
  const expected: CrayonStreamEvent[] = [
    RUN_START_EVENT,
    { type: "message-start", messageId: "m" },
    { type: "text-delta", text: "Grüße 👋\nline two", messageId: "m" },
    { type: "message-end", messageId: "m" },
    RUN_FINISH_EVENT,
  ];

  it("reads LF, CRLF and CR line endings alike", async () => {
    expect(await parse(body)).toEqual(expected);
    expect(await parse(body.replace(/\n/g, "\r\n"))).toEqual(expected);
    expect(await parse(body.replace(/\n/g, "\r"))).toEqual(expected);
  });

  it("ignores data: [DONE], comments, event:/id:/retry: lines and blank data", async () => {
    const noisy = `: hello\r\nretry: 1000\r\n\r\nevent: message\r\nid: 1\r\n${body.replace(/\n/g, "\r\n")}data:\r\n\r\ndata: [DONE]\r\n\r\n`;
    expect(await parse(noisy)).toEqual(expected);
  });

  it("treats data: [DONE] as a normal end: no truncated error even inside a run", async () => {
    const events = await parse(wire(START, "data: [DONE]\n\n"));
    expect(events).toEqual([RUN_START_EVENT]);
  });

  it("joins multi-line data and takes the type from event: when the JSON has none", async () => {
    const events = await parse(
      `data: {"type":"RUN_STARTED",\ndata: "threadId":"t1","runId":"r1"}\n\nevent: STEP_STARTED\ndata: {"stepName":"s"}\n\n${wire(FINISH)}`,
    );
    expect(events).toEqual([
      RUN_START_EVENT,
      { type: "step-start", stepName: "s" },
      RUN_FINISH_EVENT,
    ]);
  });

  it("drops a final event that lacks its closing blank line, and reports truncated", async () => {
    const events = await parse(wire(START).concat(`data: ${JSON.stringify(FINISH)}`));
    expect(events).toEqual([RUN_START_EVENT, expect.objectContaining({ code: "truncated" })]);
  });

  it("yields identical events however the bytes are split", async () => {
    const rich = wire(
      START,
      { type: "TEXT_MESSAGE_CHUNK", messageId: "m", delta: "naïve ☕ 日本 🎉" },
      { type: "TOOL_CALL_START", toolCallId: "t", toolCallName: "f", parentMessageId: "m" },
      { type: "TOOL_CALL_ARGS", toolCallId: "t", delta: '{"city":"Zürich"}' },
      { type: "TOOL_CALL_END", toolCallId: "t" },
      { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "p", content: { s: "✓" } },
      "data: [DONE]\r\n\r\n",
    ).replace(/\n\n/g, "\r\n\r\n");
    const bytes = utf8(rich);
    const whole = await parse([bytes]);
    expect(whole).toHaveLength(8);
    await expectSameEventsForAnySplit(parse, bytes, whole, 100);
  });
});

describe("agUIAdapter – hostile input", () => {
  it("reports invalid JSON, non-objects, missing type and missing or mistyped fields as malformed, and goes on", async () => {
    const events = await parse(
      wire(
        START,
        "data: {not json\n\n",
        "data: 42\n\n",
        "data: {}\n\n",
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: 7, delta: "x" },
        { type: "TOOL_CALL_START", toolCallId: "t" },
        { type: "TOOL_CALL_START", toolCallId: "t", toolCallName: "f", parentMessageId: 5 },
        { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "p", content: [] },
        { type: "ACTIVITY_DELTA", messageId: "a", activityType: "p", patch: {} },
        { type: "STATE_DELTA", delta: "x" },
        { type: "STATE_SNAPSHOT" },
        { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "x" },
        { type: "CUSTOM", value: 1 },
        { type: "RAW" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "survived" },
        FINISH,
      ),
    );
    const errors = errorsOf(events);
    expect(errors).toHaveLength(14);
    for (const error of errors) expect(error).toMatchObject({ code: "malformed_event" });
    expect(errors.map((e) => e.error)).toEqual([
      expect.stringContaining("{not json"),
      expect.stringContaining('"data"'),
      expect.stringContaining('"type"'),
      expect.stringContaining('"delta"'),
      expect.stringContaining('"messageId"'),
      expect.stringContaining('"toolCallName"'),
      expect.stringContaining('"parentMessageId"'),
      expect.stringContaining('"content"'),
      expect.stringContaining('"patch"'),
      expect.stringContaining('"delta"'),
      expect.stringContaining('"snapshot"'),
      expect.stringContaining('"encryptedValue"'),
      expect.stringContaining('"name"'),
      expect.stringContaining('"event"'),
    ]);
    expect(events.at(-2)).toEqual({ type: "text-delta", text: "survived", messageId: "m" });
    expect(events.at(-1)).toEqual(RUN_FINISH_EVENT);
  });

  it("skips unknown event types (and REASONING_START / END) without an error", async () => {
    const events = await parseRun(
      { type: "FUTURE_THING", x: 1 },
      { type: "REASONING_START", messageId: "r" },
      { type: "REASONING_END", messageId: "r" },
    );
    expect(events).toEqual([]);
  });

  it("skips event types named like built-in object properties", async () => {
    const events = await parseRun(
      { type: "constructor", messageId: "m" },
      { type: "toString", delta: "x" },
      { type: "__proto__" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "still here" },
    );
    expect(events).toEqual([{ type: "text-delta", text: "still here", messageId: "m" }]);
  });

  it("keeps a text chunk stream open across activity events, also of unknown ACTIVITY_ types", async () => {
    const events = await parseRun(
      { type: "TEXT_MESSAGE_CHUNK", messageId: "m", delta: "a" },
      { type: "ACTIVITY_FUTURE", messageId: "x" },
      { type: "TEXT_MESSAGE_CHUNK", delta: "b" },
      { type: "STEP_STARTED", stepName: "s" },
    );
    expect(events.map((e) => e.type)).toEqual([
      "message-start",
      "text-delta",
      "text-delta",
      "message-end",
      "step-start",
    ]);
  });

  it("emits tool args, reasoning and activity deltas that arrive before their start", async () => {
    const events = await parseRun(
      { type: "TOOL_CALL_ARGS", toolCallId: "t", delta: "{}" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r", delta: "hm" },
      { type: "ACTIVITY_DELTA", messageId: "a", activityType: "p", patch: [] },
    );
    expect(events.map((e) => e.type)).toEqual([
      "tool-call-args",
      "reasoning-delta",
      "activity-delta",
    ]);
  });

  it("never throws and always ends on random bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.uint8Array({ maxLength: 64 }),
            fc.string().map((s) => utf8(s)),
          ),
          {
            maxLength: 8,
          },
        ),
        async (chunks) => {
          const events = await collect(agUIAdapter().parse(responseFromChunks(chunks)));
          for (const event of events) expect(typeof event.type).toBe("string");
        },
      ),
      { numRuns: 100 },
    );
  });

  it("never throws on random JSON events", async () => {
    const value = fc.jsonValue({ maxDepth: 2 });
    const event = fc.record(
      {
        type: fc.constantFrom(
          "TEXT_MESSAGE_START",
          "TEXT_MESSAGE_CONTENT",
          "TEXT_MESSAGE_CHUNK",
          "TOOL_CALL_CHUNK",
          "REASONING_MESSAGE_CHUNK",
          "TOOL_CALL_RESULT",
          "MESSAGES_SNAPSHOT",
          "RUN_FINISHED",
          "RUN_ERROR",
          "ACTIVITY_DELTA",
        ),
        messageId: fc.oneof(fc.constantFrom("a", "b"), value),
        toolCallId: fc.oneof(fc.constant("t"), value),
        delta: value,
        role: value,
        subagentRunId: fc.oneof(fc.constant("s"), value),
        messages: value,
        outcome: value,
        usage: value,
        content: value,
        patch: value,
      },
      { requiredKeys: ["type"] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 12 }), async (events) => {
        const out = await parse(wire(START, ...events));
        expect(out[0]).toEqual(RUN_START_EVENT);
      }),
      { numRuns: 60 },
    );
  });

  it("reads a single 10 MB event", async () => {
    const delta = "x".repeat(10 * 1024 * 1024);
    const body = wire(START, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta }, FINISH);
    const chunks: string[] = [];
    for (let i = 0; i < body.length; i += 64 * 1024) chunks.push(body.slice(i, i + 64 * 1024));
    const events = await parse(chunks);
    expect(events).toHaveLength(3);
    expect((events[1] as { text: string }).text.length).toBe(delta.length);
  });
});

describe("agUIAdapter – interrupts kept on the paused message", () => {
  it("puts the interrupts of an interrupt outcome into the paused assistant message's metadata", async () => {
    const interrupts = [
      { id: "i1", reason: "tool_approval", toolCallId: "tc1" },
      { id: "i2", reason: "input_required", message: "Which account?" },
    ];
    const events = await parse(
      wire(
        START,
        {
          type: "TEXT_MESSAGE_START",
          messageId: "a1",
          role: "assistant",
          metadata: { model: "m" },
        },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Sending…" },
        { type: "TEXT_MESSAGE_END", messageId: "a1" },
        { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "send", parentMessageId: "a1" },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        { ...FINISH, outcome: { type: "interrupt", interrupts } },
      ),
    );
    const accumulator = createMessageAccumulator({
      messages: [{ id: "u1", role: "user", content: "Go" }],
    });
    for (const event of events) accumulator.apply(event);
    accumulator.finish();
    expect(accumulator.getMessages().at(-1)).toMatchObject({
      id: "a1",
      status: "awaiting_input",
      metadata: { model: "m", interrupts },
      // The interrupt naming the call asks to approve it: the call carries the approval, as a
      // Crayon `tool-approval-request` leaves it, so its card shows Approve / Reject.
      toolCalls: [{ id: "tc1", function: { name: "send" }, metadata: { approvalId: "i1" } }],
    });
    expect(events.filter((event) => event.type === "tool-approval-request")).toEqual([
      { type: "tool-approval-request", toolCallId: "tc1", approvalId: "i1" },
    ]);
  });

  it("asks no approval for an interrupt naming a tool call this run did not stream", async () => {
    const interrupts = [{ id: "i1", reason: "tool_approval", toolCallId: "elsewhere" }];
    const events = await parse(
      wire(
        START,
        { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "send" },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        { ...FINISH, outcome: { type: "interrupt", interrupts } },
      ),
    );
    expect(events.filter((event) => event.type === "tool-approval-request")).toEqual([]);
  });

  it("adds no metadata for other outcomes, nor for an interrupt outcome without interrupts", async () => {
    for (const outcome of [
      { type: "success", pendingToolCallIds: ["tc1"] },
      { type: "interrupt", interrupts: [] },
      { type: "interrupt" },
    ]) {
      const events = await parse(wire(START, { ...FINISH, outcome }));
      expect(events.filter((event) => event.type === "message-metadata")).toEqual([]);
    }
  });
});
