import type { StreamProtocolAdapter } from "../../adapter";
import { eventStream } from "../../internal/eventStream";
import { crayonSSESink } from "./crayonSSESink";
import { templateIdGenerator } from "./legacyTemplates";

/** Options for {@link crayonSSEAdapter}. */
export type CrayonSSEAdapterOptions = {
  /**
   * Makes the message id of each `@crayonai/stream` 0.6 response template (`tpl` frame), which
   * has none on the wire. Called once per template; every snapshot of that template reuses the
   * id. Default: a random prefix per response and a counter (`tpl-k3x9…-1`, `tpl-k3x9…-2`, …).
   */
  generateTemplateId?: () => string;
};

/**
 * Parses the Crayon SSE format, the default protocol of Crayon: one SSE frame per event, the
 * `event:` field naming it (`text`, `tool_call_start`, `reasoning`, `activity_snapshot`, … see
 * `SSEType`). `text`, `reasoning` and `error` frames carry raw text; the others a JSON object
 * of the event's fields. Everything `@crayonai/stream` 0.6 servers send is read too: text,
 * response templates (`tpl`, `tpl_props_chunk`, read as activity snapshots), `context_append`,
 * `message_update` and `error`.
 *
 * Frames without an `event:` field are read as text. Unknown event names are skipped. A frame
 * that cannot be decoded yields an `error` event with code `malformed_event` and parsing goes
 * on; an `error` frame yields code `server_error`; a body that ends after `run_start` without
 * `run_finish` yields `truncated`. Servers write this format with `crayonSSEResponse` from
 * `@crayonai/server/sse`.
 *
 * @example
 * ```ts
 * import { crayonSSEAdapter } from "@crayonai/stream";
 *
 * const chat = useChat({ processMessage, streamProtocol: crayonSSEAdapter() });
 * ```
 */
export function crayonSSEAdapter(options: CrayonSSEAdapterOptions = {}): StreamProtocolAdapter {
  const { generateTemplateId } = options;
  return {
    parse(response) {
      return eventStream(response, crayonSSESink(generateTemplateId ?? templateIdGenerator()));
    },
  };
}
