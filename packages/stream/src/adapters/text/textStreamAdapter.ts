import type { StreamProtocolAdapter } from "../../adapter";
import { eventStream, type TextDecoderSink } from "../../internal/eventStream";

/** Options for {@link textStreamAdapter}. None yet; the type exists so options can be added later. */
export type TextStreamAdapterOptions = Record<string, never>;

/**
 * Parses a plain `text/plain` body in which every byte is assistant text: what the AI SDK's
 * `toTextStreamResponse()` sends, or any `ReadableStream` of strings. Each chunk of the body
 * becomes a `text-delta` (multi-byte characters split across chunks come out whole), and a
 * `message-end` follows once the body ends normally.
 *
 * @example
 * ```ts
 * import { textStreamAdapter } from "@crayonai/stream/adapters/text";
 *
 * const chat = useChat({ processMessage, streamProtocol: textStreamAdapter() });
 * ```
 */
export function textStreamAdapter(_options: TextStreamAdapterOptions = {}): StreamProtocolAdapter {
  return {
    parse(response) {
      let hasText = false;
      const sink: TextDecoderSink = {
        push(text, emit) {
          hasText = true;
          emit({ type: "text-delta", text });
        },
        end(emit) {
          if (hasText) emit({ type: "message-end" });
        },
      };
      // Any text but an HTML page (a login or error page is not a reply).
      return eventStream(
        response,
        sink,
        /^\s*(text\/(?!html\s*(;|$))|application\/octet-stream\s*(;|$))/i,
      );
    },
  };
}
