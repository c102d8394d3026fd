import type { Message as AgUIMessage } from "@ag-ui/core";
import type { MessageFormatConverter } from "../../converter";
import { toAgUIMessage } from "./toAgUIMessage";

export type { Message as AgUIMessage } from "@ag-ui/core";

/** Converts a list, skipping entries that are no AG-UI message; a non-array gives `[]`. */
const toAgUIMessages = (messages: readonly unknown[]): AgUIMessage[] =>
  Array.isArray(messages) ? messages.flatMap((message) => toAgUIMessage(message) ?? []) : [];

/**
 * Converts Crayon messages to and from AG-UI 1.0 messages (`@ag-ui/core`'s `Message`), for
 * agents that take the thread as `RunAgentInput.messages` and store it in that form.
 *
 * Crayon's message model is a superset of AG-UI's, so both directions keep every field AG-UI
 * defines (ids, roles, names, content and content parts, tool calls, tool `error`, metadata,
 * `encryptedValue`, `subagentRunId`, activities) and drop the rest. Outgoing, that is exactly
 * the Crayon-only fields (`isVisuallyHidden`, `context`, assistant `status` / `error` / `sources`
 * / `files`, reasoning `isThinking`, a media part's `filename`), and legacy `binary` parts become
 * AG-UI 1.0 media parts. Incoming, entries without a string `id` or a known `role` are skipped.
 * Neither direction throws or mutates its input.
 *
 * Only AG-UI's types are imported: neither `@ag-ui/core` nor zod end up in the bundle.
 *
 * @example
 * ```ts
 * import { agUIMessageConverter } from "@crayonai/stream/converters/ag-ui";
 *
 * useChat({ processMessage, streamProtocol: agUIAdapter(), messageConverter: agUIMessageConverter() });
 * ```
 */
export function agUIMessageConverter(): MessageFormatConverter<AgUIMessage> {
  return { toExternal: toAgUIMessages, fromExternal: toAgUIMessages };
}
