import {
  type AGUIEvent,
  type Message as AgUIMessage,
  EventType,
  type Interrupt,
  type JsonPatchOperation,
} from "@ag-ui/core";
import type { CrayonStreamEvent } from "@crayonai/stream";
import { createId } from "../agent/ids";
import type { RunInfo } from "./protocolEncoder";

/** Escapes a key for use as one JSON Pointer segment. */
const pointerSegment = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Maps Crayon events to AG-UI 1.0 events, keeping what AG-UI requires and Crayon leaves
 * optional: ids on every text, reasoning and activity event, start/end pairs, a run that opens
 * with `RUN_STARTED` and closes with one `RUN_FINISHED` or `RUN_ERROR`.
 *
 * AG-UI has no approval event: a `tool-approval-request` becomes an interrupt of the run's
 * `RUN_FINISHED` outcome (`{ type: "interrupt", interrupts: [{ reason: "tool_approval",
 * toolCallId }] }`). Sources, files, metadata and context travel as `CUSTOM` events named
 * `crayon:<event type>`. A tool error is told in the result's content.
 */
export function createAgUIEventMapper(run: RunInfo) {
  let started = false;
  let ended = false;
  let openText: string | undefined;
  let lastText: string | undefined;
  const openReasoning: string[] = [];
  const activities = new Map<string, string>();
  const interrupts: Interrupt[] = [];
  let out: AGUIEvent[] = [];

  const push = (event: AGUIEvent) => out.push(event);

  const start = (threadId = run.threadId, runId = run.runId) => {
    if (started) return;
    started = true;
    push({ type: EventType.RUN_STARTED, threadId, runId });
  };

  const closeText = () => {
    if (openText === undefined) return;
    push({ type: EventType.TEXT_MESSAGE_END, messageId: openText });
    openText = undefined;
  };

  const openTextMessage = (messageId: string) => {
    if (openText === messageId) return;
    closeText();
    push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
    openText = lastText = messageId;
  };

  const openReasoningMessage = (messageId: string) => {
    if (openReasoning.includes(messageId)) return;
    openReasoning.push(messageId);
    push({ type: EventType.REASONING_START, messageId });
    push({ type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" });
  };

  const closeReasoning = (messageId: string) => {
    const index = openReasoning.indexOf(messageId);
    if (index === -1) return;
    openReasoning.splice(index, 1);
    push({ type: EventType.REASONING_MESSAGE_END, messageId });
    push({ type: EventType.REASONING_END, messageId });
  };

  const closeAll = () => {
    closeText();
    for (const id of [...openReasoning]) closeReasoning(id);
  };

  const activityId = (activityType: string, messageId?: string) => {
    const id = messageId ?? activities.get(activityType) ?? createId("activity");
    activities.set(activityType, id);
    return id;
  };

  const custom = (event: CrayonStreamEvent) =>
    push({ type: EventType.CUSTOM, name: `crayon:${event.type}`, value: event });

  const map = (event: CrayonStreamEvent) => {
    if (event.type === "run-start") return start(event.threadId, event.runId);
    start();
    switch (event.type) {
      case "message-start":
        return openTextMessage(event.messageId);
      case "text-delta":
        openTextMessage(event.messageId ?? openText ?? createId("msg"));
        if (event.text) {
          push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: openText!, delta: event.text });
        }
        return;
      case "message-end":
        if (event.messageId === undefined || event.messageId === openText) closeText();
        return;
      case "reasoning-start":
        return openReasoningMessage(event.messageId);
      case "reasoning-delta": {
        const messageId = event.messageId ?? openReasoning.at(-1) ?? createId("reasoning");
        openReasoningMessage(messageId);
        if (event.text)
          push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta: event.text });
        return;
      }
      case "reasoning-end":
        return closeReasoning(event.messageId);
      case "tool-call-start": {
        const parentMessageId = event.parentMessageId ?? openText ?? lastText;
        return push({
          type: EventType.TOOL_CALL_START,
          toolCallId: event.toolCallId,
          toolCallName: event.toolCallName,
          ...(parentMessageId !== undefined ? { parentMessageId } : {}),
        });
      }
      case "tool-call-args":
        return push({
          type: EventType.TOOL_CALL_ARGS,
          toolCallId: event.toolCallId,
          delta: event.delta,
        });
      case "tool-call-end":
        return push({ type: EventType.TOOL_CALL_END, toolCallId: event.toolCallId });
      case "tool-call-result": {
        // Text after a tool result is a new assistant message (as the accumulator has it).
        closeText();
        const error = event.error === undefined ? "" : `Error: ${event.error}`;
        return push({
          type: EventType.TOOL_CALL_RESULT,
          messageId: event.messageId ?? createId("tool"),
          toolCallId: event.toolCallId,
          content: [event.content, error].filter(Boolean).join("\n\n"),
          role: "tool",
        });
      }
      case "tool-approval-request":
        interrupts.push({
          id: event.approvalId,
          reason: "tool_approval",
          toolCallId: event.toolCallId,
          message: "Approve this tool call?",
        });
        return;
      case "activity-snapshot":
        return push({
          type: EventType.ACTIVITY_SNAPSHOT,
          messageId: activityId(event.activityType, event.messageId),
          activityType: event.activityType,
          content: event.content,
          ...(event.replace !== undefined ? { replace: event.replace } : {}),
        });
      case "activity-delta": {
        // A shallow merge of `content` is a JSON Patch `add` per key.
        const merged: JsonPatchOperation[] = Object.entries(event.content ?? {}).map(
          ([key, value]) => ({ op: "add", path: `/${pointerSegment(key)}`, value }),
        );
        return push({
          type: EventType.ACTIVITY_DELTA,
          messageId: activityId(event.activityType, event.messageId),
          activityType: event.activityType,
          patch: [...((event.patch ?? []) as JsonPatchOperation[]), ...merged],
        });
      }
      case "messages-snapshot":
        return push({
          type: EventType.MESSAGES_SNAPSHOT,
          messages: event.messages as AgUIMessage[],
        });
      case "state-snapshot":
        return push({ type: EventType.STATE_SNAPSHOT, snapshot: event.snapshot });
      case "state-delta":
        return push({
          type: EventType.STATE_DELTA,
          delta: event.delta as JsonPatchOperation[],
        });
      case "step-start":
        return push({ type: EventType.STEP_STARTED, stepName: event.stepName });
      case "step-finish":
        return push({ type: EventType.STEP_FINISHED, stepName: event.stepName });
      case "encrypted-value":
        return push({
          type: EventType.REASONING_ENCRYPTED_VALUE,
          subtype: event.entity,
          entityId: event.entityId,
          encryptedValue: event.encryptedValue,
        });
      case "custom":
        return push({ type: EventType.CUSTOM, name: event.name, value: event.value });
      case "raw":
        return push({
          type: EventType.RAW,
          event: event.event,
          ...(event.source !== undefined ? { source: event.source } : {}),
        });
      case "status-update":
        // `awaiting_input` is told by the interrupt outcome; other statuses have no AG-UI event.
        return;
      case "error":
        ended = true;
        return push({ type: EventType.RUN_ERROR, message: event.error });
      case "run-finish": {
        closeAll();
        ended = true;
        const outcome =
          event.outcome === "interrupt"
            ? {
                type: "interrupt" as const,
                interrupts: interrupts.length
                  ? interrupts
                  : [{ id: createId("interrupt"), reason: "input_required" }],
              }
            : { type: event.outcome ?? ("success" as const) };
        return push({
          type: EventType.RUN_FINISHED,
          threadId: event.threadId ?? run.threadId,
          runId: event.runId ?? run.runId,
          outcome,
          ...(event.result !== undefined ? { result: event.result } : {}),
        } as AGUIEvent);
      }
      default:
        return custom(event);
    }
  };

  return {
    /** The AG-UI events for one Crayon event (none after the run ended). */
    map(event: CrayonStreamEvent): AGUIEvent[] {
      out = [];
      if (!ended) map(event);
      return out;
    },
    /** Closes what is still open when the source ends without finishing the run. */
    end(): AGUIEvent[] {
      out = [];
      if (!ended) {
        start();
        map({ type: "run-finish", outcome: "success" });
      }
      return out;
    },
  };
}
