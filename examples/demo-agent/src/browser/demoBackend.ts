import type { ChatBackend, Message, MessageFormatConverter } from "@crayonai/stream";
import { identityConverter } from "@crayonai/stream";
import { agUIBackend } from "@crayonai/stream/backends/ag-ui";
import { openAIBackend } from "@crayonai/stream/backends/openai";
import { vercelAIBackend } from "@crayonai/stream/backends/vercel";
import type { DemoProtocol } from "../protocols/demoProtocols";
import { demoProtocolAdapter } from "./demoProtocolAdapter";

/** The model name the demo agent's OpenAI-compatible route is asked for. */
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
 * with a request format of their own (`agUIBackend`, `vercelAIBackend`, `openAIBackend`), and
 * Crayon's `{ threadId, messages, state }` for the others.
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
        });
      default:
        return {
          processMessage: ({ threadId, messages, state, abortController }) =>
            doFetch(`${base}/chat?protocol=${protocol}`, {
              method: "POST",
              headers: { "content-type": "application/json", accept: "text/event-stream" },
              body: JSON.stringify({ threadId, messages, ...(state != null && { state }) }),
              signal: abortController.signal,
            }),
          streamProtocol: demoProtocolAdapter(protocol),
          messageConverter: identityConverter(),
        };
    }
  })();
  return { ...backend, messageConverter: sendingOnly(backend.messageConverter) };
}
