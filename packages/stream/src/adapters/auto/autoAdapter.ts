import type { StreamProtocolAdapter } from "../../adapter";
import type { CrayonStreamEvent } from "../../events";
import { agUIAdapter } from "../ag-ui/agUIAdapter";
import { crayonSSEAdapter } from "../crayon/crayonSSEAdapter";
import { openResponsesAdapter } from "../open-responses/openResponsesAdapter";
import { openAIChatAdapter } from "../openai/openAIChatAdapter";
import { plainTextSSEAdapter } from "../plain-text/plainTextSSEAdapter";
import { textStreamAdapter } from "../text/textStreamAdapter";
import { vercelAIAdapter } from "../vercel/vercelAIAdapter";
import { type AdapterChoices, selectAdapter } from "./selectAdapter";

/** Options for {@link autoAdapter}. */
export type AutoAdapterOptions = {
  /**
   * Parses responses whose protocol cannot be told: a body that is neither SSE nor served as
   * `text/plain` (no or another content type, not starting like SSE). Default
   * `textStreamAdapter()`: the body is shown as text.
   */
  fallback?: StreamProtocolAdapter;
  /**
   * Adapters to use instead of the default-configured ones, e.g.
   * `{ openAI: openAIChatAdapter({ requireDone: false }) }`.
   */
  adapters?: {
    crayon?: StreamProtocolAdapter;
    agUI?: StreamProtocolAdapter;
    vercel?: StreamProtocolAdapter;
    openAI?: StreamProtocolAdapter;
    openResponses?: StreamProtocolAdapter;
    text?: StreamProtocolAdapter;
    plainText?: StreamProtocolAdapter;
  };
};

/**
 * Picks the right adapter for each response, for apps that talk to more than one kind of
 * backend or do not know which one they talk to. Headers decide first
 * (`x-vercel-ai-ui-message-stream` / `x-vercel-ai-data-stream` → Vercel AI, `x-crayon-stream`
 * → Crayon SSE, `text/plain` → text stream); for Server-Sent Events the first event decides
 * (a Crayon `event:` name, an AG-UI event, an OpenAI `chat.completion.chunk`, an OpenAI
 * Responses / Open Responses `response.*` event, a Vercel AI UI chunk, else plain-text SSE). Sniffing only peeks: the chosen adapter gets the whole body.
 *
 * Each subpath adapter is bundled in; import one adapter directly when you know the protocol.
 *
 * @example
 * ```ts
 * import { autoAdapter } from "@crayonai/stream/adapters/auto";
 *
 * const chat = useChat({ processMessage, streamProtocol: autoAdapter() });
 * ```
 */
export function autoAdapter(options: AutoAdapterOptions = {}): StreamProtocolAdapter {
  const { crayon, agUI, vercel, openAI, openResponses, plainText, text } = options.adapters ?? {};
  const textAdapter = text ?? textStreamAdapter();
  const adapters: AdapterChoices = {
    crayon: crayon ?? crayonSSEAdapter(),
    agUI: agUI ?? agUIAdapter(),
    vercel: vercel ?? vercelAIAdapter(),
    openAI: openAI ?? openAIChatAdapter(),
    openResponses: openResponses ?? openResponsesAdapter(),
    plainText: plainText ?? plainTextSSEAdapter(),
    text: textAdapter,
    fallback: options.fallback ?? textAdapter,
  };
  return {
    parse(response) {
      return {
        [Symbol.asyncIterator]() {
          let inner: Promise<AsyncIterator<CrayonStreamEvent>> | undefined;
          const start = () =>
            (inner ??= selectAdapter(response, adapters)
              // Not expected; if it happens, the fallback still reports what it can.
              .catch((): [StreamProtocolAdapter, Response] => [adapters.fallback, response])
              .then(([adapter, chosen]) => adapter.parse(chosen)[Symbol.asyncIterator]()));
          return {
            next: async () => (await start()).next(),
            async return() {
              const iterator = await inner;
              return (await iterator?.return?.()) ?? { value: undefined, done: true };
            },
          };
        },
      };
    },
  };
}
