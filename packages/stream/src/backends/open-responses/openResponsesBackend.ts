import { openResponsesAdapter } from "../../adapters/open-responses/openResponsesAdapter";
import type { ChatBackend, ChatRequest } from "../../chatRequest";
import {
  type OpenResponsesInputItem,
  type OpenResponsesMessageConverterOptions,
  openResponsesMessageConverter,
} from "../../converters/open-responses/openResponsesMessageConverter";
import { withBearerToken } from "../bearerToken";
import { type HttpOptions, postJSON } from "../postJSON";
import { type ResumeOptions, streamResumption } from "../streamResumption";
import { responseChain } from "./responseChain";
import { type OpenResponsesFunctionTool, toResponsesTool } from "./responsesTool";
import { sendableInput } from "./sendableInput";

export type { OpenResponsesInputItem } from "../../converters/open-responses/openResponsesMessageConverter";
export * from "../backendExports";
export type { OpenResponsesFunctionTool } from "./responsesTool";

/** The request {@link openResponsesBackend} turns into a Responses request. */
export type OpenResponsesChatRequest = ChatRequest<OpenResponsesInputItem>;

/** Extra output a Responses request can ask for (`include`), as the API names it. */
export type OpenResponsesIncludable =
  | "reasoning.encrypted_content"
  | "file_search_call.results"
  | "web_search_call.results"
  | "web_search_call.action.sources"
  | "message.input_image.image_url"
  | "computer_call_output.output.image_url"
  | "code_interpreter_call.outputs"
  | "message.output_text.logprobs";

/**
 * The fields {@link openResponsesBackend} sets in the body it POSTs (besides the `body`
 * option's): assignable to the `openai` package's `ResponseCreateParamsStreaming`, so that a
 * route can pass it on to `client.responses.create` as it is.
 */
export type OpenResponsesRequestBody = {
  model?: string;
  input: OpenResponsesInputItem[];
  stream: true;
  store?: boolean;
  tools?: OpenResponsesFunctionTool[];
  include?: OpenResponsesIncludable[];
  previous_response_id?: string;
};

/** Options for {@link openResponsesBackend}. */
export type OpenResponsesBackendOptions = {
  /**
   * Where the request is POSTed, as it is: your route (`/api/chat`), or the API's own endpoint,
   * the base URL followed by `/responses` (`https://api.openai.com/v1/responses`,
   * `http://localhost:8000/v1/responses` for vLLM).
   */
  url: string;
  /** `model` in the body; left out when not given (your route sets it). */
  model?: string;
  /**
   * `store` in the body; left out when not given (OpenAI's default is `true`). With `false`
   * the provider keeps nothing: reasoning can only go back with its encrypted content (ask for
   * it with `include: ["reasoning.encrypted_content"]`), and `previousResponseId` cannot be used.
   */
  store?: boolean;
  /**
   * Continue the latest response this backend streamed with `previous_response_id`, sending
   * only the items after it (the user's new message, tool outputs, an approval's answer); the
   * provider has the rest. Needs a provider that stores responses (`store` not `false`). When no
   * earlier response of the thread was streamed by this backend (a reloaded page, an edited
   * branch) the whole thread is sent. Default: `false`.
   */
  previousResponseId?: boolean;
  /** `include` in the body, e.g. `["reasoning.encrypted_content"]` (merged with the `body` option's). */
  include?: OpenResponsesIncludable[];
  /**
   * Sent as `Authorization: Bearer <apiKey>`. In a browser every user can read it: give it
   * only to a proxy of your own, never a real provider key.
   */
  apiKey?: string;
  /**
   * More request body fields (`instructions`, `reasoning`, `max_output_tokens`, `tools` the
   * provider runs such as `web_search` or `mcp`, …), or a function of the request that returns
   * them (may be async). The fields the backend sets win, except `tools` and `include`, which
   * are merged: the body's tools come first, then the client's.
   */
  body?: object | ((request: OpenResponsesChatRequest) => object | Promise<object>);
  /** Passed to {@link openResponsesMessageConverter}. */
  converter?: OpenResponsesMessageConverterOptions;
} & HttpOptions &
  ResumeOptions;

/** An array field of the body option, or none. */
const listOf = (extra: object | undefined, key: string): unknown[] => {
  const value = (extra as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(value) ? value : [];
};

/**
 * Everything `useChat` needs to talk to the OpenAI Responses API, a server that serves the same
 * API (Open Responses; vLLM's `/v1/responses`, …) or a route of yours in front of one:
 * `processMessage` POSTs `{ ...body, model, input, stream: true, store, tools?, include?,
 * previous_response_id? }` to `url`, `streamProtocol` is `openResponsesAdapter()` and
 * `messageConverter` is `openResponsesMessageConverter()`.
 *
 * The client's tools are declared as function tools, `strict` when their schema allows it;
 * their results go back as `function_call_output` items (the chat sends them on its own after
 * running the tools), and an MCP approval's answer as `mcp_approval_response`. Items the API
 * refuses together are left out of `input` (a call without its output, reasoning whose next
 * item the provider cannot match). With `resume: true`, `resumeStream` and `stopStream` reach
 * `{url}/{threadId}/stream`, for a route of your own that keeps replies resumable; they are off
 * by default.
 *
 * @example
 * ```ts
 * import { openResponsesBackend } from "@crayonai/stream/backends/open-responses";
 *
 * const chat = useChat({
 *   ...openResponsesBackend({ url: "/api/chat", previousResponseId: true }),
 * });
 * ```
 */
export function openResponsesBackend(
  options: OpenResponsesBackendOptions,
): ChatBackend<OpenResponsesInputItem> {
  const { url, model, store, apiKey, body } = options;
  if (options.previousResponseId && store === false) {
    throw new TypeError(
      "openResponsesBackend: previousResponseId needs a provider that stores responses; it cannot be used with store: false.",
    );
  }
  const http = withBearerToken(options, apiKey);
  const chain = options.previousResponseId ? responseChain() : undefined;
  const adapter = openResponsesAdapter();
  return {
    async processMessage(request) {
      const extra = typeof body === "function" ? await body(request) : body;
      const items = sendableInput(request.messages, store);
      const { input, previousResponseId } = chain?.continueFrom(items) ?? { input: items };
      const tools = [...listOf(extra, "tools"), ...request.tools.map(toResponsesTool)];
      const include = [...new Set([...listOf(extra, "include"), ...(options.include ?? [])])];
      return postJSON(
        url,
        {
          ...extra,
          ...(model !== undefined && { model }),
          input,
          stream: true,
          ...(store !== undefined && { store }),
          // An empty `tools` or `include` list is left out.
          ...(tools.length > 0 && { tools }),
          ...(include.length > 0 && { include }),
          ...(previousResponseId !== undefined && { previous_response_id: previousResponseId }),
        },
        request,
        http,
      );
    },
    streamProtocol: chain ? chain.watch(adapter) : adapter,
    messageConverter: openResponsesMessageConverter(options.converter),
    // Off unless asked for: the Responses API resumes by response id, not by thread.
    ...streamResumption(url, options.resume ?? false, http),
  };
}
