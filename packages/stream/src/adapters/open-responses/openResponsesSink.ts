import { sourceOfAnnotation } from "../../converters/open-responses/annotations";
import { itemInput } from "../../converters/open-responses/itemInput";
import { hostedToolError, isToolCallItem } from "../../converters/open-responses/toolItemTypes";
import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import { errorMessage } from "../openai/errorMessage";
import { flattenUsage } from "../openai/usage";

/** What the sink remembers of one output item, by the item's id. */
type Item = {
  id: string;
  type: string;
  /** The Crayon tool call id of a tool call item (its `call_id`, else the item's id). */
  call?: string;
  /** A tool the server runs: its item as last described, which is the call's result. */
  hosted?: Record<string, any>;
  /**
   * The part of the item's text being streamed (an index; the raw reasoning text's come after
   * the summary's), or of a tool call's arguments (0), and whether any of it arrived. Parts come
   * one after another: what comes for a part before the current one is dropped.
   */
  part: number;
  sent?: boolean;
  closed?: boolean;
};

/** Where the raw reasoning text's parts are kept, after the summary's parts. */
const RAW = 1000;

/**
 * An event type's object and action (`response.output_text.delta`: `output_text`, `delta`;
 * `response.output_text.annotation.added`: `output_text.annotation`, `added`; `error`: `error`),
 * and whether its delta or `done` carries text (of a message or reasoning part) or arguments.
 */
const TYPE =
  /^(?:response\.)?((output_text|refusal|reasoning\w*_text|\w+_arguments)|.*?)(?:\.([^.]*))?$/;

/** Output items that are a call's output (a shell call the server ran in its container). */
const OUTPUT = /_call_output$/;

/**
 * Decodes an OpenAI Responses / Open Responses stream (SSE whose data is one JSON event with a
 * `type` and a `sequence_number`; no `[DONE]`: the stream ends with `response.completed`,
 * `response.incomplete` or `response.failed`) into Crayon events. One instance per response.
 *
 * A `message` item is an assistant message under the item's id; a `reasoning` item a reasoning
 * message (its `encrypted_content` kept as the message's encrypted value); a `function_call` a
 * tool call under its `call_id` (the item's own id kept as the call's encrypted value, for the
 * next request to send the item back under it); a hosted tool call (web search, code
 * interpreter, MCP, …) a tool call under the item's id whose arguments are the item's input and
 * whose result is the item as last described (status, code, partial image, then the done
 * item); an `mcp_approval_request` a tool call waiting for the user's approval.
 */
export function openResponsesSink(): TextDecoderSink {
  const items = new Map<string, Item>();
  /** Sources sent (per message) and unknown types reported: each is said once. */
  const said = new Set<string>();
  let emit: Emit;
  /** The message item being streamed: tool calls belong to it, and it ends when another starts. */
  let open: Item | undefined;
  let awaitingApproval = false;
  // NaN until the first number: every comparison with it is false.
  let lastSequence = Number.NaN;
  let finished = false;
  // Deltas come in runs of one type for one item: the last event's type (read by TYPE) and item
  // are kept, so that most events need no string work and no lookup.
  let lastType: unknown;
  let object = "";
  let isText: string | undefined;
  let action: string | undefined;
  let item: Item | undefined;

  const malformed = (text: string) => emit(errorEvent("malformed_event", text));

  /** True the first time `what` is said: the set grows. */
  const firstTime = (what: string) => said.size < said.add(what).size;

  const reportUnknown = (what: string) => {
    if (firstTime(what)) emit({ type: "custom", name: "open-responses.unknown", value: what });
  };

  const encrypted = (entity: "message" | "tool-call", entityId: string, encryptedValue: string) =>
    emit({ type: "encrypted-value", entity, entityId, encryptedValue });

  const result = (toolCallId: string, content: string, extra?: object) =>
    emit({ type: "tool-call-result", toolCallId, content, ...extra });

  /**
   * Appends `delta` to a part of an item's text, or to a tool call's arguments; a new reasoning
   * part starts a paragraph. Given the part's `whole` text instead (a `done`), sends it when no
   * delta of the part came (a server or proxy that sends whole parts): one that repeats its
   * deltas costs nothing however long the text.
   */
  const append = (item: Item, part: number, delta: string, whole?: unknown) => {
    const { call, type } = item;
    let separator = "";
    if (part < item.part) return;
    if (part > item.part) {
      if (type === "reasoning" && item.part >= 0) separator = "\n\n";
      item.part = part;
      item.sent = false;
    }
    if (typeof whole === "string" && !item.sent) delta = whole;
    if (!delta) return;
    item.sent = true;
    emit(
      call
        ? { type: "tool-call-args", toolCallId: call, delta }
        : {
            type: type === "reasoning" ? "reasoning-delta" : "text-delta",
            text: separator + delta,
            messageId: item.id,
          },
    );
  };

  /**
   * Ends an item: a tool call with the arguments its done item gives (which must be JSON), the
   * open message, a reasoning message. Once: what comes for it later is dropped.
   */
  const close = (item: Item, args?: string) => {
    const { id, type, call } = item;
    if (item.closed) return;
    item.closed = true;
    if (call) {
      if (args) {
        append(item, 0, "", args);
        parseJSONData(args, `tool call ${call}`, emit);
      }
      emit({ type: "tool-call-end", toolCallId: call });
    } else if (type === "reasoning" || item === open) {
      emit({ type: `${type as "message"}-end`, messageId: id });
      if (item === open) open = undefined;
    }
  };

  /** A hosted tool's item as the result of its tool call: one tool message, replaced by each update. */
  const showHosted = ({ call, hosted }: Item, error?: string) =>
    result(call!, JSON.stringify(hosted), { messageId: `${call}:result`, error });

  /**
   * An output item added or done. An item done that was never added (a proxy that renames
   * items) is added first, so that what its done item holds is shown.
   */
  const onItem = (data: Record<string, any>, done: boolean) => {
    const { id, type, call_id: callId, output, arguments: args } = data;
    let item = items.get(id);
    if (!item) {
      item = { id, type, part: -1 };
      items.set(id, item);
      if (type === "message") {
        if (open) close(open);
        open = item;
      }
      if (type === "message" || type === "reasoning") {
        emit({ type: `${type as "message"}-start`, messageId: id });
      } else if (isToolCallItem(type)) {
        const toolCallId = callId || id;
        item.call = toolCallId;
        if (!callId && type !== "mcp_approval_request") item.hosted = data;
        emit({
          type: "tool-call-start",
          toolCallId,
          // A hosted tool has no name but its type; an MCP call the MCP tool's.
          toolCallName: data.name ?? type,
          parentMessageId: open?.id,
        });
        // A call the app runs keeps its item id (`fc_…`): the next request sends the item under it.
        if (callId && id !== callId) encrypted("tool-call", callId, id);
        append(item, 0, "", args);
      } else if (!OUTPUT.test(type)) {
        reportUnknown(`output item type \`${type}\``);
      }
    }
    if (!done || item.closed) return;
    const { call, hosted } = item;
    if (call) {
      close(item, typeof args === "string" ? args : itemInput(data));
      if (hosted) {
        item.hosted = data;
        showHosted(item, hostedToolError(data));
      } else if (!callId) {
        // Neither run by the app nor by the server: an MCP approval request.
        emit({ type: "tool-approval-request", toolCallId: id, approvalId: id });
        awaitingApproval = true;
      }
      return;
    }
    const reasoning = item.type === "reasoning";
    if (reasoning || item.type === "message") {
      const texts = (parts: unknown, base: number) => {
        if (Array.isArray(parts)) {
          parts.forEach((part, index) => {
            if (!isRecord(part)) return;
            if (part.type === "refusal") {
              emit({ type: "message-metadata", metadata: { refusal: true }, messageId: id });
            }
            append(item, base + index, "", part.text ?? part.refusal);
          });
        }
      };
      // A message's text is its content; a reasoning item's its summary, then its raw text.
      texts(data.summary, 0);
      texts(data.content, reasoning ? RAW : 0);
      if (reasoning && data.encrypted_content) encrypted("message", id, data.encrypted_content);
    } else if (OUTPUT.test(item.type) && callId) {
      // A call's output the server sends (a shell call it ran in its container).
      result(callId, typeof output === "string" ? output : JSON.stringify({ output }));
    }
    close(item);
  };

  /**
   * Closes what is still open and ends the response: with `error` if it failed, else with
   * `run-finish` and the response's usage.
   */
  const finish = (error?: string, response?: Record<string, any>, code = "server_error") => {
    const messageId = open?.id;
    for (const item of items.values()) close(item);
    finished = true;
    emit(
      error
        ? errorEvent(code as "server_error", error, { messageId })
        : {
            type: "run-finish",
            // An MCP approval request waits for the user's answer.
            outcome: awaitingApproval ? "interrupt" : "success",
            usage: response?.usage && flattenUsage(response.usage),
          },
    );
  };

  const onEvent = (event: Record<string, any>) => {
    const { type, sequence_number: sequence, item_id: itemId, delta, response } = event;
    // A repeated event (a proxy that retried) is dropped; a gap is said, and reading goes on.
    // Without numbers (undefined, like NaN, compares false) there is nothing to check.
    if (sequence <= lastSequence) return;
    if (sequence > lastSequence + 1) {
      malformed(`Events ${lastSequence + 1}–${sequence - 1} are missing.`);
    }
    lastSequence = sequence;
    if (type !== lastType) {
      lastType = type;
      [, object, isText, action] = TYPE.exec(type) as unknown as [string, string, string?, string?];
    }
    if (itemId !== item?.id) item = items.get(itemId);
    if (isText) {
      if (!item) return malformed(`\`${type}\` for no item added: ${itemId}.`);
      // (A tool call's arguments end with its item's own `done`, which carries them whole: the
      // `done` of its arguments has no `text`, and adds nothing.)
      if (item.closed) return;
      return append(
        item,
        (object === "reasoning_text" ? RAW : 0) + (event.summary_index ?? event.content_index ?? 0),
        delta,
        event.text ?? event.refusal,
      );
    }
    switch (object) {
      case "output_text.annotation": {
        const source = isRecord(event.annotation) && sourceOfAnnotation(event.annotation);
        if (source && firstTime(`${itemId} ${source.id}`)) {
          emit({ type: "source", source, messageId: itemId });
        }
        return;
      }
      case "output_item":
        return onItem(event.item ?? {}, action === "done");
      case "created":
        // `response.queued` and `.in_progress` follow it, and say nothing new.
        return emit({ type: "run-start", runId: response?.id });
      case "completed":
      case "incomplete":
      case "failed":
      case "error": {
        // `response.error`, or the event itself, whose details may be under `error`.
        const error = object === "error" ? event : response?.error;
        const detail = error?.error ?? error;
        const code = detail?.code ?? error?.code;
        const reason = response?.incomplete_details?.reason;
        // Cut by max_output_tokens: kept as far as the model went, marked with why it stopped.
        const cut = reason === "max_output_tokens";
        // (On the message being streamed, else on the last one.)
        if (cut) {
          emit({
            type: "message-metadata",
            metadata: { finishReason: "length", incompleteReason: reason },
          });
        }
        return finish(
          object === "completed" || cut
            ? undefined
            : object === "incomplete"
              ? `The response is incomplete: ${reason}.`
              : errorMessage(detail) + (typeof code === "string" ? ` (${code})` : ""),
          response,
        );
      }
    }
    // `response.web_search_call.searching`, `response.image_generation_call.partial_image`,
    // `response.code_interpreter_call_code.delta`, …: a hosted tool's progress. Its status
    // becomes the event's last word, and what the event says joins the item (a partial image;
    // the interpreter's code, which grows with each delta).
    const hosted = item?.hosted;
    if (hosted && !item!.closed && object.startsWith(item!.type)) {
      const { type: _, sequence_number, item_id, output_index, delta: code, ...news } = event;
      Object.assign(hosted, news);
      if (typeof code === "string") hosted.code = (hosted.code ?? "") + code;
      // A partial image comes while the status is `generating`.
      if (!/delta|done|partial_image/.test(action!)) hosted.status = action;
      return showHosted(item!);
    }
    // A part's open and close, a custom tool's input (given whole in its `done` item).
    if (!/(done|added|input\.delta|queued|in_progress)$/.test(type)) {
      reportUnknown(`event type \`${type}\``);
    }
  };

  return sseSink(
    ({ data }, currentEmit) => {
      emit = currentEmit;
      if (finished) return;
      const event = parseJSONData(data, "an event", emit);
      // One that is not an object, or has no `type`, is of an unknown type: `undefined`.
      if (event !== undefined) onEvent(event ?? {});
    },
    (currentEmit) => {
      emit = currentEmit;
      if (!finished) {
        finish("The stream ended before `response.completed`.", undefined, "truncated");
      }
    },
  );
}
