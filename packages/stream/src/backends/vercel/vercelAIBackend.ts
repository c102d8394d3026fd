import { vercelAIAdapter } from "../../adapters/vercel/vercelAIAdapter";
import type { ChatBackend, ChatRequest } from "../../chatRequest";
import type { VercelUIMessage, VercelUIMessageLike } from "../../converters/vercel/vercelUIMessage";
import {
  type VercelUIMessageConverterOptions,
  vercelUIMessageConverter,
} from "../../converters/vercel/vercelUIMessageConverter";
import { type HttpOptions, postJSON } from "../postJSON";
import { type ResumeOptions, streamResumption } from "../streamResumption";

export type { VercelUIMessage } from "../../converters/vercel/vercelUIMessage";
export * from "../backendExports";

/** Options for {@link vercelAIBackend}. */
export type VercelAIBackendOptions<TMessage extends VercelUIMessageLike = VercelUIMessage> = {
  /** The route handler's URL. Default: `"/api/chat"` (as the AI SDK's `useChat`). */
  api?: string;
  /**
   * Extra fields for the request body, or a function of the request that returns them (may be
   * async). The fields the AI SDK sends (`id`, `messages`, `trigger`, `messageId`) win.
   */
  body?: object | ((request: ChatRequest<TMessage>) => object | Promise<object>);
} & HttpOptions &
  ResumeOptions &
  VercelUIMessageConverterOptions;

/**
 * A complete `useChat` setup for an unchanged Vercel AI SDK 5–7 route handler: it POSTs the
 * body the AI SDK's `DefaultChatTransport` sends — `{ ...body, id, messages, trigger,
 * messageId }` with the thread as `UIMessage`s — and reads the UI message stream back.
 *
 * `trigger` is `regenerate-message` for a regeneration (`messageId`: the reply replaced) and
 * `submit-message` for everything else. `messageId` is what the AI SDK's chat sends: none for a
 * new user message; the assistant message to continue after tool results or an approval.
 *
 * `resumeStream` follows the AI SDK's resumable-stream convention, `GET {api}/{id}/stream`
 * (204 when no reply runs), with `?position=N` added; `stopStream` sends `DELETE` to the same
 * URL (see `resume`).
 *
 * @example
 * ```ts
 * import { vercelAIBackend } from "@crayonai/stream/backends/vercel";
 *
 * const chat = useChat({ ...vercelAIBackend({ api: "/api/chat" }) });
 * ```
 */
export function vercelAIBackend<TMessage extends VercelUIMessageLike = VercelUIMessage>(
  options: VercelAIBackendOptions<TMessage> = {},
): ChatBackend<TMessage> {
  const { api = "/api/chat", body } = options;
  return {
    async processMessage(request) {
      const { messages, trigger } = request;
      const regenerate = trigger === "regenerate-message";
      const last = messages.at(-1);
      // The AI SDK's chat names the message a request continues: the regenerated reply, or the
      // assistant message the tool results and approvals belong to. A new user message: none.
      const messageId = regenerate
        ? request.messageId
        : last?.role === "assistant"
          ? last.id
          : undefined;
      const extra = typeof body === "function" ? await body(request) : body;
      return postJSON(
        api,
        {
          ...extra,
          id: request.threadId,
          messages,
          trigger: regenerate ? trigger : "submit-message",
          ...(messageId !== undefined && { messageId }),
        },
        request,
        options,
      );
    },
    streamProtocol: vercelAIAdapter(),
    messageConverter: vercelUIMessageConverter<TMessage>(options),
    ...streamResumption(api, options.resume, options),
  };
}
