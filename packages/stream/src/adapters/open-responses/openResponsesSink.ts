import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import type { SourceReference } from "../../message";
import { errorMessage } from "../openai/errorMessage";
import { flattenUsage } from "../openai/usage";

/** What the sink remembers of one output item, by the item's id. */
type OutputItem = {
  type: string;
  /** The Crayon tool call id (a function call's `call_id`, a hosted tool's item id). */
  toolCallId?: string;
  /** Text received per content part (`content_index` or `summary_index`), to complete at `done`. */
  parts: Map<number, string>;
  /** The tool call's arguments as streamed, to complete at `done`. */
  args: string;
  closed: boolean;
};

/** Output item types that are tool calls the server runs: the finished item is the result. */
const HOSTED_TOOL_CALLS = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
]);

/**
 * Output item types, besides `function_call`, that are tool calls the app runs (under their
 * `call_id`), their input given whole in the finished item.
 */
const CLIENT_TOOL_CALLS = new Set([
  "custom_tool_call",
  "local_shell_call",
  "shell_call",
  "computer_call",
  "apply_patch_call",
]);

/** Fields of a finished tool call item that are not its input. */
const NOT_INPUT = new Set([
  "id",
  "type",
  "status",
  "call_id",
  "output",
  "outputs",
  "result",
  "results",
  "error",
]);

/** A tool call item's input, as the JSON arguments of its Crayon tool call. */
function inputOf(item: Record<string, any>): string {
  const input: Record<string, unknown> = {};
  for (const key in item) if (!NOT_INPUT.has(key)) input[key] = item[key];
  return JSON.stringify(input);
}

/** Where the raw reasoning text's parts are kept, after the summary's parts. */
const RAW_REASONING = 1000;

/**
 * Events that only say a hosted tool's progress (`in_progress`, `searching`, `interpreting`,
 * `generating`): the item's own `added` and `done` carry what is shown.
 */
const PROGRESS =
  /^response\.(web_search_call|file_search_call|code_interpreter_call|image_generation_call|mcp_call|mcp_list_tools)\.(in_progress|searching|interpreting|generating|completed|failed|partial_image)$/;

/**
 * The text of each part of a `message` or `reasoning` item, as sent in its `done` event: the
 * `text` of parts of type `type`, the `refusal` of refusal parts.
 */
function partsText(parts: unknown, type: string): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.map((part) =>
    !isRecord(part)
      ? ""
      : part.type === type
        ? String(part.text ?? "")
        : part.type === "refusal"
          ? String(part.refusal ?? "")
          : "",
  );
}

/** A Crayon source for an `output_text` annotation, or `undefined` for one that cites nothing. */
function sourceOf(annotation: Record<string, any>): SourceReference | undefined {
  if (annotation.type === "url_citation" && typeof annotation.url === "string") {
    return {
      id: annotation.url,
      kind: "url",
      url: annotation.url,
      ...(typeof annotation.title === "string" && { title: annotation.title }),
    };
  }
  if (typeof annotation.file_id === "string") {
    return {
      id: annotation.file_id,
      kind: "document",
      ...(typeof annotation.filename === "string" && { filename: annotation.filename }),
      ...(typeof annotation.container_id === "string" && {
        metadata: { containerId: annotation.container_id },
      }),
    };
  }
  return undefined;
}

/**
 * Decodes an OpenAI Responses / Open Responses stream (SSE whose data is one JSON event with a
 * `type` and a `sequence_number`; no `[DONE]`: the stream ends with `response.completed`,
 * `response.incomplete` or `response.failed`) into Crayon events. One instance per response.
 *
 * A `message` item is an assistant message under the item's id; a `reasoning` item a reasoning
 * message (its `encrypted_content` kept as the message's encrypted value); a `function_call` a
 * tool call under its `call_id`; a hosted tool call (web search, code interpreter, MCP, …) a
 * tool call under the item's id whose arguments are the item's input and whose result is the
 * finished item; an `mcp_approval_request` a tool call waiting for the user's approval.
 */
export function openResponsesSink(): TextDecoderSink {
  const items = new Map<string, OutputItem>();
  const sourcesSent = new Set<string>();
  const unknownTypes = new Set<string>();
  let started = false;
  let assistantId: string | undefined;
  let awaitingApproval = false;
  let lastSequence: number | undefined;
  let finished = false;

  const closeAssistant = (emit: Emit) => {
    if (assistantId) emit({ type: "message-end", messageId: assistantId });
    assistantId = undefined;
  };

  /** The item an event names, or an error (and `undefined`) when it was never added. */
  const itemOf = (event: Record<string, any>, emit: Emit): OutputItem | undefined => {
    const item = typeof event.item_id === "string" ? items.get(event.item_id) : undefined;
    if (!item) {
      emit(
        errorEvent(
          "malformed_event",
          `Open Responses \`${event.type}\` names an output item that was not added (${String(event.item_id)}).`,
        ),
      );
    }
    return item;
  };

  /** Text that a `done` event has beyond what its deltas gave (all of it when none came). */
  const rest = (item: OutputItem, index: number, whole: unknown): string => {
    const received = item.parts.get(index) ?? "";
    const text = typeof whole === "string" ? whole : "";
    item.parts.set(index, text.length > received.length ? text : received);
    return text.startsWith(received) ? text.slice(received.length) : "";
  };

  const appendText = (item: OutputItem, index: number, delta: string) => {
    item.parts.set(index, (item.parts.get(index) ?? "") + delta);
  };

  const startToolCall = (emit: Emit, item: OutputItem, toolCallId: string, name: string) => {
    item.toolCallId = toolCallId;
    emit({
      type: "tool-call-start",
      toolCallId,
      toolCallName: name,
      ...(assistantId && { parentMessageId: assistantId }),
    });
  };

  const endToolCall = (emit: Emit, item: OutputItem, whole: unknown) => {
    if (item.closed || !item.toolCallId) return;
    item.closed = true;
    const full = typeof whole === "string" ? whole : item.args;
    if (full.startsWith(item.args) && full.length > item.args.length) {
      emit({
        type: "tool-call-args",
        toolCallId: item.toolCallId,
        delta: full.slice(item.args.length),
      });
    }
    if (full) {
      try {
        JSON.parse(full);
      } catch {
        emit(
          errorEvent(
            "malformed_event",
            `The arguments of tool call ${item.toolCallId} are not JSON; they are kept as sent.`,
          ),
        );
      }
    }
    emit({ type: "tool-call-end", toolCallId: item.toolCallId });
  };

  const onItemAdded = (added: Record<string, any>, emit: Emit) => {
    const id = typeof added.id === "string" && added.id ? added.id : undefined;
    const type = typeof added.type === "string" ? added.type : "";
    if (!id) return emit(errorEvent("malformed_event", "An Open Responses output item has no id."));
    if (items.has(id)) return; // the same item added again (a repeated event): nothing new
    const item: OutputItem = { type, parts: new Map(), args: "", closed: false };
    items.set(id, item);
    if (type === "message") {
      closeAssistant(emit);
      assistantId = id;
      emit({ type: "message-start", messageId: id });
    } else if (type === "reasoning") {
      emit({ type: "reasoning-start", messageId: id });
    } else if (type === "function_call") {
      startToolCall(emit, item, String(added.call_id || id), String(added.name ?? ""));
      if (typeof added.arguments === "string" && added.arguments) {
        item.args = added.arguments;
        emit({ type: "tool-call-args", toolCallId: item.toolCallId!, delta: added.arguments });
      }
    } else if (CLIENT_TOOL_CALLS.has(type)) {
      startToolCall(emit, item, String(added.call_id || id), String(added.name ?? type));
    } else if (type === "mcp_approval_request" || HOSTED_TOOL_CALLS.has(type)) {
      const name = type === "mcp_approval_request" || type === "mcp_call" ? added.name : type;
      startToolCall(emit, item, id, String(name ?? type));
    } else {
      reportUnknown(`output item type \`${type}\``, emit);
    }
  };

  const onItemDone = (done: Record<string, any>, emit: Emit) => {
    const id = typeof done.id === "string" ? done.id : "";
    if (!items.has(id)) onItemAdded(done, emit);
    const item = items.get(id);
    if (!item || item.closed) return;
    if (item.type === "message") {
      for (const [index, text] of partsText(done.content, "output_text").entries()) {
        const missing = rest(item, index, text);
        if (missing) emit({ type: "text-delta", text: missing, messageId: id });
      }
      if (assistantId === id) closeAssistant(emit);
      item.closed = true;
    } else if (item.type === "reasoning") {
      const summaries = partsText(done.summary, "summary_text");
      const texts = partsText(done.content, "reasoning_text");
      for (const [index, text] of summaries.entries()) reasoningRest(emit, id, item, index, text);
      for (const [index, text] of texts.entries()) {
        reasoningRest(emit, id, item, RAW_REASONING + index, text);
      }
      if (typeof done.encrypted_content === "string" && done.encrypted_content) {
        emit({
          type: "encrypted-value",
          entity: "message",
          entityId: id,
          encryptedValue: done.encrypted_content,
        });
      }
      emit({ type: "reasoning-end", messageId: id });
      item.closed = true;
    } else if (item.type === "function_call") {
      endToolCall(emit, item, done.arguments);
    } else if (CLIENT_TOOL_CALLS.has(item.type)) {
      endToolCall(emit, item, inputOf(done));
    } else if (item.type === "mcp_approval_request") {
      endToolCall(emit, item, typeof done.arguments === "string" ? done.arguments : "{}");
      emit({ type: "tool-approval-request", toolCallId: id, approvalId: id });
      awaitingApproval = true;
    } else if (item.toolCallId) {
      const streamed = item.type === "mcp_call" && item.args;
      endToolCall(
        emit,
        item,
        streamed ? undefined : item.type === "mcp_call" ? done.arguments : inputOf(done),
      );
      const failed = done.status === "failed" || done.status === "incomplete" || done.error != null;
      emit({
        type: "tool-call-result",
        toolCallId: id,
        content: JSON.stringify(done),
        ...(failed && {
          error: done.error != null ? errorMessage(done.error) : `The ${item.type} ${done.status}.`,
        }),
      });
    }
  };

  /** Reasoning text a part has beyond its deltas; a new part after another starts a paragraph. */
  const reasoningRest = (
    emit: Emit,
    id: string,
    item: OutputItem,
    index: number,
    whole: string,
  ) => {
    const isNew = !item.parts.has(index) && item.parts.size > 0;
    const missing = rest(item, index, whole);
    if (missing) {
      emit({ type: "reasoning-delta", text: (isNew ? "\n\n" : "") + missing, messageId: id });
    }
  };

  const reportUnknown = (what: string, emit: Emit) => {
    if (unknownTypes.has(what)) return;
    unknownTypes.add(what);
    emit({ type: "custom", name: "open-responses.unknown", value: what });
  };

  /** Closes what is still open once the response reached a terminal event. */
  const finish = (emit: Emit) => {
    for (const [id, item] of items) {
      if (item.closed) continue;
      if (item.type === "reasoning") emit({ type: "reasoning-end", messageId: id });
      else if (item.toolCallId) endToolCall(emit, item, undefined);
      item.closed = true;
    }
    closeAssistant(emit);
    finished = true;
  };

  const onEvent = (event: Record<string, any>, emit: Emit) => {
    const type = typeof event.type === "string" ? event.type : "";
    const sequence = event.sequence_number;
    if (typeof sequence === "number") {
      // A repeated event (a proxy that retried) is dropped; a gap is said, and reading goes on.
      if (lastSequence !== undefined && sequence <= lastSequence) return;
      if (lastSequence !== undefined && sequence > lastSequence + 1) {
        emit(
          errorEvent(
            "malformed_event",
            `Open Responses events ${lastSequence + 1}–${sequence - 1} are missing: what they carried is lost.`,
          ),
        );
      }
      lastSequence = sequence;
    }
    const response = isRecord(event.response) ? event.response : undefined;
    switch (type) {
      case "response.created":
      case "response.queued":
      case "response.in_progress":
        if (!started) {
          started = true;
          emit({
            type: "run-start",
            ...(typeof response?.id === "string" && { runId: response.id }),
          });
        }
        return;
      case "response.output_item.added":
        return isRecord(event.item) ? onItemAdded(event.item, emit) : malformed(type, emit);
      case "response.output_item.done":
        return isRecord(event.item) ? onItemDone(event.item, emit) : malformed(type, emit);
      case "response.content_part.added":
      case "response.content_part.done":
      case "response.reasoning_summary_part.added":
      case "response.reasoning_summary_part.done":
        return;
      case "response.output_text.delta":
      case "response.refusal.delta": {
        const item = itemOf(event, emit);
        if (!item || typeof event.delta !== "string") return;
        appendText(item, Number(event.content_index) || 0, event.delta);
        return emit({ type: "text-delta", text: event.delta, messageId: event.item_id });
      }
      case "response.output_text.done":
      case "response.refusal.done": {
        const item = itemOf(event, emit);
        if (!item) return;
        const whole = type === "response.refusal.done" ? event.refusal : event.text;
        const missing = rest(item, Number(event.content_index) || 0, whole);
        if (missing) emit({ type: "text-delta", text: missing, messageId: event.item_id });
        if (type === "response.refusal.done") {
          emit({ type: "message-metadata", metadata: { refusal: true }, messageId: event.item_id });
        }
        return;
      }
      case "response.output_text.annotation.added": {
        const source = isRecord(event.annotation) ? sourceOf(event.annotation) : undefined;
        const key = `${event.item_id}\u0000${source?.id}`;
        if (!source || sourcesSent.has(key)) return;
        sourcesSent.add(key);
        return emit({ type: "source", source, messageId: event.item_id });
      }
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta": {
        const item = itemOf(event, emit);
        if (!item || typeof event.delta !== "string") return;
        const index = type.includes("summary")
          ? Number(event.summary_index) || 0
          : RAW_REASONING + (Number(event.content_index) || 0);
        // A new part after another starts a new paragraph.
        const separator = !item.parts.has(index) && item.parts.size > 0 ? "\n\n" : "";
        appendText(item, index, event.delta);
        return emit({
          type: "reasoning-delta",
          text: separator + event.delta,
          messageId: event.item_id,
        });
      }
      case "response.reasoning_summary_text.done":
      case "response.reasoning_text.done":
        return;
      case "response.function_call_arguments.delta":
      case "response.mcp_call_arguments.delta": {
        const item = itemOf(event, emit);
        if (!item?.toolCallId || item.closed || typeof event.delta !== "string") return;
        item.args += event.delta;
        return emit({ type: "tool-call-args", toolCallId: item.toolCallId, delta: event.delta });
      }
      case "response.function_call_arguments.done": {
        const item = itemOf(event, emit);
        if (item) endToolCall(emit, item, event.arguments);
        return;
      }
      // Inputs given whole in the finished item (a custom tool's text, the interpreter's code).
      case "response.mcp_call_arguments.done":
      case "response.custom_tool_call_input.delta":
      case "response.custom_tool_call_input.done":
      case "response.code_interpreter_call_code.delta":
      case "response.code_interpreter_call_code.done":
        return;
      case "response.completed":
        finish(emit);
        return emit({
          type: "run-finish",
          // An MCP approval request waits for the user's answer.
          outcome: awaitingApproval ? "interrupt" : "success",
          ...(isRecord(response?.usage) && { usage: flattenUsage(response.usage) }),
        });
      case "response.incomplete": {
        const reason = isRecord(response?.incomplete_details)
          ? String(response.incomplete_details.reason ?? "unknown")
          : "unknown";
        const messageId = assistantId;
        finish(emit);
        if (reason === "max_output_tokens") {
          emit({
            type: "message-metadata",
            metadata: { finishReason: "length", incompleteReason: reason },
            ...(messageId && { messageId }),
          });
          return emit({
            type: "run-finish",
            outcome: "success",
            ...(isRecord(response?.usage) && { usage: flattenUsage(response.usage) }),
          });
        }
        return emit(
          errorEvent(
            "server_error",
            `The response is incomplete: ${reason}.`,
            messageId ? { messageId } : {},
          ),
        );
      }
      case "response.failed": {
        const messageId = assistantId;
        finish(emit);
        const error = response?.error;
        const code = isRecord(error) && typeof error.code === "string" ? ` (${error.code})` : "";
        return emit(
          errorEvent(
            "server_error",
            `${error != null ? errorMessage(error) : "The response failed."}${code}`,
            messageId ? { messageId } : {},
          ),
        );
      }
      case "error": {
        const messageId = assistantId;
        finish(emit);
        const code = typeof event.code === "string" ? ` (${event.code})` : "";
        return emit(
          errorEvent(
            "server_error",
            `${typeof event.message === "string" ? event.message : errorMessage(event.error ?? event)}${code}`,
            messageId ? { messageId } : {},
          ),
        );
      }
      default:
        if (PROGRESS.test(type)) return;
        return reportUnknown(`event type \`${type}\``, emit);
    }
  };

  const malformed = (type: string, emit: Emit) =>
    emit(errorEvent("malformed_event", `Open Responses \`${type}\` has no item.`));

  return sseSink(
    ({ data }, emit) => {
      if (finished || !data || data.startsWith("[DONE]")) return;
      const event = parseJSONData(data, "an Open Responses event", emit);
      if (event === undefined) return;
      if (!isRecord(event) || typeof event.type !== "string") {
        return emit(errorEvent("malformed_event", "An Open Responses event has no `type`."));
      }
      onEvent(event, emit);
    },
    (emit) => {
      if (finished) return;
      const messageId = assistantId;
      finish(emit);
      emit(
        errorEvent(
          "truncated",
          "The stream ended before `response.completed`.",
          messageId ? { messageId } : {},
        ),
      );
    },
  );
}
