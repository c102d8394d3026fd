import type { MessageFormatConverter } from "../../converter";
import { fromVercelUIMessages } from "./fromVercelUIMessages";
import { toVercelUIMessages } from "./toVercelUIMessages";
import type { VercelUIMessage, VercelUIMessageLike } from "./vercelUIMessage";

export type {
  VercelDataPart,
  VercelDynamicToolPart,
  VercelFilePart,
  VercelJSONValue,
  VercelProviderMetadata,
  VercelReasoningPart,
  VercelSourceDocumentPart,
  VercelSourceUrlPart,
  VercelStepStartPart,
  VercelTextPart,
  VercelToolApproval,
  VercelToolInvocation,
  VercelToolPart,
  VercelToolState,
  VercelUIMessage,
  VercelUIMessageLike,
  VercelUIMessagePart,
} from "./vercelUIMessage";

/** Options for {@link vercelUIMessageConverter}. */
export type VercelUIMessageConverterOptions = {
  /**
   * Send user and assistant `context` to the model as a trailing `<context>[…JSON…]</context>`
   * text part, and read such a part back into `context` when loading. `false` drops context on
   * the way out and leaves loaded text untouched. Default: `true`.
   */
  includeContext?: boolean;
};

/**
 * Converts Crayon messages to and from Vercel AI SDK 5–7 `UIMessage`s: what `useChat` keeps and
 * what a route handler passes to `convertToModelMessages`.
 *
 * Outgoing, each run of assistant, reasoning, tool and activity messages becomes one assistant
 * UI message with ordered parts (`step-start`, `reasoning`, `text`, `tool-<name>` with the
 * result merged in, `data-<activityType>`, sources, files); tool approvals become the AI SDK 6
 * approval states. Incoming, an assistant UI message is split the way `vercelAIAdapter` splits
 * its stream, with the same ids, so a loaded thread equals the streamed one. Neither direction
 * throws.
 *
 * `TMessage` is the UI message type of your app (AI SDK 5's `UIMessage`, or a typed
 * `UIMessage<Metadata, DataParts, Tools>`); the default is {@link VercelUIMessage}.
 *
 * @example
 * ```ts
 * import { vercelUIMessageConverter } from "@crayonai/stream/converters/vercel";
 *
 * const converter = vercelUIMessageConverter();
 * const messages = converter.fromExternal(await loadChat(id)); // UIMessage[] → Crayon
 * ```
 */
export function vercelUIMessageConverter<TMessage extends VercelUIMessageLike = VercelUIMessage>(
  options: VercelUIMessageConverterOptions = {},
): MessageFormatConverter<TMessage> {
  const { includeContext = true } = options;
  return {
    toExternal: (messages) => toVercelUIMessages(messages, includeContext) as unknown as TMessage[],
    fromExternal: (messages) => fromVercelUIMessages(messages, includeContext),
  };
}
