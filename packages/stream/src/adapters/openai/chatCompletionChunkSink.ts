import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import { errorMessage } from "./errorMessage";
import { flattenUsage } from "./usage";

const optionalString = (value: unknown) => value == null || typeof value === "string";

/** Stands in for an absent `delta` / `tool_calls`; only read, never changed. */
const NO_DELTA: Record<string, unknown> = {};
const NO_CALLS: unknown[] = [];

const malformed = (emit: Emit, why: string) =>
  emit(errorEvent("malformed_event", `Malformed OpenAI chunk: ${why}.`));

const isToolCallDelta = (call: unknown) =>
  isRecord(call) &&
  optionalString(call.id) &&
  (call.function == null ||
    (isRecord(call.function) &&
      optionalString(call.function.name) &&
      optionalString(call.function.arguments)));

/**
 * Decodes an OpenAI Chat Completions stream (`data: {chat.completion.chunk}` … `data: [DONE]`)
 * into Crayon events. Only choice 0 is read. One instance per response: it tracks the current
 * assistant message, its open reasoning message and its tool calls by `index`.
 */
export function chatCompletionChunkSink(requireDone: boolean): TextDecoderSink {
  let messageId: string | undefined;
  let idBase: string | undefined;
  let messageCount = 0;
  let started = false;
  let ended = false;
  let reasoningId: string | undefined;
  let reasoningCount = 0;
  let toolCallIds = new Map<unknown, string>();
  let openToolCalls: string[] = [];
  let lastToolKey: unknown;
  let usage: Record<string, number> | undefined;
  let done = false;
  let failed = false;

  const fail = (emit: Emit, message: string) => {
    failed = true;
    emit(errorEvent("server_error", message, started ? { messageId } : {}));
  };

  const endReasoning = (emit: Emit) => {
    if (reasoningId) emit({ type: "reasoning-end", messageId: reasoningId });
    reasoningId = undefined;
  };

  const startMessage = (emit: Emit) => {
    endReasoning(emit);
    if (!started) emit({ type: "message-start", messageId: messageId! });
    started = true;
  };

  const endToolCalls = (emit: Emit) => {
    for (const toolCallId of openToolCalls) emit({ type: "tool-call-end", toolCallId });
    openToolCalls = [];
  };

  // The body is over ([DONE], or EOF when [DONE] is not required): close what is still open.
  const finishRun = (emit: Emit) => {
    done = true;
    endReasoning(emit);
    if (started && !ended && !failed) {
      endToolCalls(emit);
      emit({ type: "message-end", messageId });
    }
    emit(
      usage
        ? { type: "run-finish", outcome: "success", usage }
        : { type: "run-finish", outcome: "success" },
    );
  };

  const onChunk = (chunk: unknown, emit: Emit) => {
    if (!isRecord(chunk)) return malformed(emit, "not a JSON object");
    if (chunk.error != null) return fail(emit, errorMessage(chunk.error));
    if (isRecord(chunk.usage)) usage = flattenUsage(chunk.usage);
    const { choices } = chunk;
    if (choices === undefined) return; // not a completion chunk (e.g. a gateway's own event)
    if (!Array.isArray(choices)) return malformed(emit, "`choices` is not an array");
    let choice: Record<string, any> | undefined;
    for (let i = 0; i < choices.length && !choice; i++) {
      const c = choices[i];
      if (isRecord(c) && (c.index ?? 0) === 0) choice = c;
    }
    if (!choice) return;
    const delta = choice.delta ?? NO_DELTA;
    if (!isRecord(delta)) return malformed(emit, "`delta` is not an object");
    const { content, refusal } = delta;
    const calls =
      delta.tool_calls ?? (delta.function_call ? [{ function: delta.function_call }] : NO_CALLS);
    if (
      !optionalString(content) ||
      !optionalString(refusal) ||
      !Array.isArray(calls) ||
      (calls.length > 0 && !calls.every(isToolCallDelta))
    ) {
      return malformed(emit, "a `delta` field has the wrong type");
    }
    // DeepSeek and vLLM send `reasoning_content`, OpenRouter and Groq `reasoning`.
    const reasoning =
      typeof delta.reasoning_content === "string"
        ? delta.reasoning_content
        : typeof delta.reasoning === "string"
          ? delta.reasoning
          : "";
    const finishReason = typeof choice.finish_reason === "string" ? choice.finish_reason : "";
    if (!reasoning && !content && !refusal && !calls.length && !finishReason) return;

    if (!messageId || ended) {
      // A new assistant message: the first of the response, or one after a finish_reason.
      const id = typeof chunk.id === "string" && chunk.id ? chunk.id : undefined;
      if (id && id !== messageId) messageId = id;
      else {
        idBase ??= id ?? `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
        messageId = `${idBase}-${++messageCount}`;
      }
      started = ended = false;
      reasoningCount = 0;
      toolCallIds = new Map();
      lastToolKey = undefined;
    }

    if (reasoning) {
      if (!reasoningId) {
        reasoningId = `${messageId}-reasoning${reasoningCount++ ? `-${reasoningCount}` : ""}`;
        emit({ type: "reasoning-start", messageId: reasoningId });
      }
      emit({ type: "reasoning-delta", text: reasoning, messageId: reasoningId });
    }
    if (content || refusal || calls.length) startMessage(emit);
    // A refusal is what the user gets to read instead of an answer, so it is shown as text.
    if (content) emit({ type: "text-delta", text: content, messageId });
    if (refusal) emit({ type: "text-delta", text: refusal, messageId });
    for (const call of calls) {
      const fn = call.function ?? {};
      // Tool calls are keyed by `index`; some servers omit it and rely on `id` or on order.
      const key = typeof call.index === "number" ? call.index : (call.id ?? lastToolKey);
      let toolCallId = toolCallIds.get(key);
      if (toolCallId === undefined || (call.id && call.id !== toolCallId)) {
        toolCallId = (call.id as string) || `${messageId}-tool-${toolCallIds.size}`;
        toolCallIds.set(key, toolCallId);
        openToolCalls.push(toolCallId);
        emit({
          type: "tool-call-start",
          toolCallId,
          toolCallName: fn.name ?? "",
          parentMessageId: messageId,
        });
      }
      lastToolKey = key;
      if (fn.arguments) emit({ type: "tool-call-args", toolCallId, delta: fn.arguments });
    }
    if (finishReason) {
      startMessage(emit);
      endToolCalls(emit);
      ended = true;
      if (finishReason === "error") return fail(emit, "The model stopped with an error.");
      emit({ type: "message-metadata", metadata: { finishReason }, messageId });
      emit({ type: "message-end", messageId });
    }
  };

  return sseSink(
    ({ event, data }, emit) => {
      if (done || !data) return;
      if (event === "error") {
        // Not JSON: the data itself is the message.
        let value: unknown = data;
        try {
          value = JSON.parse(data);
        } catch {}
        return fail(
          emit,
          errorMessage(isRecord(value) && value.error != null ? value.error : value),
        );
      }
      if (data.startsWith("[DONE]")) return finishRun(emit);
      const chunk = parseJSONData(data, "an OpenAI chunk", emit);
      if (chunk !== undefined) onChunk(chunk, emit);
    },
    (emit) => {
      if (done) return;
      if (!requireDone) return finishRun(emit);
      endReasoning(emit);
      if (!failed) {
        emit(
          errorEvent(
            "truncated",
            "The stream ended before `data: [DONE]`.",
            started ? { messageId } : {},
          ),
        );
      }
    },
  );
}
