import type { ActivityMessage, CrayonStreamEvent } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import type { UIMessageChunk } from "ai";
import { createId } from "../agent/ids";

function parseInput(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/**
 * Maps Crayon events to Vercel AI SDK UI message chunks (AI SDK 5+). Each assistant message
 * opens with `start { messageId }`; text and reasoning get their part start/end chunks; a tool
 * call's streamed arguments end with `tool-input-available`. Activities become `data-<type>`
 * parts with the activity's id, re-sent whole on every change (the AI SDK replaces a data part
 * with the same id), so a JSON Patch delta is applied here first. State, custom and raw events
 * have no UI message chunk and are left out.
 */
export function createVercelChunkMapper() {
  let started = false;
  let finished = false;
  let currentMessage: string | undefined;
  let openText: string | undefined;
  const openReasoning = new Set<string>();
  const toolCalls = new Map<string, { name: string; args: string }>();
  const activities = new Map<string, string>();
  // Holds activity contents, so a delta can be sent as the whole new content.
  const activityState = createMessageAccumulator();
  let out: UIMessageChunk[] = [];

  const write = (chunk: UIMessageChunk) => out.push(chunk);

  const ensureStarted = () => {
    if (started) return;
    started = true;
    write({ type: "start" });
  };

  const startMessage = (messageId: string) => {
    if (started && currentMessage === messageId) return;
    closeText();
    started = true;
    currentMessage = messageId;
    write({ type: "start", messageId });
  };

  const closeText = () => {
    if (openText === undefined) return;
    write({ type: "text-end", id: openText });
    openText = undefined;
  };

  const openReasoningPart = (id: string) => {
    if (openReasoning.has(id)) return;
    ensureStarted();
    openReasoning.add(id);
    write({ type: "reasoning-start", id });
  };

  const closeAll = () => {
    closeText();
    for (const id of openReasoning) write({ type: "reasoning-end", id });
    openReasoning.clear();
  };

  const activity = (event: Extract<CrayonStreamEvent, { activityType: string }>) => {
    const messageId = event.messageId ?? activities.get(event.activityType) ?? createId("activity");
    activities.set(event.activityType, messageId);
    activityState.apply({ ...event, messageId });
    const message = activityState
      .getMessages()
      .find((m): m is ActivityMessage => m.id === messageId && m.role === "activity");
    ensureStarted();
    write({ type: `data-${event.activityType}`, id: messageId, data: message?.content ?? {} });
  };

  const map = (event: CrayonStreamEvent) => {
    switch (event.type) {
      case "message-start":
        return startMessage(event.messageId);
      case "text-delta":
        if (event.messageId !== undefined) startMessage(event.messageId);
        ensureStarted();
        if (openText === undefined) {
          openText = createId("text");
          write({ type: "text-start", id: openText });
        }
        if (event.text) write({ type: "text-delta", id: openText, delta: event.text });
        return;
      case "message-end":
        return closeText();
      case "reasoning-start":
        return openReasoningPart(event.messageId);
      case "reasoning-delta": {
        const id = event.messageId ?? [...openReasoning].at(-1) ?? createId("reasoning");
        openReasoningPart(id);
        if (event.text) write({ type: "reasoning-delta", id, delta: event.text });
        return;
      }
      case "reasoning-end":
        if (openReasoning.delete(event.messageId))
          write({ type: "reasoning-end", id: event.messageId });
        return;
      case "tool-call-start":
        ensureStarted();
        closeText();
        toolCalls.set(event.toolCallId, { name: event.toolCallName, args: "" });
        return write({
          type: "tool-input-start",
          toolCallId: event.toolCallId,
          toolName: event.toolCallName,
        });
      case "tool-call-args": {
        const call = toolCalls.get(event.toolCallId);
        if (call) call.args += event.delta;
        return write({
          type: "tool-input-delta",
          toolCallId: event.toolCallId,
          inputTextDelta: event.delta,
        });
      }
      case "tool-call-end": {
        const call = toolCalls.get(event.toolCallId);
        return write({
          type: "tool-input-available",
          toolCallId: event.toolCallId,
          toolName: call?.name ?? "",
          input: parseInput(call?.args || "{}"),
        });
      }
      case "tool-call-result":
        ensureStarted();
        closeText();
        return write(
          event.error !== undefined
            ? { type: "tool-output-error", toolCallId: event.toolCallId, errorText: event.error }
            : {
                type: "tool-output-available",
                toolCallId: event.toolCallId,
                output: event.content,
              },
        );
      case "tool-approval-request":
        return write({
          type: "tool-approval-request",
          toolCallId: event.toolCallId,
          approvalId: event.approvalId,
        });
      case "activity-snapshot":
      case "activity-delta":
        return activity(event);
      case "source":
        ensureStarted();
        return write(
          event.source.kind === "url"
            ? {
                type: "source-url",
                sourceId: event.source.id,
                url: event.source.url ?? "",
                ...(event.source.title !== undefined ? { title: event.source.title } : {}),
              }
            : {
                type: "source-document",
                sourceId: event.source.id,
                mediaType: event.source.mediaType ?? "application/octet-stream",
                title: event.source.title ?? event.source.filename ?? event.source.id,
                ...(event.source.filename !== undefined ? { filename: event.source.filename } : {}),
              },
        );
      case "file":
        ensureStarted();
        return write({ type: "file", url: event.file.url, mediaType: event.file.mediaType });
      case "message-metadata":
        ensureStarted();
        return write({ type: "message-metadata", messageMetadata: event.metadata });
      case "step-start":
        ensureStarted();
        return write({ type: "start-step" });
      case "step-finish":
        return write({ type: "finish-step" });
      case "error":
        ensureStarted();
        closeText();
        return write({ type: "error", errorText: event.error });
      case "run-finish":
        ensureStarted();
        closeAll();
        finished = true;
        return write({ type: "finish" });
      default:
        return;
    }
  };

  return {
    /** The chunks for one Crayon event (none after `finish`). */
    map(event: CrayonStreamEvent): UIMessageChunk[] {
      out = [];
      if (!finished) map(event);
      return out;
    },
    /** Closes the message when the source ends without finishing the run. */
    end(): UIMessageChunk[] {
      out = [];
      if (!finished) map({ type: "run-finish" });
      return out;
    },
  };
}
