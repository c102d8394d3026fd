import type { StreamProtocolAdapter } from "../../adapter";
import { type Emit, errorEvent, eventStream } from "../../internal/eventStream";
import { sseSink } from "../../internal/sseSink";

/** Options for {@link plainTextSSEAdapter}. */
export type PlainTextSSEAdapterOptions = {
  /**
   * The `data:` value that ends the stream instead of being shown as text. `null` turns it
   * off, so every event's data is text. Default `"[DONE]"`.
   */
  doneMarker?: string | null;
};

/**
 * Parses Server-Sent Events whose data is a chunk of assistant text (`data: Hello`). A
 * multi-line `data:` field is joined with `\n`, as SSE specifies. `data: [DONE]` ends the
 * stream; an `event: error` frame becomes an error with code `server_error` (its data is the
 * message). Events named anything other than `message` or `error` are ignored.
 *
 * The SSE format drops one space after `data:`: a chunk that starts with a space must be sent
 * as `data:  world` (two spaces).
 *
 * @example
 * ```ts
 * import { plainTextSSEAdapter } from "@crayonai/stream/adapters/plain-text";
 *
 * const chat = useChat({ processMessage, streamProtocol: plainTextSSEAdapter() });
 * ```
 */
export function plainTextSSEAdapter(
  options: PlainTextSSEAdapterOptions = {},
): StreamProtocolAdapter {
  const doneMarker = options.doneMarker === undefined ? "[DONE]" : options.doneMarker;
  return {
    parse(response) {
      let done = false;
      let hasText = false;
      let failed = false;
      const finish = (emit: Emit) => {
        if (hasText && !failed) emit({ type: "message-end" });
      };
      const sink = sseSink(
        ({ event, data }, emit) => {
          if (done) return;
          if (event === "error") {
            failed = true;
            emit(errorEvent("server_error", data || "The server reported an error."));
          } else if (event === undefined || event === "message") {
            if (data === doneMarker) {
              done = true;
              finish(emit);
            } else if (data) {
              hasText = true;
              emit({ type: "text-delta", text: data });
            }
          }
        },
        (emit) => {
          if (!done) finish(emit);
        },
      );
      return eventStream(response, sink);
    },
  };
}
