import { openAIChatAdapter } from "../../adapters/openai/openAIChatAdapter";
import type { ChatBackend, ChatRequest, ToolDefinition } from "../../chatRequest";
import {
  type OpenAIChatMessage,
  type OpenAIMessageConverterOptions,
  openAIMessageConverter,
} from "../../converters/openai/openAIMessageConverter";
import { withBearerToken } from "../bearerToken";
import { type HttpOptions, postJSON } from "../postJSON";
import { type ResumeOptions, streamResumption } from "../streamResumption";

export type { OpenAIChatMessage } from "../../converters/openai/openAIMessageConverter";
export * from "../backendExports";

/** The request {@link openAIBackend} turns into a Chat Completions request. */
export type OpenAIChatRequest = ChatRequest<OpenAIChatMessage>;

/**
 * A tool as the Chat Completions API declares it (`ChatCompletionFunctionTool`): the shape of
 * each entry of the request's `tools`.
 */
export type OpenAIFunctionTool = {
  type: "function";
  function: { name: string; description?: string; parameters: Record<string, unknown> };
};

/** Options for {@link openAIBackend}. */
export type OpenAIBackendOptions = {
  /**
   * The API's base URL, up to and without `/chat/completions`: `https://api.openai.com/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:8000/v1` (vLLM), or your own proxy.
   * A trailing slash is ignored.
   */
  baseURL: string;
  /** The model to ask (`model` in the request body). */
  model: string;
  /**
   * Sent as `Authorization: Bearer <apiKey>`. In a browser every user can read it: give it
   * only to a proxy of your own, never a real provider key.
   */
  apiKey?: string;
  /**
   * More request body fields (`temperature`, `max_completion_tokens`, `tool_choice`, …), or a
   * function of the request that returns them (may be async). The fields the backend sets
   * (`model`, `messages`, `stream`, `stream_options`, and `tools` when the client declares
   * any) win.
   */
  body?: object | ((request: OpenAIChatRequest) => object | Promise<object>);
  /** Passed to {@link openAIMessageConverter}. */
  converter?: OpenAIMessageConverterOptions;
} & HttpOptions &
  ResumeOptions;

/** A tool declared to `useChat` as Chat Completions declares it. */
function toOpenAITool({ name, description, parameters }: ToolDefinition): OpenAIFunctionTool {
  return {
    type: "function",
    function: {
      name,
      ...(description !== undefined && { description }),
      // A function tool without parameters still takes an (empty) object of arguments.
      parameters: parameters ?? { type: "object", properties: {} },
    },
  };
}

/**
 * Everything `useChat` needs to talk to an OpenAI-compatible Chat Completions API (OpenAI,
 * Azure OpenAI, vLLM, Ollama, LiteLLM, OpenRouter, …) or a proxy in front of one:
 * `processMessage` POSTs `{ ...body, model, messages, stream: true, stream_options:
 * { include_usage: true }, tools? }` to `<baseURL>/chat/completions`, `streamProtocol` reads
 * the streamed chunks and `messageConverter` sends the thread as OpenAI messages.
 * With `resume: true`, `resumeStream` and `stopStream` reach
 * `<baseURL>/chat/completions/{threadId}/stream`, for a server of your own that keeps replies
 * resumable; they are off by default (OpenAI's API cannot resume or stop a stream by id).
 *
 * An `apiKey` used in a browser is visible to every user: in production, point `baseURL` at a
 * proxy of your own that adds the key.
 *
 * @example
 * ```ts
 * import { openAIBackend } from "@crayonai/stream/backends/openai";
 *
 * const chat = useChat({
 *   ...openAIBackend({ baseURL: "http://localhost:11434/v1", model: "llama3.2" }),
 * });
 * ```
 */
export function openAIBackend(options: OpenAIBackendOptions): ChatBackend<OpenAIChatMessage> {
  const { baseURL, model, apiKey, body } = options;
  const url = `${baseURL.replace(/\/+$/, "")}/chat/completions`;
  const http = withBearerToken(options, apiKey);
  return {
    async processMessage(request) {
      const extra = typeof body === "function" ? await body(request) : body;
      const tools = request.tools.map(toOpenAITool);
      return postJSON(
        url,
        {
          ...extra,
          model,
          messages: request.messages,
          stream: true,
          // Token usage arrives in a last chunk and is reported with the finished run.
          stream_options: { include_usage: true },
          // OpenAI rejects an empty `tools` array.
          ...(tools.length > 0 && { tools }),
        },
        request,
        http,
      );
    },
    streamProtocol: openAIChatAdapter(),
    messageConverter: openAIMessageConverter(options.converter),
    // Off unless asked for: OpenAI's API, like most compatible servers, has no such route.
    ...streamResumption(url, options.resume ?? false, http),
  };
}
