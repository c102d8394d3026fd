import type { MessageFormatConverter } from "../../converter";
import type { Message } from "../../message";

/**
 * The default converter: the backend speaks Crayon's {@link Message} format, so messages pass
 * through unchanged in both directions – the same array, not a copy. Everything is sent,
 * including Crayon-only fields (`context`, `isVisuallyHidden`, `status`, …) and reasoning and
 * activity messages; the backend decides what reaches the model.
 *
 * @example
 * ```ts
 * useChat({ processMessage, messageConverter: identityConverter() });
 * ```
 */
export function identityConverter(): MessageFormatConverter<Message> {
  return {
    toExternal: (messages) => messages,
    fromExternal: (messages) => messages,
  };
}
