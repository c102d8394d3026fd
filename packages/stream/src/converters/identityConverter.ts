import type { MessageFormatConverter } from "../converter";
import type { Message } from "../message";

/**
 * The default converter: the backend speaks Crayon's {@link Message} format, so messages pass
 * through unchanged in both directions.
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
