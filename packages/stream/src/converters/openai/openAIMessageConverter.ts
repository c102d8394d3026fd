import type { MessageFormatConverter } from "../../converter";
import { fromOpenAIMessages } from "./fromOpenAIMessages";
import type { OpenAIChatMessage } from "./openAIChatMessage";
import { toOpenAIMessages } from "./toOpenAIMessages";

export type { OpenAIChatMessage } from "./openAIChatMessage";

/** Options for {@link openAIMessageConverter}. */
export type OpenAIMessageConverterOptions = {
  /**
   * Id for a loaded message that has none (OpenAI messages have no `id`; a string `id` field,
   * as on stored completions, is kept). Receives the message and its index in the input.
   * Default: `` `msg-${index}` `` – the same thread loaded twice gets the same ids.
   */
  generateId?: (message: OpenAIChatMessage, index: number) => string;
  /**
   * Send user and assistant `context` to the model as a trailing
   * `<context>[…JSON…]</context>` text block, and split such a block back into `context`
   * when loading. `false` drops context on the way out and leaves loaded text untouched.
   * Default: `true`.
   */
  includeContext?: boolean;
};

/**
 * Converts Crayon messages to and from OpenAI Chat Completions messages
 * (`ChatCompletionMessageParam`), for backends that pass the thread straight to an
 * OpenAI-compatible API (OpenAI, Azure OpenAI, LiteLLM, OpenRouter, vLLM, …).
 *
 * Outgoing: system, developer, user (text, images, WAV/MP3 audio, files), assistant (text and
 * tool calls) and tool messages are sent; reasoning and activity messages are not. Incoming:
 * the reverse, plus legacy `function` messages and assistant `refusal`s. Anything OpenAI cannot
 * carry is dropped by a documented rule; neither direction throws.
 *
 * @example
 * ```ts
 * import { openAIMessageConverter } from "@crayonai/stream/converters/openai";
 *
 * useChat({ processMessage, messageConverter: openAIMessageConverter() });
 * ```
 */
export function openAIMessageConverter(
  options: OpenAIMessageConverterOptions = {},
): MessageFormatConverter<OpenAIChatMessage> {
  const { generateId = (_message, index) => `msg-${index}`, includeContext = true } = options;
  return {
    toExternal: (messages) => toOpenAIMessages(messages, includeContext),
    fromExternal: (messages) => fromOpenAIMessages(messages, generateId, includeContext),
  };
}
