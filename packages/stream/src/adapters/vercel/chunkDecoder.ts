import type { CrayonStreamEvent } from "../../events";
import { type Emit, errorEvent } from "../../internal/eventStream";
import { isRecord } from "../../internal/jsonData";
import { randomId } from "../../internal/randomId";

type Attachment = Extract<CrayonStreamEvent, { type: "source" | "file" | "message-metadata" }>;

// Tool call state bits.
const NAMED = 1;
const ARGS = 2;
/**
 * The input streams as raw text (`inputEncoding: "text"`), not JSON: its deltas are held back
 * and the complete input is sent JSON-encoded, so `arguments` is always JSON.
 */
const TEXT = 4;

/** An object as it is; any other value as `{ value }`. */
const record = (value: unknown): Record<string, any> => (isRecord(value) ? value : { value });

/** The `malformed_event` error for one undecodable chunk or line. */
export const malformed = (raw: string) =>
  errorEvent("malformed_event", `Invalid Vercel AI chunk: ${raw.slice(0, 120)}`);

/**
 * Turns AI SDK UI message chunks (`{ type: "text-delta", … }`) into events. Both wire formats
 * end up here: the UI message stream carries these chunks as they are, and the data stream
 * decoder rewrites its parts into them.
 *
 * Message boundaries: the AI SDK keeps one assistant message with ordered parts; Crayon keeps
 * a list in which tool results, reasoning and activities are messages of their own. To keep
 * the order the user saw, assistant content that follows such a message, and text that
 * follows a tool call, starts a new assistant message. The first gets the AI SDK message id,
 * later ones `<id>-<n>`. An assistant message starts with its first content, so reasoning that
 * precedes the answer precedes it in the list too; metadata, sources and files that arrive
 * before any content wait for it. Ids derive from the AI SDK message id (or one made up when
 * the server sent none) in stream order, so the same bytes always give the same ids.
 */
export function chunkDecoder() {
  let emit: Emit = () => {};
  let base = randomId("msg");
  let n = 0;
  let steps = 0;
  let current: string | undefined;
  /** The base id has been given to a message. */
  let used = false;
  /** `current` got its `message-end`. */
  let closed = false;
  /** A message was inserted after `current`: more assistant content starts a new message. */
  let interrupted = false;
  let hasTools = false;
  let awaiting = false;
  let stopped = false;
  let finished = false;
  let done = false;
  let pending: Attachment[] = [];
  /** Tool call id → state bits. */
  const tools = new Map<string, number>();
  const activities = new Set<string>();
  /** Reasoning part id → reasoning message id, while the part is open. */
  const reasoning = new Map<string, string>();

  const derive = () => `${base}-${++n}`;

  const close = () => {
    if (current !== undefined && !closed) emit({ type: "message-end", messageId: current });
    closed = true;
  };

  const endMessage = () => {
    if (pending.length) open();
    close();
  };

  /** The assistant message new content goes to, starting one when needed. */
  const open = (text?: boolean): string => {
    if (current === undefined || closed || interrupted || (text && hasTools)) {
      close();
      current = used ? derive() : base;
      used = true;
      closed = interrupted = hasTools = false;
      emit({ type: "message-start", messageId: current });
      for (const event of pending) emit({ ...event, messageId: current });
      pending = [];
    }
    return current;
  };

  const attach = (event: Attachment) => {
    if (current === undefined) pending.push(event);
    else emit({ ...event, messageId: current });
  };

  const meta = (metadata: unknown) => {
    if (metadata != null) attach({ type: "message-metadata", metadata: record(metadata) });
  };

  const reasoningId = (part: string): string => {
    let id = reasoning.get(part);
    if (id === undefined) {
      id = derive();
      interrupted = true;
      reasoning.set(part, id);
      emit({ type: "reasoning-start", messageId: id });
    }
    return id;
  };

  const args = (toolCallId: string, delta: string) =>
    emit({ type: "tool-call-args", toolCallId, delta });

  /** Announces a tool call once (and again to fill in a name that was missing). */
  const toolStart = (toolCallId: string, toolCallName: string, text?: boolean): number => {
    let state = tools.get(toolCallId);
    if (state === undefined || (toolCallName && !(state & NAMED))) {
      emit({
        type: "tool-call-start",
        toolCallId,
        toolCallName,
        ...(state === undefined && { parentMessageId: open() }),
      });
      if (state === undefined) {
        hasTools = true;
        state = text ? TEXT : 0;
      }
      if (toolCallName) state |= NAMED;
      tools.set(toolCallId, state);
    }
    return state;
  };

  /** The input is complete: sends it whole unless deltas did. */
  const toolInput = (toolCallId: string, toolCallName: string, input: unknown) => {
    const state = toolStart(toolCallId, toolCallName);
    if (!(state & ARGS)) {
      const json = JSON.stringify(input);
      if (json !== undefined) args(toolCallId, json);
      tools.set(toolCallId, state | ARGS);
    }
    emit({ type: "tool-call-end", toolCallId });
  };

  /** A tool result or failure; a later one for the same call replaces it. */
  const result = (toolCallId: string, output: unknown, error?: string) => {
    // A result for a call this response never showed continues an earlier response (after an
    // approval): what follows must not be appended to the earlier message.
    if (!tools.has(toolCallId)) used = true;
    emit({
      type: "tool-call-result",
      toolCallId,
      content: typeof output === "string" ? output : (JSON.stringify(output) ?? ""),
      messageId: `${base}-tool-${toolCallId}`,
      ...(error !== undefined && { error }),
    });
    interrupted = true;
  };

  let chunk: Record<string, any>;
  let raw: string;
  /** True (after reporting it) when one of these fields of the chunk is not a string. */
  const bad = (a: string, b?: string, c?: string) => {
    const invalid =
      typeof chunk[a] !== "string" ||
      (b !== undefined && typeof chunk[b] !== "string") ||
      (c !== undefined && typeof chunk[c] !== "string");
    if (invalid) emit(malformed(raw));
    return invalid;
  };

  /** Decodes one chunk; `text` is its wire form, quoted by errors. */
  const decode = (value: any, text: string, to: Emit) => {
    emit = to;
    chunk = value;
    raw = text;
    const type = value?.type;
    if (done) return;
    if (!isRecord(value) || typeof type !== "string") return emit(malformed(text));
    switch (type) {
      // The most frequent chunks check their fields inline.
      case "text-delta": {
        const { delta } = value;
        if (typeof delta !== "string") return emit(malformed(text));
        if (delta) emit({ type: "text-delta", text: delta, messageId: open(true) });
        return;
      }
      case "start":
        if (typeof chunk.messageId === "string" && chunk.messageId !== base) {
          // A different AI SDK message begins.
          if (current !== undefined) endMessage();
          base = chunk.messageId;
          current = undefined;
          n = 0;
          used = interrupted = hasTools = false;
        }
        return meta(chunk.messageMetadata);
      case "reasoning-start":
        if (!bad("id")) {
          reasoning.delete(chunk.id);
          reasoningId(chunk.id);
        }
        return;
      case "reasoning-delta": {
        const { id, delta } = value;
        if (typeof id !== "string" || typeof delta !== "string") return emit(malformed(text));
        return emit({ type: "reasoning-delta", text: delta, messageId: reasoningId(id) });
      }
      case "reasoning-end":
        if (!bad("id") && reasoning.has(chunk.id)) {
          emit({ type: "reasoning-end", messageId: reasoningId(chunk.id) });
          reasoning.delete(chunk.id);
        }
        return;
      case "tool-input-start":
        if (!bad("toolCallId", "toolName"))
          toolStart(chunk.toolCallId, chunk.toolName, chunk.inputEncoding === "text");
        return;
      case "tool-input-delta": {
        const { toolCallId, inputTextDelta } = value;
        if (typeof toolCallId !== "string" || typeof inputTextDelta !== "string")
          return emit(malformed(text));
        const state = toolStart(toolCallId, "");
        if (!(state & TEXT)) {
          if (!(state & ARGS)) tools.set(toolCallId, state | ARGS);
          args(toolCallId, inputTextDelta);
        }
        return;
      }
      case "tool-input-available":
        if (!bad("toolCallId", "toolName"))
          toolInput(chunk.toolCallId, chunk.toolName, chunk.input);
        return;
      case "tool-input-error":
        if (!bad("toolCallId", "toolName", "errorText")) {
          toolInput(chunk.toolCallId, chunk.toolName, chunk.input);
          result(chunk.toolCallId, "", chunk.errorText);
        }
        return;
      case "tool-output-available":
        if (!bad("toolCallId")) result(chunk.toolCallId, chunk.output);
        return;
      case "tool-output-error":
        if (!bad("toolCallId", "errorText")) result(chunk.toolCallId, "", chunk.errorText);
        return;
      case "tool-output-denied":
        if (!bad("toolCallId")) result(chunk.toolCallId, "", "The tool call was denied.");
        return;
      case "tool-approval-request":
        // `isAutomatic` (AI SDK 7) records a decision already made: nothing to wait for.
        if (!bad("toolCallId", "approvalId") && !chunk.isAutomatic) {
          awaiting = true;
          emit({
            type: "tool-approval-request",
            toolCallId: chunk.toolCallId,
            approvalId: chunk.approvalId,
          });
        }
        return;
      case "source-url":
      case "source-document": {
        const url = type === "source-url";
        if (url ? !bad("sourceId", "url") : !bad("sourceId", "mediaType", "title"))
          attach({
            type: "source",
            source: {
              id: chunk.sourceId,
              kind: url ? "url" : "document",
              url: chunk.url,
              title: chunk.title,
              mediaType: chunk.mediaType,
              filename: chunk.filename,
            },
          });
        return;
      }
      case "file":
      case "reasoning-file":
        if (!bad("url", "mediaType"))
          attach({ type: "file", file: { url: chunk.url, mediaType: chunk.mediaType } });
        return;
      case "message-metadata":
        return meta(chunk.messageMetadata);
      case "start-step":
        return emit({ type: "step-start", stepName: String(++steps) });
      case "finish-step":
        return emit({ type: "step-finish", stepName: String(steps) });
      case "error":
        if (!bad("errorText"))
          emit(errorEvent("server_error", chunk.errorText, { messageId: open() }));
        return;
      case "abort":
        stopped = true;
        return emit({ type: "status-update", status: "stopped", messageId: open() });
      case "finish":
        meta(chunk.messageMetadata);
        finished = true;
        endMessage();
        return emit({
          type: "run-finish",
          outcome: awaiting ? "interrupt" : stopped ? "cancelled" : "success",
          // The data stream's finish part carries token usage.
          ...(isRecord(chunk.usage) && { usage: chunk.usage }),
        });
      case "[DONE]":
        finished = done = true;
        return endMessage();
      case "reset-step":
      case "custom":
      case "tool-approval-response":
        if (type === "reset-step") {
          // AI SDK 7 retries the step. Events cannot take back what was shown, so the retry
          // goes to new messages and the app is told (it may hide the step's messages).
          reasoning.clear();
          interrupted = true;
        }
        return emit({ type: "custom", name: `vercel:${type}`, value: chunk });
      default:
        if (type.startsWith("data-")) {
          const data = chunk.data;
          if (chunk.transient) return emit({ type: "custom", name: `vercel:${type}`, value: data });
          const id = typeof chunk.id === "string" ? chunk.id : derive();
          if (!activities.has(id)) {
            activities.add(id);
            interrupted = true;
          }
          emit({
            type: "activity-snapshot",
            activityType: type.slice(5),
            messageId: id,
            content: record(data),
          });
        }
      // Other types come from a newer AI SDK: skipped.
    }
  };

  return {
    decode,
    /** Reasoning part id → reasoning message id (the data stream attaches signatures). */
    reasoning,
    /** The body ended: reports a missing finish marker. */
    end(to: Emit) {
      if (!finished) to(errorEvent("truncated", "The stream ended before its finish marker."));
    },
  };
}
