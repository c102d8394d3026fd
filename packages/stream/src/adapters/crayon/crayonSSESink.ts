import type { EventSourceMessage } from "eventsource-parser";
import { type CrayonStreamEventOf, SSEType, type StreamErrorCode } from "../../events";
import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import { type FrameExtras, readFrameExtras } from "./frameExtras";
import { JSON_EVENT_DECODERS } from "./jsonEventDecoders";
import { LegacyTemplates } from "./legacyTemplates";

const STREAM_ERROR_CODES: ReadonlySet<string> = new Set<StreamErrorCode>([
  "http_error",
  "no_body",
  "malformed_event",
  "truncated",
  "network",
  "aborted",
  "server_error",
]);

function malformed(name: string, problem: string) {
  return errorEvent("malformed_event", `Invalid ${name} event: ${problem}`);
}

/** A problem with one field of a frame's `id:` object. */
function badExtra(message: EventSourceMessage, field: string) {
  return malformed(
    message.event ?? "message",
    `\`${field}\` in its \`id:\` field must be a string`,
  );
}

/** An `id:` that looks like ours (starts with `{`) but is not a JSON object. */
function badId(message: EventSourceMessage) {
  return malformed(message.event ?? "message", "its `id:` field is not a JSON object");
}

/**
 * The decoding step of `crayonSSEAdapter` for one response: SSE frames in, events out.
 * See the package docs (`crayon-sse.md`) for the wire format.
 */
export function crayonSSESink(generateTemplateId: () => string): TextDecoderSink {
  const templates = new LegacyTemplates(generateTemplateId);
  let runOpen = false;
  // Servers repeat the same `id:` object on every delta of a message: parse each value once.
  let lastId: string | undefined;
  let lastExtras: FrameExtras = readFrameExtras(undefined);
  const extrasOf = (id: string | undefined): FrameExtras => {
    if (id !== lastId) {
      lastExtras = readFrameExtras(id);
      lastId = id;
    }
    return lastExtras;
  };

  // Extra fields are applied to the frame's own event, which is always delivered; problems
  // with them are reported right after it.
  const textDelta = (
    type: "text-delta" | "reasoning-delta",
    message: EventSourceMessage,
    emit: Emit,
  ) => {
    const extras = extrasOf(message.id);
    if (extras.kind !== "fields") {
      emit({ type, text: message.data });
      if (extras.kind === "invalid") emit(badId(message));
      return;
    }
    const exactText = extras.fields.text;
    const messageId = extras.fields.messageId;
    const text = typeof exactText === "string" ? exactText : message.data;
    if (typeof messageId === "string") emit({ type, text, messageId });
    else emit({ type, text });
    if (exactText !== undefined && typeof exactText !== "string") emit(badExtra(message, "text"));
    if (messageId != null && typeof messageId !== "string") emit(badExtra(message, "messageId"));
  };

  const serverError = (message: EventSourceMessage, emit: Emit) => {
    const extras = extrasOf(message.id);
    if (extras.kind !== "fields") {
      // A 0.6 error frame: its data is the message.
      emit(errorEvent("server_error", message.data));
      return;
    }
    const fields = extras.fields;
    const event: CrayonStreamEventOf<"error"> = {
      type: "error",
      error: typeof fields.error === "string" ? fields.error : message.data,
    };
    const code = fields.code;
    if (code !== undefined && code !== null) {
      // An unknown code is still a server-reported error; the message is never dropped.
      event.code =
        typeof code === "string" && STREAM_ERROR_CODES.has(code)
          ? (code as StreamErrorCode)
          : "server_error";
    }
    if (typeof fields.status === "number") event.status = fields.status;
    if (typeof fields.messageId === "string") event.messageId = fields.messageId;
    emit(event);
  };

  const contextAppend = (message: EventSourceMessage, emit: Emit) => {
    const parsed = parseJSONData(message.data, "a context_append event");
    if (!parsed.ok) {
      emit(parsed.error);
      return;
    }
    const extras = extrasOf(message.id);
    const messageId = extras.kind === "fields" ? extras.fields.messageId : undefined;
    if (typeof messageId === "string") {
      emit({ type: "context-append", context: parsed.value, messageId });
    } else {
      emit({ type: "context-append", context: parsed.value });
      if (messageId != null) emit(badExtra(message, "messageId"));
    }
    if (extras.kind === "invalid") emit(badId(message));
  };

  return sseSink(
    (message, emit) => {
      const name = message.event;
      switch (name) {
        case SSEType.TextDelta:
        case undefined:
        case "message":
          if (message.id === undefined) emit({ type: "text-delta", text: message.data });
          else textDelta("text-delta", message, emit);
          return;
        case SSEType.ReasoningDelta:
          if (message.id === undefined) emit({ type: "reasoning-delta", text: message.data });
          else textDelta("reasoning-delta", message, emit);
          return;
        case SSEType.Error:
          serverError(message, emit);
          return;
        case SSEType.ContextAppend:
          contextAppend(message, emit);
          return;
        case SSEType.ResponseTemplate:
          templates.template(message.data, emit);
          return;
        case SSEType.ResponseTemplatePropsChunk:
          templates.propsChunk(message.data, emit);
          return;
      }
      const decode = JSON_EVENT_DECODERS[name];
      // Unknown event names are skipped: newer servers may send events this version lacks.
      if (decode === undefined) return;
      const parsed = parseJSONData(message.data, `a ${name} event`);
      if (!parsed.ok) {
        emit(parsed.error);
        return;
      }
      if (!isRecord(parsed.value)) {
        emit(malformed(name, "its data must be a JSON object"));
        return;
      }
      const event = decode(parsed.value);
      if (typeof event === "string") {
        emit(malformed(name, event));
        return;
      }
      if (event.type === "run-start") runOpen = true;
      else if (event.type === "run-finish") runOpen = false;
      emit(event);
    },
    (emit) => {
      if (runOpen) {
        emit(
          errorEvent(
            "truncated",
            "The stream ended before the run finished (no run_finish event).",
          ),
        );
      }
    },
  );
}
