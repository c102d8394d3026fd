import type { ChatBackend, Message, MessageFormatConverter } from "@crayonai/stream";
import { agUIBackend } from "@crayonai/stream/backends/ag-ui";
import { crayonBackend } from "@crayonai/stream/backends/crayon";
import { openResponsesBackend } from "@crayonai/stream/backends/open-responses";
import { openAIBackend } from "@crayonai/stream/backends/openai";
import { vercelAIBackend } from "@crayonai/stream/backends/vercel";
import type { DemoProtocol } from "../protocols/demoProtocols";
import { demoProtocolAdapter } from "./demoProtocolAdapter";

/** The model name the demo agent's OpenAI-compatible routes are asked for. */
export const demoModel = "demo";

/**
 * The demo agent keeps threads in the Crayon model, so a loaded thread needs no converting:
 * the backend's converter shapes what is sent, and loaded messages are used as they are (read
 * back through the protocol's format they would lose their statuses and hidden messages).
 */
function sendingOnly(converter: MessageFormatConverter): MessageFormatConverter {
  return {
    toExternal: (messages) => converter.toExternal(messages),
    fromExternal: (messages) => messages as Message[],
  };
}

/**
 * How `useChat` talks to the demo agent in one protocol: a bundled backend for the protocols
 * with a request format of their own (`agUIBackend`, `vercelAIBackend`, `openAIBackend`,
 * `openResponsesBackend`), and
 * `crayonBackend` (Crayon's `{ threadId, messages, state }`) for the others. Every one resumes
 * a running reply and stops it through `{endpoint}/{threadId}/stream`.
 */
export function demoBackend(
  protocol: DemoProtocol,
  base: string,
  doFetch: typeof fetch,
): ChatBackend {
  const backend = ((): ChatBackend => {
    switch (protocol) {
      case "ag-ui":
        return agUIBackend({ url: `${base}/chat?protocol=ag-ui`, fetch: doFetch });
      case "vercel":
        return vercelAIBackend({ api: `${base}/chat?protocol=vercel`, fetch: doFetch });
      case "openai":
        // OpenAI has no thread: the demo agent reads it from `metadata.thread_id`.
        return openAIBackend({
          baseURL: `${base}/openai`,
          model: demoModel,
          fetch: doFetch,
          body: ({ threadId }) => ({ metadata: { thread_id: threadId } }),
          // The demo agent's Chat Completions route is resumable (OpenAI's own is not).
          resume: true,
        });
      case "open-responses":
        // The same for its Responses route: the thread in `metadata.thread_id`, resumable.
        return openResponsesBackend({
          url: `${base}/openai/responses`,
          model: demoModel,
          fetch: doFetch,
          body: ({ threadId }) => ({ metadata: { thread_id: threadId } }),
          resume: true,
        });
      default:
        // Crayon's body; the text-only protocols read back with their own adapter.
        return crayonBackend({
          url: `${base}/chat?protocol=${protocol}`,
          fetch: doFetch,
          streamProtocol: demoProtocolAdapter(protocol),
        });
    }
  })();
  return { ...backend, messageConverter: sendingOnly(backend.messageConverter) };
}
