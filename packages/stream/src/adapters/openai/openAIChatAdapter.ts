import type { StreamProtocolAdapter } from "../../adapter";
import { eventStream } from "../../internal/eventStream";
import { chatCompletionChunkSink } from "./chatCompletionChunkSink";

/** Options for {@link openAIChatAdapter}. */
export type OpenAIChatAdapterOptions = {
  /**
   * Report a body that ends without `data: [DONE]` as an error with code `truncated`.
   * Set to `false` for servers that never send `[DONE]`. Default `true`.
   */
  requireDone?: boolean;
};

/**
 * Parses the OpenAI Chat Completions streaming format (`data: {"object":"chat.completion.chunk",…}`
 * … `data: [DONE]`), as sent by OpenAI and by the many servers and proxies that speak it
 * (LiteLLM, OpenRouter, vLLM, Ollama, DeepSeek, …). Text, refusals, reasoning
 * (`reasoning_content` / `reasoning`), streamed tool calls with their real ids, the finish
 * reason and token usage are all mapped. Only choice 0 is read.
 *
 * @example
 * ```ts
 * import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
 *
 * const chat = useChat({ processMessage, streamProtocol: openAIChatAdapter() });
 * ```
 */
export function openAIChatAdapter(options: OpenAIChatAdapterOptions = {}): StreamProtocolAdapter {
  return {
    parse: (response) =>
      eventStream(response, chatCompletionChunkSink(options.requireDone !== false)),
  };
}
