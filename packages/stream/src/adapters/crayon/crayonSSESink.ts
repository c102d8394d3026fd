import type { EventSourceMessage } from "eventsource-parser";
import type { CrayonStreamEvent, StreamErrorCode } from "../../events";
import { type Emit, errorEvent, type TextDecoderSink } from "../../internal/eventStream";
import { isRecord, parseJSONData } from "../../internal/jsonData";
import { sseSink } from "../../internal/sseSink";
import { readFrameExtras } from "./frameExtras";
import { compile, JSON_EVENT_DECODERS, type JSONEventDecoder } from "./jsonEventDecoders";
import { legacyTemplates } from "./legacyTemplates";

const STREAM_ERROR_CODES =
  "http_error no_body malformed_event truncated network aborted server_error";

/**
 * Frames that keep their 0.6 payload in `data:` (raw text, or the context value itself): the
 * event type, the field the payload fills, and the optional fields their `id:` object may carry.
 * `text` in the `id:` object is the exact text, for text SSE cannot carry (a carriage return).
 */
const TEXT_EXTRAS = compile("text-delta", "messageId? text?");
const REASONING_EXTRAS = compile("reasoning-delta", "messageId? text?");
const ERROR_EXTRAS = compile("error", "error? code? status:n? messageId?");
const CONTEXT_EXTRAS = compile("context-append", "messageId?");

function malformed(name: string, problem: string) {
  return errorEvent("malformed_event", `Invalid ${name} event: ${problem}`);
}

/**
 * The decoding step of `crayonSSEAdapter` for one response: SSE frames in, events out.
 * See the package README for the wire format.
 */
export function crayonSSESink(generateTemplateId: () => string): TextDecoderSink {
  const templates = legacyTemplates(generateTemplateId);
  let runOpen = false;
  // Servers repeat the same `id:` object on every delta of a message: parse each value once.
  let lastId: string | undefined;
  let lastExtras: Record<string, unknown> | null | undefined;

  /**
   * Emits a raw-payload frame's event with the extra fields of its `id:` object. The event is
   * always delivered; a problem with the extras is reported right after it.
   */
  const rawFrame = (
    message: EventSourceMessage,
    emit: Emit,
    event: CrayonStreamEvent,
    extrasDecoder: JSONEventDecoder,
  ) => {
    if (message.id === undefined) {
      emit(event);
      return;
    }
    if (message.id !== lastId) {
      lastExtras = readFrameExtras(message.id);
      lastId = message.id;
    }
    if (!lastExtras) {
      emit(event);
      if (lastExtras === null) {
        emit(malformed(message.event ?? "message", "its `id:` field is not a JSON object"));
      }
      return;
    }
    const extras = extrasDecoder(lastExtras);
    if (typeof extras === "string") {
      emit(event);
      emit(malformed(message.event ?? "message", `${extras} in its \`id:\` field`));
      return;
    }
    emit({ ...event, ...extras } as CrayonStreamEvent);
  };

  return sseSink(
    (message, emit) => {
      const name = message.event;
      // SSEType values, as literals so bundles do not carry the enum object.
      switch (name) {
        case "text":
        case undefined:
        case "message":
          rawFrame(message, emit, { type: "text-delta", text: message.data }, TEXT_EXTRAS);
          return;
        case "reasoning":
          rawFrame(
            message,
            emit,
            { type: "reasoning-delta", text: message.data },
            REASONING_EXTRAS,
          );
          return;
        case "error": {
          const base: CrayonStreamEvent = { type: "error", error: message.data };
          const codeOf = (code: unknown): StreamErrorCode =>
            STREAM_ERROR_CODES.split(" ").includes(code as string)
              ? (code as StreamErrorCode)
              : "server_error";
          rawFrame(
            message,
            (event) => {
              // Without a valid `id:` object (a 0.6 frame) the error is the server's; an unknown
              // code is still a server-reported error. The message is never dropped.
              if (event === base) base.code = "server_error";
              else if (event.type === "error" && event.code !== undefined)
                event.code = codeOf(event.code);
              emit(event);
            },
            base,
            ERROR_EXTRAS,
          );
          return;
        }
        case "context_append": {
          const context = parseJSONData(message.data, "a context_append event", emit);
          if (context !== undefined) {
            rawFrame(message, emit, { type: "context-append", context }, CONTEXT_EXTRAS);
          }
          return;
        }
        case "tpl":
          templates.template(message.data, emit);
          return;
        case "tpl_props_chunk":
          templates.propsChunk(message.data, emit);
          return;
      }
      const decode = JSON_EVENT_DECODERS[name];
      // Unknown event names are skipped: newer servers may send events this version lacks.
      if (decode === undefined) return;
      const data = parseJSONData(message.data, `a ${name} event`, emit);
      if (data === undefined) return;
      if (!isRecord(data)) {
        emit(malformed(name, "its data must be a JSON object"));
        return;
      }
      const event = decode(data);
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
