import type { EventType } from "@ag-ui/core";
import type { EventSourceMessage } from "eventsource-parser";
import type { CrayonStreamEvent, CrayonStreamEventType } from "../../events";
import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import type { Message } from "../../message";
import { eventFields } from "./eventFields";
import { isMessageList } from "./messageList";
import { sumTokenUsage } from "./tokenUsage";

type AgUIType = `${EventType}`;

/** A decoded AG-UI event: an object with a string `type`; its other fields are not checked yet. */
type AgUIEvent = Record<string, any> & { type: string };

/**
 * AG-UI event → the Crayon event it becomes, and the fields it carries (see {@link eventFields}
 * for the spec syntax). Some of them get more handling in `apply`.
 */
const MAPPED: { [T in AgUIType]?: readonly [CrayonStreamEventType, string] } = {
  TEXT_MESSAGE_START: ["message-start", "messageId"],
  TEXT_MESSAGE_CONTENT: ["text-delta", "messageId delta>text"],
  TEXT_MESSAGE_END: ["message-end", "messageId"],
  TOOL_CALL_START: ["tool-call-start", "toolCallId toolCallName parentMessageId?"],
  TOOL_CALL_ARGS: ["tool-call-args", "toolCallId delta"],
  TOOL_CALL_END: ["tool-call-end", "toolCallId"],
  TOOL_CALL_RESULT: ["tool-call-result", "messageId toolCallId content*"],
  REASONING_MESSAGE_START: ["reasoning-start", "messageId"],
  REASONING_MESSAGE_CONTENT: ["reasoning-delta", "messageId delta>text"],
  REASONING_MESSAGE_END: ["reasoning-end", "messageId"],
  REASONING_ENCRYPTED_VALUE: ["encrypted-value", "subtype>entity entityId encryptedValue"],
  ACTIVITY_SNAPSHOT: ["activity-snapshot", "messageId activityType content{} replace~"],
  ACTIVITY_DELTA: ["activity-delta", "messageId activityType patch[]"],
  MESSAGES_SNAPSHOT: ["messages-snapshot", "messages[]"],
  STATE_SNAPSHOT: ["state-snapshot", "snapshot*"],
  STATE_DELTA: ["state-delta", "delta[]"],
  STEP_STARTED: ["step-start", "stepName"],
  STEP_FINISHED: ["step-finish", "stepName"],
  RUN_STARTED: ["run-start", "threadId? runId?"],
  RUN_FINISHED: ["run-finish", "threadId? runId? result~"],
  CUSTOM: ["custom", "name value~"],
  RAW: ["raw", "event* source?"],
};

/** The start, content and end events a `*_CHUNK` event stands for, and its id field. */
type ChunkExpansion = readonly [start: AgUIType, content: AgUIType, end: AgUIType, id: string];

const CHUNKS: { [T in AgUIType]?: ChunkExpansion } = {
  TEXT_MESSAGE_CHUNK: [
    "TEXT_MESSAGE_START",
    "TEXT_MESSAGE_CONTENT",
    "TEXT_MESSAGE_END",
    "messageId",
  ],
  TOOL_CALL_CHUNK: ["TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "toolCallId"],
  REASONING_MESSAGE_CHUNK: [
    "REASONING_MESSAGE_START",
    "REASONING_MESSAGE_CONTENT",
    "REASONING_MESSAGE_END",
    "messageId",
  ],
};

// Which events end the chunk streams still open, as in AG-UI's own client: these end all of
// them, the KEEPS_CHUNKS_OPEN ones none, any other event the one of its own (sub)agent.
const ENDS_ALL_CHUNKS = /^(RUN_STARTED|RUN_FINISHED|RUN_ERROR|MESSAGES_SNAPSHOT)$/;
const KEEPS_CHUNKS_OPEN = /^(RAW|ACTIVITY_\w+|REASONING_ENCRYPTED_VALUE|SUBAGENT_STARTED)$/;

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

  const malformed = (type: unknown, field: string) =>
    out(errorEvent("malformed_event", `AG-UI ${type} event without a valid "${field}"`));

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
    if (typeof id !== "string") return malformed(event.type, key);
    const open = chunks.get(lane);
    if (open?.[0] !== expansion || open[1] !== id) {
      endChunk(lane);
      chunks.set(lane, [expansion, id]);
      apply({ ...event, type: start, [key]: id });
    }
    if (event.delta !== undefined) apply({ type: content, [key]: id, delta: event.delta });
  };

  /** Maps one AG-UI event (chunks already expanded). Unknown types are skipped. */
  const apply = (event: AgUIEvent) => {
    const { type, messageId } = event;
    if (type === "RUN_ERROR") {
      const message = typeof event.message === "string" ? event.message : "The agent run failed.";
      const code = typeof event.code === "string" ? ` (${event.code})` : "";
      return out(errorEvent("server_error", message + code));
    }
    if (type.startsWith("SUBAGENT_")) {
      // `ag-ui:subagent-started`, `-finished`, `-error`, with the AG-UI event as value.
      return out({
        type: "custom",
        name: `ag-ui:${type.toLowerCase().replace("_", "-")}`,
        value: event,
      });
    }
    // REASONING_START / REASONING_END only delimit a reasoning phase (the message itself is
    // built by REASONING_MESSAGE_*), and AG-UI's own client changes no message on them either.
    const mapped = MAPPED[type as AgUIType];
    if (!mapped) return;
    const fields = eventFields(event, mapped[1]);
    if (typeof fields === "string") return malformed(type, fields);
    const other = others.get(messageId);
    switch (type as AgUIType) {
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
      case "TOOL_CALL_RESULT":
        if (typeof fields.content !== "string") fields.content = JSON.stringify(fields.content);
        break;
      case "MESSAGES_SNAPSHOT":
        if (!isMessageList(fields.messages)) return malformed(type, "messages");
        break;
      case "RUN_FINISHED": {
        const { outcome } = event;
        // Interrupts and pending tool calls do not fit `run-finish`: passed on whole before it.
        if (isRecord(outcome) && Object.keys(outcome).length > 1) {
          out({ type: "custom", name: "ag-ui:run-outcome", value: outcome });
        }
        if (RUN_OUTCOMES.includes(outcome?.type)) fields.outcome = outcome.type;
        const usage = sumTokenUsage(event.usage);
        if (usage) fields.usage = usage;
        break;
      }
    }
    // Metadata of a streamed assistant text message is merged into the message.
    if (type.startsWith("TEXT_MESSAGE") && isRecord(event.metadata)) {
      out({ type: "message-metadata", metadata: event.metadata, messageId });
    }
    out({ type: mapped[0], ...fields } as CrayonStreamEvent);
  };

  return {
    /** Decodes one SSE message: `data:` holds the JSON event; `[DONE]` and empty data are skipped. */
    onMessage(message: EventSourceMessage, emit: Emit) {
      out = emit;
      const data = message.data.trim();
      if (data === "[DONE]") done = true;
      if (data === "[DONE]" || !data) return;
      seen = true;
      const parsed = parseJSONData(data, "AG-UI event");
      if (!parsed.ok) return emit(parsed.error);
      const event = parsed.value;
      if (!isRecord(event)) return malformed("SSE", "data");
      // The type travels inside the JSON; an SSE `event:` name only stands in when it is missing.
      event.type ??= message.event;
      if (typeof event.type !== "string") return malformed("SSE", "type");
      const expansion = CHUNKS[event.type as AgUIType];
      if (expansion) return chunk(event as AgUIEvent, expansion);
      if (ENDS_ALL_CHUNKS.test(event.type)) {
        for (const lane of chunks.keys()) endChunk(lane);
        // The run's boundaries count even when the event itself turns out malformed.
        if (event.type.startsWith("RUN_")) {
          running = event.type === "RUN_STARTED";
          ranOnce ||= running;
        }
      } else if (!KEEPS_CHUNKS_OPEN.test(event.type)) endChunk(event.subagentRunId ?? "");
      apply(event as AgUIEvent);
    },

    /** The body ended: closes what is still open, then reports a run that never finished. */
    onEnd(emit: Emit) {
      out = emit;
      const truncated = !done && (ranOnce ? running : !seen);
      if (!truncated) for (const lane of chunks.keys()) endChunk(lane);
      for (const message of others.values()) shareMessage(message);
      if (truncated) {
        emit(
          errorEvent(
            "truncated",
            ranOnce
              ? "The AG-UI stream ended before RUN_FINISHED."
              : "The response ended before any AG-UI event.",
          ),
        );
      }
    },
  };
}
