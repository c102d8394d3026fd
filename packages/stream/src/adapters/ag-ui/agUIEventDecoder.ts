import type { EventType } from "@ag-ui/core";
import type { EventSourceMessage } from "eventsource-parser";
import type { CrayonStreamEvent, CrayonStreamEventType } from "../../events";
import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import type { Message } from "../../message";
import { contentFields, type EventFieldsDecoder, eventFields } from "./eventFields";
import { isMessageList } from "./messageList";
import { sumTokenUsage } from "./tokenUsage";

type AgUIType = `${EventType}`;

/** A decoded AG-UI event: an object with a string `type`; its other fields are not checked yet. */
type AgUIEvent = Record<string, any> & { type: string };

/**
 * AG-UI event → the Crayon event it becomes, and the fields it carries (see {@link eventFields}
 * for the spec syntax; the `*_CONTENT` events are decoded by {@link contentFields}). Some of them
 * get more handling in `apply`.
 */
const MAPPED: { [T in AgUIType]?: `${CrayonStreamEventType} ${string}` } = {
  TEXT_MESSAGE_START: "message-start messageId",
  TEXT_MESSAGE_END: "message-end messageId",
  TOOL_CALL_START: "tool-call-start toolCallId toolCallName parentMessageId?",
  TOOL_CALL_ARGS: "tool-call-args toolCallId delta",
  TOOL_CALL_END: "tool-call-end toolCallId",
  TOOL_CALL_RESULT: "tool-call-result messageId toolCallId content:*!",
  REASONING_MESSAGE_START: "reasoning-start messageId",
  REASONING_MESSAGE_END: "reasoning-end messageId",
  REASONING_ENCRYPTED_VALUE: "encrypted-value subtype entityId encryptedValue",
  ACTIVITY_SNAPSHOT: "activity-snapshot messageId activityType content:o replace:*",
  ACTIVITY_DELTA: "activity-delta messageId activityType patch:a",
  MESSAGES_SNAPSHOT: "messages-snapshot messages:a",
  STATE_SNAPSHOT: "state-snapshot snapshot:*!",
  STATE_DELTA: "state-delta delta:a",
  STEP_STARTED: "step-start stepName",
  STEP_FINISHED: "step-finish stepName",
  RUN_STARTED: "run-start threadId? runId?",
  RUN_FINISHED: "run-finish threadId? runId? result:*",
  CUSTOM: "custom name value:*",
  RAW: "raw event:*! source?",
};

/** The start, content and end events a `*_CHUNK` event stands for, and its id field. */
type ChunkExpansion = readonly [start: string, content: string, end: string, id: string];

const CHUNKS = new Map<string, ChunkExpansion>([
  [
    "TEXT_MESSAGE_CHUNK",
    ["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "messageId"],
  ],
  ["TOOL_CALL_CHUNK", ["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "toolCallId"]],
  [
    "REASONING_MESSAGE_CHUNK",
    ["REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "messageId"],
  ],
]);

// Which open chunk streams an event ends, as in AG-UI's own client: these all of them, the next
// ones (and any other ACTIVITY_* type) none, any other event the one of its own (sub)agent.
const ENDS_ALL = /^(RUN_(STARTED|FINISHED|ERROR)|MESSAGES_SNAPSHOT)$/;
const ENDS_NONE = /^(ACTIVITY_|(RAW|REASONING_ENCRYPTED_VALUE|SUBAGENT_STARTED)$)/;

const DECODERS = new Map<string, EventFieldsDecoder>([
  ["TEXT_MESSAGE_CONTENT", contentFields("text-delta")],
  ["REASONING_MESSAGE_CONTENT", contentFields("reasoning-delta")],
]);
for (const [type, spec] of Object.entries(MAPPED)) DECODERS.set(type, eventFields(spec));

/**
 * How one AG-UI event type is handled, looked up once per run of events of one type: its
 * decoder (mapped types), its expansion (`*_CHUNK` types), which chunk streams it ends. Unknown
 * types are skipped (they only end chunk streams).
 */
const handlingOfType = (type: string) => ({
  decode: DECODERS.get(type),
  expansion: CHUNKS.get(type),
  endsAll: ENDS_ALL.test(type),
  endsOwn: !ENDS_NONE.test(type),
});

const RUN_OUTCOMES: unknown[] = ["success", "interrupt", "cancelled"];

/**
 * Decodes AG-UI 1.0 events, one SSE message at a time, into Crayon stream events.
 *
 * One per response: it expands `*_CHUNK` events into their start/content/end form, keeps
 * streamed text messages whose role is not assistant apart, and follows the run lifecycle so
 * that a body ending mid-run is reported as `truncated`.
 */
export function createAgUIEventDecoder() {
  let out: Emit = () => {};
  let seen = false; // any data message
  let done = false; // `data: [DONE]`
  let ranOnce = false; // RUN_STARTED seen
  let running = false; // inside RUN_STARTED … RUN_FINISHED / RUN_ERROR
  // Open chunk streams, at most one per agent ("" is the parent, else its subagentRunId).
  const chunks = new Map<string, readonly [ChunkExpansion, string]>();
  // Streamed text messages whose role is not assistant, by id, until their TEXT_MESSAGE_END.
  const others = new Map<string, Message>();
  // Tool calls started in this response: an interrupt naming one is the approval of that call.
  const toolCalls = new Set<string>();
  let lastType = "";
  let lastHandling = handlingOfType(lastType);

  /** Reports an invalid event; `why` names the field in backticks, quoted in the message. */
  const malformed = (type: unknown, why: string) =>
    out(errorEvent("malformed_event", `Invalid AG-UI ${type} event: ${why.replace(/`/g, '"')}`));

  const shareMessage = (message: Message) =>
    out({ type: "custom", name: "ag-ui:message", value: message });

  const endChunk = (lane: string) => {
    const open = chunks.get(lane);
    if (open) {
      chunks.delete(lane);
      apply({ type: open[0][2], [open[0][3]]: open[1] });
    }
  };

  /** Expands one `*_CHUNK` event, the way AG-UI's own client does. */
  const chunk = (event: AgUIEvent, expansion: ChunkExpansion) => {
    const [start, content, , key] = expansion;
    const subagent: string | undefined = event.subagentRunId ?? undefined;
    let lane = subagent ?? "";
    let id = event[key];
    const own = chunks.get(lane);
    if (id == null && own?.[0] === expansion) id = own[1];
    else {
      // Continue the stream this id (or, without one, this kind of chunk) has open elsewhere.
      for (const [openLane, [openExpansion, openId]] of chunks) {
        if (openExpansion === expansion && (id == null ? subagent === undefined : openId === id)) {
          lane = openLane;
          id = openId;
          break;
        }
      }
    }
    if (typeof id !== "string") return malformed(event.type, `\`${key}\` must be a string`);
    const open = chunks.get(lane);
    if (open?.[0] !== expansion || open[1] !== id) {
      endChunk(lane);
      chunks.set(lane, [expansion, id]);
      apply({ ...event, type: start, [key]: id });
    }
    if (event.delta !== undefined) apply({ type: content, [key]: id, delta: event.delta });
  };

  /**
   * Maps one AG-UI event (chunks already expanded): emits its Crayon event after what its type
   * needs beyond its fields. Unknown types are skipped.
   */
  const apply = (event: AgUIEvent, decode = DECODERS.get(event.type)) => {
    const { type, messageId } = event;
    // REASONING_START / REASONING_END only delimit a reasoning phase (the message itself is
    // built by REASONING_MESSAGE_*), and AG-UI's own client changes no message on them either.
    if (!decode) {
      if (type === "RUN_ERROR") {
        const message = typeof event.message === "string" ? event.message : "The agent run failed.";
        const code = typeof event.code === "string" ? ` (${event.code})` : "";
        out(errorEvent("server_error", message + code));
      } else if (type.startsWith("SUBAGENT_")) {
        // `ag-ui:subagent-started`, `-finished`, `-error`, with the AG-UI event as value.
        out({
          type: "custom",
          name: `ag-ui:${type.toLowerCase().replace("_", "-")}`,
          value: event,
        });
      }
      return;
    }
    const fields = decode(event);
    if (typeof fields === "string") return malformed(type, fields);
    const other = others.size ? others.get(messageId) : undefined;
    switch (type as AgUIType) {
      case "TOOL_CALL_START":
        toolCalls.add(fields.toolCallId);
        break;
      case "TEXT_MESSAGE_START":
        if (typeof event.role === "string" && event.role !== "assistant") {
          const message = { id: messageId, role: event.role, content: "" } as Message;
          if (typeof event.name === "string") message.name = event.name;
          others.set(messageId, message);
          return;
        }
        break;
      case "TEXT_MESSAGE_CONTENT":
        if (other) {
          other.content += fields.text;
          return;
        }
        break;
      case "TEXT_MESSAGE_END":
        if (other) {
          others.delete(messageId);
          return shareMessage(other);
        }
        break;
      case "REASONING_ENCRYPTED_VALUE":
        fields.entity = fields.subtype;
        delete fields.subtype;
        break;
      case "TOOL_CALL_RESULT":
        if (typeof fields.content !== "string") fields.content = JSON.stringify(fields.content);
        break;
      case "MESSAGES_SNAPSHOT":
        if (!isMessageList(fields.messages))
          return malformed(type, "`messages` must be AG-UI messages");
        break;
      case "RUN_FINISHED": {
        const { outcome } = event;
        // Interrupts and pending tool calls do not fit `run-finish`: passed on whole before it.
        if (isRecord(outcome) && Object.keys(outcome).length > 1) {
          out({ type: "custom", name: "ag-ui:run-outcome", value: outcome });
          // Interrupts are also kept on the message they pause: the request that answers them
          // (later, or after a reload) names them in its `resume` entries.
          const { interrupts } = outcome;
          if (outcome.type === "interrupt" && Array.isArray(interrupts) && interrupts.length) {
            out({ type: "message-metadata", metadata: { interrupts } });
            // An interrupt naming a tool call of this run asks to approve that call (AG-UI's
            // `toolCallId`): the call's card shows its arguments with Approve / Reject, as over
            // Crayon SSE. One naming a call not seen here stays a question of the message.
            for (const { id, toolCallId } of interrupts.filter(isRecord))
              if (typeof id === "string" && toolCalls.has(toolCallId))
                out({ type: "tool-approval-request", toolCallId, approvalId: id });
          }
        }
        if (RUN_OUTCOMES.includes(outcome?.type)) fields.outcome = outcome.type;
        const usage = sumTokenUsage(event.usage);
        if (usage) fields.usage = usage;
        break;
      }
    }
    // Metadata of a streamed assistant text message is merged into the message.
    if (
      event.metadata !== undefined &&
      type.startsWith("TEXT_MESSAGE") &&
      isRecord(event.metadata)
    ) {
      out({ type: "message-metadata", metadata: event.metadata, messageId });
    }
    out(fields as CrayonStreamEvent);
  };

  return {
    /** Decodes one SSE message: `data:` holds the JSON event; `[DONE]` and empty data are skipped. */
    onMessage(message: EventSourceMessage, emit: Emit) {
      out = emit;
      const data = message.data.trim();
      if (data === "[DONE]") done = true;
      if (data === "[DONE]" || !data) return;
      seen = true;
      const event = parseJSONData(data, "AG-UI event", emit);
      if (event === undefined) return;
      if (!isRecord(event)) return malformed("SSE", "`data` must be a JSON object");
      // The type travels inside the JSON; an SSE `event:` name only stands in when it is missing.
      event.type ??= message.event;
      const { type } = event;
      if (typeof type !== "string") return malformed("SSE", "`type` must be a string");
      // Events of one type tend to come in runs (deltas): the last lookup is reused.
      if (type !== lastType) {
        lastType = type;
        lastHandling = handlingOfType(type);
      }
      const handling = lastHandling;
      if (handling.expansion) return chunk(event as AgUIEvent, handling.expansion);
      if (handling.endsAll) {
        for (const lane of chunks.keys()) endChunk(lane);
        // The run's boundaries count even when the event itself turns out malformed.
        if (type.startsWith("RUN_")) {
          running = type === "RUN_STARTED";
          ranOnce ||= running;
        }
      } else if (handling.endsOwn && chunks.size) endChunk(event.subagentRunId ?? "");
      apply(event as AgUIEvent, handling.decode);
    },

    /** The body ended: closes what is still open, then reports a run that never finished. */
    onEnd(emit: Emit) {
      out = emit;
      const truncated = !done && (ranOnce ? running : !seen);
      if (!truncated) for (const lane of chunks.keys()) endChunk(lane);
      for (const message of others.values()) shareMessage(message);
      if (truncated) {
        const what = ranOnce ? "RUN_FINISHED" : "any AG-UI event";
        emit(errorEvent("truncated", `The response ended before ${what}.`));
      }
    },
  };
}
