// The accumulator workloads: one long assistant message of N deltas, as each library's
// reducer receives it. `text`: N text deltas. `tools`: the same N deltas, every other one a
// chunk of tool-call arguments, spread over 4 tool calls streamed one after another while the
// text goes on (a model writing an answer and a long document-sized tool input).
import type { BaseEvent } from "@ag-ui/core";
import { EventType } from "@ag-ui/core";
import type { UIMessageChunk } from "ai";
import type { CrayonStreamEvent } from "../src/events";
import type { Message } from "../src/message";
import { createRandom, textDelta } from "./random";

export type Workload = "text" | "tools";

type Delta =
  | { kind: "text"; text: string }
  | { kind: "tool-start"; toolCallId: string; toolName: string }
  | { kind: "tool-args"; toolCallId: string; delta: string }
  | { kind: "tool-end"; toolCallId: string; args: string };

const TOOL_CALLS = 4;
export const MESSAGE_ID = "msg_bench";

/** The thread before this response: 10 short messages, like a conversation in progress. */
export const history: Message[] = Array.from({ length: 10 }, (_, i) =>
  i % 2 === 0
    ? { id: `user_${i}`, role: "user" as const, content: `Question ${i}: how does streaming work?` }
    : {
        id: `assistant_${i}`,
        role: "assistant" as const,
        content: `Answer ${i}.`,
        status: "complete" as const,
      },
);

/** The N deltas (text and tool arguments) of one workload, with tool-call boundaries. */
function deltas(workload: Workload, count: number): Delta[] {
  const random = createRandom(count);
  const out: Delta[] = [];
  if (workload === "text") {
    for (let i = 0; i < count; i++) out.push({ kind: "text", text: textDelta(random) });
    return out;
  }
  const argsDeltas = Math.floor(count / 2);
  const perCall = Math.ceil(argsDeltas / TOOL_CALLS);
  let args = "";
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      out.push({ kind: "text", text: textDelta(random) });
      continue;
    }
    const n = (i - 1) / 2; // index among argument deltas
    const call = Math.floor(n / perCall);
    const toolCallId = `call_${call}`;
    const first = n % perCall === 0;
    const last = n % perCall === perCall - 1 || n === argsDeltas - 1;
    if (first) out.push({ kind: "tool-start", toolCallId, toolName: "write_document" });
    // The arguments are one JSON object whose string value grows by a few words per delta.
    let delta = JSON.stringify(textDelta(random)).slice(1, -1);
    if (first) delta = `{"title":"Report ${call}","body":"${delta}`;
    if (last) delta += '"}';
    args = first ? delta : args + delta;
    out.push({ kind: "tool-args", toolCallId, delta });
    if (last) out.push({ kind: "tool-end", toolCallId, args });
  }
  return out;
}

/** Crayon events, as an adapter yields them. */
export function crayonEvents(workload: Workload, count: number): CrayonStreamEvent[] {
  const events: CrayonStreamEvent[] = [{ type: "message-start", messageId: MESSAGE_ID }];
  for (const d of deltas(workload, count)) {
    if (d.kind === "text") events.push({ type: "text-delta", text: d.text, messageId: MESSAGE_ID });
    else if (d.kind === "tool-start")
      events.push({
        type: "tool-call-start",
        toolCallId: d.toolCallId,
        toolCallName: d.toolName,
        parentMessageId: MESSAGE_ID,
      });
    else if (d.kind === "tool-args")
      events.push({ type: "tool-call-args", toolCallId: d.toolCallId, delta: d.delta });
    else events.push({ type: "tool-call-end", toolCallId: d.toolCallId });
  }
  events.push({ type: "message-end", messageId: MESSAGE_ID });
  return events;
}

/** The equivalent AI SDK UI message chunks (what `readUIMessageStream` consumes). */
export function uiMessageChunks(workload: Workload, count: number): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [
    { type: "start", messageId: MESSAGE_ID },
    { type: "start-step" },
    { type: "text-start", id: "text_1" },
  ];
  for (const d of deltas(workload, count)) {
    if (d.kind === "text") chunks.push({ type: "text-delta", id: "text_1", delta: d.text });
    else if (d.kind === "tool-start")
      chunks.push({ type: "tool-input-start", toolCallId: d.toolCallId, toolName: d.toolName });
    else if (d.kind === "tool-args")
      chunks.push({ type: "tool-input-delta", toolCallId: d.toolCallId, inputTextDelta: d.delta });
    else
      chunks.push({
        type: "tool-input-available",
        toolCallId: d.toolCallId,
        toolName: "write_document",
        input: JSON.parse(d.args),
      });
  }
  chunks.push({ type: "text-end", id: "text_1" }, { type: "finish-step" }, { type: "finish" });
  return chunks;
}

/** The equivalent AG-UI events (what `defaultApplyEvents` consumes). */
export function agUIEvents(workload: Workload, count: number): BaseEvent[] {
  const events = [
    { type: EventType.TEXT_MESSAGE_START, messageId: MESSAGE_ID, role: "assistant" },
  ] as BaseEvent[];
  for (const d of deltas(workload, count)) {
    if (d.kind === "text")
      events.push({
        type: EventType.TEXT_MESSAGE_CONTENT,
        messageId: MESSAGE_ID,
        delta: d.text,
      } as BaseEvent);
    else if (d.kind === "tool-start")
      events.push({
        type: EventType.TOOL_CALL_START,
        toolCallId: d.toolCallId,
        toolCallName: d.toolName,
        parentMessageId: MESSAGE_ID,
      } as BaseEvent);
    else if (d.kind === "tool-args")
      events.push({
        type: EventType.TOOL_CALL_ARGS,
        toolCallId: d.toolCallId,
        delta: d.delta,
      } as BaseEvent);
    else events.push({ type: EventType.TOOL_CALL_END, toolCallId: d.toolCallId } as BaseEvent);
  }
  events.push({ type: EventType.TEXT_MESSAGE_END, messageId: MESSAGE_ID } as BaseEvent);
  return events;
}
