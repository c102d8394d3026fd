import type { StreamProtocolAdapter } from "./adapter";
import type { MessageFormatConverter } from "./converter";
import type { AssistantMessage, Message } from "./message";

/**
 * Why a request to the backend is made.
 * - `submit-message`: the user sent (or edited) a message.
 * - `regenerate-message`: the user asked for a new reply to the same message (`messageId` names
 *   the reply being replaced).
 * - `tool-result`: client-side tool results are sent back so the agent can go on.
 * - `human-response`: the user answered a reply that waited for input (`response` says how).
 */
export type ChatTrigger =
  | "submit-message"
  | "regenerate-message"
  | "tool-result"
  | "human-response";

/**
 * A tool the client declares to the agent: sent to backends whose protocol carries tool
 * definitions (AG-UI `tools`, OpenAI `tools`).
 */
export type ToolDefinition = {
  /** The name the model calls the tool by. */
  name: string;
  /** What the tool does, for the model to decide when to call it. */
  description?: string;
  /** A JSON Schema of the tool's arguments (an object schema). */
  parameters?: Record<string, unknown>;
};

/**
 * The user's answer to an assistant message waiting for input (`status: "awaiting_input"`).
 * `approve` / `reject` answer a tool approval (the latest one unless `toolCallId` says which);
 * `input` sends free text.
 */
export type HumanResponse =
  | { type: "approve"; toolCallId?: string }
  | { type: "reject"; toolCallId?: string; reason?: string }
  | { type: "input"; content: string };

/**
 * Everything one request to the backend may need: what `useChat`'s `processMessage` receives.
 * The first four fields are all a simple backend reads; the others carry what richer protocols
 * send (AG-UI's `RunAgentInput`, the Vercel AI SDK's chat request, OpenAI's `tools`).
 */
export type ChatRequest<TExternal = Message> = {
  /** The thread the reply belongs to (created before the first request). */
  threadId: string;
  /** The active branch, converted with the chat's `messageConverter.toExternal`. */
  messages: TExternal[];
  /** Pass its `signal` to `fetch` so that stop works. */
  abortController: AbortController;
  /** A new id for this request (AG-UI `runId`). */
  runId: string;
  /** Why the request is made. */
  trigger: ChatTrigger;
  /**
   * For `regenerate-message`: the id of the reply being replaced. Otherwise the id of the last
   * message sent.
   */
  messageId?: string;
  /** The thread's agent state (from state snapshots and deltas, or set by the app). */
  state: unknown;
  /** The tools the client declared. */
  tools: ToolDefinition[];
  /** For `human-response`: the answer and the message it answers (as now resolved). */
  response?: { response: HumanResponse; message: AssistantMessage };
  /**
   * Present only while something watches the chat (a listener on `createChat`'s debug
   * channel, such as the inspector): call it with the HTTP request you send, so that it can be
   * shown beside the reply. The bundled backends do; a `processMessage` of your own may.
   */
  traceRequest?: (request: HttpRequestTrace) => void;
};

/** The HTTP request a backend sent for a reply, as `ChatRequest.traceRequest` receives it. */
export type HttpRequestTrace = {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The body as sent, when it is text. */
  body?: string;
};

/**
 * A complete backend setup to spread into `useChat`: how to send a request, how to read the
 * response and how messages look on the wire.
 *
 * @example
 * ```ts
 * const chat = useChat({ ...agUIBackend({ url: "/api/agent" }) });
 * ```
 */
export type ChatBackend<TExternal = any> = {
  processMessage: (request: ChatRequest<TExternal>) => Promise<Response>;
  streamProtocol: StreamProtocolAdapter;
  messageConverter: MessageFormatConverter<TExternal>;
  /**
   * Reopens the thread's running reply from character `position` of its response body (UTF-8
   * decoded, counted as JavaScript string length): the `Response` for a 200 (with the header
   * `X-Crayon-Resume-Position: <position>` when the server started there; without it, from
   * 0), `null` for a 204 (no reply is running), a throw otherwise. Used to reconnect a dropped
   * reply and to follow a reply still running when a thread loads.
   */
  resumeStream?: (request: ResumeStreamRequest) => Promise<Response | null>;
  /**
   * Asks the server to stop the thread's running reply (a dropped connection is not a stop);
   * called by `stop()` besides the local abort.
   */
  stopStream?: (request: { threadId: string }) => Promise<void>;
  /**
   * How a dropped reply is reopened with `resumeStream`: `false` never; `delays` are the waits
   * (ms) before each try (default about 10 s in all).
   */
  reconnect?: false | { delays?: number[] };
};

/** What a backend's `resumeStream` receives. */
export type ResumeStreamRequest = {
  threadId: string;
  /** The characters of the reply's body the client already has: the server sends the rest. */
  position: number;
  /** Aborts when the reply is stopped. */
  signal: AbortSignal;
};
