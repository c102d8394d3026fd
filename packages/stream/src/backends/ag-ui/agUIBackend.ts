import type { Context, RunAgentInput, Tool } from "@ag-ui/core";
import { agUIAdapter } from "../../adapters/ag-ui/agUIAdapter";
import type { ChatBackend, ChatRequest, ToolDefinition } from "../../chatRequest";
import {
  type AgUIMessage,
  agUIMessageConverter,
} from "../../converters/ag-ui/agUIMessageConverter";
import { toAgUIResume } from "../../converters/ag-ui/toAgUIResume";
import { type HttpOptions, postJSON } from "../postJSON";
import { type ResumeOptions, streamResumption } from "../streamResumption";

export type { AgUIMessage } from "../../converters/ag-ui/agUIMessageConverter";
export * from "../backendExports";

/** The request {@link agUIBackend} turns into a `RunAgentInput`. */
export type AgUIChatRequest = ChatRequest<AgUIMessage>;

/** Options for {@link agUIBackend}. */
export type AgUIBackendOptions = HttpOptions &
  ResumeOptions & {
    /** The agent endpoint: it takes a `RunAgentInput` by POST and streams AG-UI events. */
    url: string;
    /**
     * `RunAgentInput.forwardedProps`: any JSON value, passed to the agent untouched. A function
     * is called for every request (it may be async). Default: `{}`.
     */
    forwardedProps?: object | string | number | boolean | ((request: AgUIChatRequest) => unknown);
    /**
     * `RunAgentInput.context`: `{ description, value }` pairs for the model to see. A function is
     * called for every request (it may be async). Default: `[]`.
     */
    context?: Context[] | ((request: AgUIChatRequest) => Context[] | Promise<Context[]>);
  };

/** The version of AG-UI the request is written in; AG-UI asks a client to declare it. */
const PROTOCOL_VERSION = "1.0";

const toAgUITool = ({ name, description = "", parameters }: ToolDefinition): Tool =>
  parameters == null ? { name, description } : { name, description, parameters };

/** The `RunAgentInput` for one request. */
async function runAgentInputOf(
  request: AgUIChatRequest,
  options: AgUIBackendOptions,
): Promise<RunAgentInput> {
  const { forwardedProps = {}, context = [] } = options;
  const answer = request.trigger === "human-response" ? request.response : undefined;
  const resume = answer ? toAgUIResume(answer.response, answer.message) : [];
  // AG-UI requires activities to be left out: they are UI material, not conversation.
  let messages = request.messages.filter((message) => message.role !== "activity");
  // The client appends the answer as a user message; `resume` is how AG-UI carries it.
  if (resume.length > 0 && messages.at(-1)?.role === "user") messages = messages.slice(0, -1);
  const input: RunAgentInput = {
    threadId: request.threadId,
    runId: request.runId,
    protocolVersion: PROTOCOL_VERSION,
    state: request.state ?? {},
    messages,
    tools: request.tools.map(toAgUITool),
    context: typeof context === "function" ? await context(request) : context,
    forwardedProps:
      (typeof forwardedProps === "function" ? await forwardedProps(request) : forwardedProps) ?? {},
  };
  if (resume.length > 0) input.resume = resume;
  return input;
}

/**
 * Everything `useChat` needs to talk to an AG-UI agent endpoint: `processMessage` POSTs a
 * `RunAgentInput` (thread and run ids, the thread as AG-UI messages, tools, context, state,
 * `forwardedProps`, and `resume` entries when the user answers an interrupt), `streamProtocol`
 * reads the AG-UI event stream and `messageConverter` converts the thread. `resumeStream` and
 * `stopStream` reach the thread's stream at `{url without its query}/{threadId}/stream` (see
 * `resume`).
 *
 * Only AG-UI's types are imported: neither `@ag-ui/core` nor zod end up in the bundle.
 *
 * @example
 * ```ts
 * import { agUIBackend } from "@crayonai/stream/backends/ag-ui";
 *
 * const chat = useChat({ ...agUIBackend({ url: "/api/agent" }) });
 * ```
 */
export function agUIBackend(options: AgUIBackendOptions): ChatBackend<AgUIMessage> {
  return {
    processMessage: async (request) =>
      postJSON(options.url, await runAgentInputOf(request, options), request, options),
    streamProtocol: agUIAdapter(),
    messageConverter: agUIMessageConverter(),
    ...streamResumption(options.url, options.resume, options),
  };
}
