import type { Message } from "./message";

/**
 * Converts between Crayon {@link Message}s and the message format a backend speaks.
 * `toExternal` runs on what is sent; `fromExternal` on threads loaded from the backend.
 */
export interface MessageFormatConverter<ExternalMessage = any> {
  toExternal(messages: Message[]): ExternalMessage[];
  fromExternal(messages: ExternalMessage[]): Message[];
}
