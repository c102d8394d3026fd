import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import type { SourceReference } from "../../message";
import { errorMessage } from "../openai/errorMessage";
import { flattenUsage } from "../openai/usage";

/** What the sink remembers of one output item, by the item's id. */
type OutputItem = {
  type: string;
  /** A hosted tool's item as last described: as added, then with its progress events' news. */
  item: Record<string, any>;
  /** The Crayon tool call id (a function call's `call_id`, a hosted tool's item id). */
  toolCallId?: string;
  /** Run by the server: its item is the result. */
  hosted?: boolean;
  /** Text received per content part (`content_index` or `summary_index`), to complete at `done`. */
  parts: Map<number, string>;
  /** The tool call's arguments as streamed, to complete at `done`. */
  args: string;
  closed?: boolean;
};

/**
 * Output item types that are tool calls (`function_call`, `web_search_call`, `mcp_call`, …, and
 * `mcp_approval_request`). Those with a `call_id` are run by the app (function, custom, shell,
 * computer, apply-patch calls); the others (web and file search, code interpreter, image
 * generation, MCP calls and tool lists) by the server, whose progress events
 * (`response.web_search_call.searching`, `….partial_image`, …) move the item's status, and the
 * item as last described is the tool call's result.
 */
const TOOL_ITEM = /_call$|^mcp_/;

/** Fields of a done tool call item that are not its input. */
const NOT_INPUT = "id type status call_id output outputs result results error".split(" ");

/** A tool call item's input, as the JSON arguments of its Crayon tool call. */
function inputOf(item: Record<string, any>): string {
  const input: Record<string, unknown> = {};
  for (const key in item) if (!NOT_INPUT.includes(key)) input[key] = item[key];
  return JSON.stringify(input);
}

/** Events whose delta or `done` carries text (of a message or reasoning part) or arguments. */
const TEXT_OR_ARGUMENTS =
  /^(output_text|refusal|reasoning_(summary_)?text|(function|mcp)_call_arguments)$/;

/** Where the raw reasoning text's parts are kept, after the summary's parts. */
const RAW_REASONING = 1000;

/** The text of each part of a message or reasoning item (`text`, or a refusal's `refusal`). */
const partsText = (parts: unknown): string[] =>
  Array.isArray(parts)
    ? parts.map((part) => (isRecord(part) ? String(part.text ?? part.refusal ?? "") : ""))
    : [];

/** A Crayon source for an `output_text` annotation, or `undefined` for one that cites nothing. */
function sourceOf({ url, title, file_id, filename, container_id }: Record<string, any>) {
  const source: SourceReference | undefined =
    typeof url === "string"
      ? { id: url, kind: "url", url, title }
      : typeof file_id === "string"
        ? {
            id: file_id,
            kind: "document",
            filename,
            metadata: container_id ? { containerId: container_id } : undefined,
          }
        : undefined;
  // Fields the annotation lacks are left out (a stored message has no `undefined`).
  return source && (JSON.parse(JSON.stringify(source)) as SourceReference);
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
 * item as last described (status, code, partial image, then the done item); an
 * `mcp_approval_request` a tool call waiting for the user's approval.
 */
export function openResponsesSink(): TextDecoderSink {
  const items = new Map<string, OutputItem>();
  /** Sources sent (per message) and unknown types reported: each is said once. */
  const said = new Set<string>();
  let emit: Emit;
  let started = false;
  let assistantId: string | undefined;
  let awaitingApproval = false;
  let lastSequence: number | undefined;
  let finished = false;

  const malformed = (text: string) => emit(errorEvent("malformed_event", text));

  const closeAssistant = () => {
    if (assistantId) emit({ type: "message-end", messageId: assistantId });
    assistantId = undefined;
  };

  /** The item an event names, or an error (and `undefined`) when it was never added. */
  const itemOf = (event: Record<string, any>): OutputItem | undefined => {
    const item = items.get(event.item_id);
    if (!item) {
      malformed(`\`${event.type}\` names an item not yet added (${event.item_id}).`);
    }
    return item;
  };

  /** Appends to a part of a message or reasoning item; a new reasoning part starts a paragraph. */
  const append = (item: OutputItem, index: number, delta: string, messageId: string) => {
    const reasoning = item.type === "reasoning";
    const separator = reasoning && !item.parts.has(index) && item.parts.size > 0 ? "\n\n" : "";
    item.parts.set(index, (item.parts.get(index) ?? "") + delta);
    if (delta) {
      emit({
        type: reasoning ? "reasoning-delta" : "text-delta",
        text: separator + delta,
        messageId,
      });
    }
  };

  /** Sends what a `done` event's whole text has beyond its deltas (all of it when none came). */
  const complete = (item: OutputItem, index: number, whole: unknown, messageId: string) => {
    const received = item.parts.get(index) ?? "";
    // Lengths first: a done that repeats its deltas costs nothing however long the text.
    if (typeof whole === "string" && whole.length > received.length && whole.startsWith(received)) {
      append(item, index, whole.slice(received.length), messageId);
    }
  };

  const addArgs = (item: OutputItem, delta: string) => {
    item.args += delta;
    emit({ type: "tool-call-args", toolCallId: item.toolCallId!, delta });
  };

  const endToolCall = (item: OutputItem, whole?: unknown) => {
    if (item.closed || !item.toolCallId) return;
    item.closed = true;
    const full = typeof whole === "string" ? whole : item.args;
    if (full.startsWith(item.args) && full !== item.args)
      addArgs(item, full.slice(item.args.length));
    try {
      if (full) JSON.parse(full);
    } catch {
      malformed(
        `The arguments of tool call ${item.toolCallId} are not JSON; they are kept as sent.`,
      );
    }
    emit({ type: "tool-call-end", toolCallId: item.toolCallId });
  };

  /** A hosted tool's item as the result of its tool call, updated as its events arrive. */
  const showHosted = (item: OutputItem, done?: boolean) => {
    const { status, error } = item.item;
    const failed = done && (status === "failed" || status === "incomplete" || error != null);
    emit({
      type: "tool-call-result",
      toolCallId: item.toolCallId!,
      // One tool message per call, replaced by each update.
      messageId: `${item.toolCallId}:result`,
      content: JSON.stringify(item.item),
      ...(failed && {
        error: error != null ? errorMessage(error) : `The ${item.type} ${status}.`,
      }),
    });
  };

  const onItemAdded = (added: Record<string, any>) => {
    const { id, type } = added;
    if (typeof id !== "string" || !id) return malformed("An Open Responses output item has no id.");
    if (items.has(id)) return; // the same item added again (a repeated event): nothing new
    const item: OutputItem = { type, item: added, parts: new Map(), args: "" };
    items.set(id, item);
    if (type === "message") {
      closeAssistant();
      assistantId = id;
      emit({ type: "message-start", messageId: id });
    } else if (type === "reasoning") {
      emit({ type: "reasoning-start", messageId: id });
    } else if (TOOL_ITEM.test(type)) {
      item.toolCallId = String(added.call_id || id);
      item.hosted = !added.call_id && type !== "mcp_approval_request";
      emit({
        type: "tool-call-start",
        toolCallId: item.toolCallId,
        // A hosted tool has no name but its type; an MCP call the MCP tool's.
        toolCallName: String(added.name ?? type),
        ...(assistantId && { parentMessageId: assistantId }),
      });
      if (typeof added.arguments === "string" && added.arguments) addArgs(item, added.arguments);
    } else if (!/_call_output$/.test(type)) {
      reportUnknown(`output item type \`${type}\``);
    }
  };

  const onItemDone = (done: Record<string, any>) => {
    const { id } = done;
    if (!items.has(id)) onItemAdded(done);
    const item = items.get(id);
    if (!item || item.closed) return;
    if (item.type === "message" || item.type === "reasoning") {
      const reasoning = item.type === "reasoning";
      for (const [index, text] of partsText(reasoning ? done.summary : done.content).entries()) {
        complete(item, index, text, id);
      }
      if (reasoning) {
        for (const [index, text] of partsText(done.content).entries()) {
          complete(item, RAW_REASONING + index, text, id);
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
      } else {
        if (Array.isArray(done.content) && done.content.some((part) => part?.type === "refusal")) {
          emit({ type: "message-metadata", metadata: { refusal: true }, messageId: id });
        }
        if (assistantId === id) closeAssistant();
      }
      item.closed = true;
    } else if (/_call_output$/.test(item.type) && done.call_id) {
      // A call's output the server sends (a shell call it ran in its container).
      const { output } = done;
      emit({
        type: "tool-call-result",
        toolCallId: String(done.call_id),
        content: typeof output === "string" ? output : JSON.stringify({ output }),
      });
      item.closed = true;
    } else if (item.toolCallId) {
      endToolCall(item, typeof done.arguments === "string" ? done.arguments : inputOf(done));
      if (item.type === "mcp_approval_request") {
        emit({ type: "tool-approval-request", toolCallId: id, approvalId: id });
        awaitingApproval = true;
      } else if (item.hosted) {
        item.item = done;
        showHosted(item, true);
      }
    }
  };

  /**
   * A hosted tool's progress event: its status (`searching`, `generating`, …) and what it says
   * (a partial image's `partial_image_b64`, the interpreter's code) join the item as last described.
   */
  const onProgress = (item: OutputItem, event: Record<string, any>, status?: string) => {
    const { type, sequence_number, item_id, output_index, delta, ...news } = event;
    item.item = {
      ...item.item,
      ...news,
      ...(typeof delta === "string" && { code: (item.item.code ?? "") + delta }),
      ...(status && { status }),
    };
    showHosted(item);
  };

  const reportUnknown = (what: string) => {
    if (said.has(what)) return;
    said.add(what);
    emit({ type: "custom", name: "open-responses.unknown", value: what });
  };

  /** Closes what is still open and ends the response, with `error` if it failed. */
  const finish = (error?: string, code: "server_error" | "truncated" = "server_error") => {
    const messageId = assistantId;
    for (const [id, item] of items) {
      if (item.type === "reasoning" && !item.closed) emit({ type: "reasoning-end", messageId: id });
      endToolCall(item);
      item.closed = true;
    }
    closeAssistant();
    finished = true;
    if (error) emit(errorEvent(code, error, messageId ? { messageId } : {}));
    return messageId;
  };

  const onEvent = (event: Record<string, any>) => {
    const { type, sequence_number: sequence } = event;
    if (typeof sequence === "number") {
      // A repeated event (a proxy that retried) is dropped; a gap is said, and reading goes on.
      if (lastSequence !== undefined && sequence <= lastSequence) return;
      if (lastSequence !== undefined && sequence > lastSequence + 1) {
        malformed(
          `Events ${lastSequence + 1}–${sequence - 1} are missing: what they carried is lost.`,
        );
      }
      lastSequence = sequence;
    }
    // Most events are text deltas: read at once, before the general dispatch's string work.
    const { delta } = event;
    if (type === "response.output_text.delta" && typeof delta === "string") {
      const item = itemOf(event);
      if (item && !item.toolCallId)
        append(item, Number(event.content_index) || 0, delta, event.item_id);
      return;
    }
    const response = isRecord(event.response) ? event.response : undefined;
    const kind = type.replace(/^response\./, "");
    const [object, action] = kind.split(".");
    switch (kind) {
      case "created":
      case "queued":
      case "in_progress":
        if (!started) {
          started = true;
          emit({
            type: "run-start",
            ...(typeof response?.id === "string" && { runId: response.id }),
          });
        }
        return;
      case "output_text.annotation.added": {
        const source = isRecord(event.annotation) ? sourceOf(event.annotation) : undefined;
        const key = `${event.item_id} ${source?.id}`;
        if (!source || said.has(key)) return;
        said.add(key);
        return emit({ type: "source", source, messageId: event.item_id });
      }
      case "completed":
      case "incomplete": {
        const reason = response?.incomplete_details?.reason ?? "unknown";
        if (kind === "incomplete" && reason !== "max_output_tokens") {
          return finish(`The response is incomplete: ${reason}.`);
        }
        const messageId = finish();
        if (kind === "incomplete") {
          emit({
            type: "message-metadata",
            metadata: { finishReason: "length", incompleteReason: reason },
            ...(messageId && { messageId }),
          });
        }
        // An MCP approval request waits for the user's answer.
        return emit({
          type: "run-finish",
          outcome: awaitingApproval ? "interrupt" : "success",
          ...(isRecord(response?.usage) && { usage: flattenUsage(response.usage) }),
        });
      }
      case "failed":
      case "error": {
        // `response.error`, or the event itself, whose details may be under `error`.
        const error = kind === "failed" ? response?.error : event;
        const detail = error?.error ?? error;
        const code = detail?.code ?? error?.code;
        return finish(
          error == null
            ? "The response failed."
            : errorMessage(detail) + (typeof code === "string" ? ` (${code})` : ""),
        );
      }
    }
    if (object === "output_item") {
      if (!isRecord(event.item)) return malformed(`\`${type}\` has no item.`);
      return (action === "added" ? onItemAdded : onItemDone)(event.item);
    }
    if (TEXT_OR_ARGUMENTS.test(object)) {
      const item = itemOf(event);
      if (!item) return;
      // Arguments end with the item's own `done`, which carries them whole.
      if (item.toolCallId) {
        if (typeof delta === "string" && !item.closed) addArgs(item, delta);
        return;
      }
      const part =
        (object === "reasoning_text" ? RAW_REASONING : 0) +
        (Number(event.summary_index ?? event.content_index) || 0);
      // A `done` gives the part's text beyond its deltas (whole, when none came).
      return typeof delta === "string"
        ? append(item, part, delta, event.item_id)
        : complete(item, part, event.text ?? event.refusal, event.item_id);
    }
    // `response.web_search_call.searching`, `response.image_generation_call.partial_image`,
    // `response.code_interpreter_call_code.delta`, …: a hosted tool's progress.
    const item = items.get(event.item_id);
    if (item?.hosted && !item.closed && object.startsWith(item.type)) {
      return onProgress(
        item,
        event,
        /delta|done/.test(action) ? undefined : action === "partial_image" ? "generating" : action,
      );
    }
    // A part's open and close, a custom tool's input (given whole in its `done` item).
    if (!/(done|added|input\.delta)$/.test(kind)) reportUnknown(`event type \`${type}\``);
  };

  return sseSink(
    ({ data }, currentEmit) => {
      emit = currentEmit;
      if (finished || !data || data.startsWith("[DONE]")) return;
      const event = parseJSONData(data, "an Open Responses event", emit);
      if (event === undefined) return;
      if (!isRecord(event) || typeof event.type !== "string") {
        return malformed("An Open Responses event has no `type`.");
      }
      onEvent(event);
    },
    (currentEmit) => {
      emit = currentEmit;
      if (!finished) finish("The stream ended before `response.completed`.", "truncated");
    },
  );
}
