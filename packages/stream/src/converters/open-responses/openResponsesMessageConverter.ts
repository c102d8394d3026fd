import type { MessageFormatConverter } from "../../converter";
import {
  type FromOpenResponsesItemsOptions,
  fromOpenResponsesItems,
} from "./fromOpenResponsesItems";
import type { MalformedItemError } from "./malformedItemError";
import type { OpenResponsesInputItem } from "./openResponsesItem";
import { toOpenResponsesInput } from "./toOpenResponsesInput";

export {
  type FromOpenResponsesItemsOptions,
  fromOpenResponsesItems,
  type OpenResponsesItemsRead,
} from "./fromOpenResponsesItems";
export type { MalformedItemError } from "./malformedItemError";
export type * from "./openResponsesItem";
export { type ToOpenResponsesInputOptions, toOpenResponsesInput } from "./toOpenResponsesInput";

/** Options for {@link openResponsesMessageConverter}. */
export type OpenResponsesMessageConverterOptions = FromOpenResponsesItemsOptions & {
  /** Called with each item (or part of one) a loaded conversation had to leave out. */
  onMalformedItem?: (error: MalformedItemError) => void;
};

/**
 * Converts Crayon messages to and from OpenAI Responses / Open Responses items: the `input` of
 * a Responses request, and a stored conversation (input and output items) loaded back.
 *
 * Outgoing ({@link toOpenResponsesInput}): user text, images and files, system and developer
 * instructions, assistant text (under its `msg_…` id, with citations and refusals), reasoning
 * under its `rs_…` id with its encrypted content, function and client-run tool calls with their
 * outputs, hosted tool calls as their finished items, answered MCP approvals as
 * `mcp_approval_response`. The items are assignable to the `openai` package's
 * `ResponseInputItem[]`. Incoming ({@link fromOpenResponsesItems}): the messages the Open
 * Responses adapter would have streamed from the same items. Neither direction throws.
 *
 * @example
 * ```ts
 * import { openResponsesMessageConverter } from "@crayonai/stream/converters/open-responses";
 *
 * useChat({
 *   processMessage: ({ messages, abortController }) =>
 *     fetch("/api/chat", { method: "POST", body: JSON.stringify({ input: messages }), signal: abortController.signal }),
 *   streamProtocol: openResponsesAdapter(),
 *   messageConverter: openResponsesMessageConverter(),
 * });
 * ```
 */
export function openResponsesMessageConverter(
  options: OpenResponsesMessageConverterOptions = {},
): MessageFormatConverter<OpenResponsesInputItem> {
  const { onMalformedItem, ...read } = options;
  return {
    toExternal: (messages) => toOpenResponsesInput(messages, read),
    fromExternal(items) {
      const { messages, errors } = fromOpenResponsesItems(items, read);
      if (onMalformedItem) for (const error of errors) onMalformedItem(error);
      return messages;
    },
  };
}
