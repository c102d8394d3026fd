import type { StreamProtocolAdapter } from "../../adapter";
import { crayonSSEAdapter } from "../../adapters/crayon/crayonSSEAdapter";
import type { ChatBackend, ChatRequest } from "../../chatRequest";
import { identityConverter } from "../../converters/identity/identityConverter";
import type { Message } from "../../message";
import { type HttpOptions, postJSON } from "../postJSON";
import { type ResumeOptions, streamResumption } from "../streamResumption";

export * from "../backendExports";

/** Options for {@link crayonBackend}. */
export type CrayonBackendOptions = {
  /** The chat endpoint, e.g. `"/api/chat"`. */
  url: string;
  /**
   * Extra fields for the request body, or a function of the request that returns them (may be
   * async). `threadId`, `messages` and `state` win.
   */
  body?: object | ((request: ChatRequest<Message>) => object | Promise<object>);
  /** How the response is read. Default: {@link crayonSSEAdapter} (Crayon SSE). */
  streamProtocol?: StreamProtocolAdapter;
} & HttpOptions &
  ResumeOptions;

/**
 * A complete `useChat` setup for a Crayon backend: it POSTs `{ threadId, messages, state }`
 * (messages in the Crayon model) and reads Crayon SSE back. Replies resume and stop through
 * `{url}/{threadId}/stream`, as `@crayonai/server/resumable` serves them.
 *
 * @example
 * ```ts
 * import { crayonBackend } from "@crayonai/stream/backends/crayon";
 *
 * const chat = useChat({ ...crayonBackend({ url: "/api/chat" }) });
 * ```
 */
export function crayonBackend(options: CrayonBackendOptions): ChatBackend<Message> {
  const { url, body } = options;
  return {
    async processMessage(request) {
      const { threadId, messages, state } = request;
      const extra = typeof body === "function" ? await body(request) : body;
      return postJSON(
        url,
        { ...extra, threadId, messages, ...(state != null && { state }) },
        request,
        options,
      );
    },
    streamProtocol: options.streamProtocol ?? crayonSSEAdapter(),
    messageConverter: identityConverter(),
    ...streamResumption(url, options.resume, options),
  };
}
