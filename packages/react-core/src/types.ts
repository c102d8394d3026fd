import type {
  ChatRequest,
  CrayonStreamEvent,
  HumanResponse,
  InputContent,
  JSONValue,
  Message,
  MessageFormatConverter,
  Metadata,
  StreamProtocolAdapter,
  ToolCall,
  ToolDefinition,
} from "@crayonai/stream";
import type { ChatError } from "./core/chatError";
import type { BranchInfo } from "./core/thread/messageTree";
import type { ThreadListManager, ThreadListParams } from "./threadListTypes";

export type {
  Thread,
  ThreadGroup,
  ThreadListActions,
  ThreadListManager,
  ThreadListPage,
  ThreadListParams,
  ThreadListState,
  TitleRequest,
} from "./threadListTypes";

/**
 * How often streamed changes reach React: at most once every `intervalMs` (default 50 ms; the
 * first change after a quiet interval at once), once per animation frame (`"frame"`), or once
 * per network chunk (`"microtask"`: every event decoded from one chunk lands in one update).
 */
export type StreamBatching = "frame" | "microtask" | { intervalMs: number };

/** The client-side tool handler's input. */
export type ToolCallRequest = {
  toolCall: ToolCall;
  /** The arguments, parsed from JSON (undefined if they are not valid JSON). */
  args: unknown;
  threadId: string;
  messages: Message[];
};

/**
 * A tool the client declares once: its definition is sent to backends whose protocol carries
 * tools (AG-UI, OpenAI), and `execute`, when given, answers the model's calls to it in the
 * browser. `defineTool` makes one from a schema.
 */
export type ClientTool = ToolDefinition & {
  /**
   * Runs the tool. Return the result (a string, or a value sent as JSON), throw to report a
   * failure, or return `undefined` to leave the call for the UI (`threadManager.addToolResult`).
   */
  execute?: (args: any, request: ToolCallRequest) => unknown | Promise<unknown>;
};

/** How a reply ended, as `onFinish` reports it. */
export type ReplyOutcome = "complete" | "stopped" | "error" | "awaiting_input";

/** What `onFinish` receives once a reply (one request) ends. */
export type ReplyFinish = {
  threadId: string;
  /** The thread's messages (the active branch) after the reply. */
  messages: Message[];
  /** The messages this reply created or changed. */
  reply: Message[];
  /** The thread's agent state after the reply. */
  state: unknown;
  outcome: ReplyOutcome;
};

/**
 * A stored thread with its branches: every message (each with its `parentId`, as
 * `onUpdateMessage` reported it) and the last message of the branch the user was on.
 */
export type LoadedThread<TExternal = Message> = {
  messages: TExternal[];
  /** The message the active branch ends with (default: the last one in `messages`). */
  activeLeafId?: string;
};

/**
 * What `loadThread` returns: a flat list or a {@link LoadedThread}. Written as a conditional
 * type so that it never takes part in inferring `TExternal` (the converter decides it), while
 * object literals in it are still checked against the converter's type.
 */
export type StoredMessages<TExternal> = [TExternal] extends [infer T]
  ? T[] | LoadedThread<T>
  : never;

/** Loading and sending messages of a thread. */
export type ThreadParams<TExternal = Message> = {
  /**
   * Loads a thread's messages (converted with `messageConverter.fromExternal`): a flat list
   * (one branch), or the stored tree as a {@link LoadedThread} so every branch comes back.
   * Its type follows `messageConverter` (it never decides the backend's message type).
   */
  loadThread?: (threadId: string) => Promise<StoredMessages<TExternal>>;
  /**
   * Sends the thread to your backend and returns its streamed `Response`. `messages` is the
   * active branch, converted with `messageConverter.toExternal`. Pass `abortController.signal`
   * to `fetch` so that stop works. The request also carries a `runId`, why it is made
   * (`trigger`), the thread's agent `state` and the declared `tools`: what richer protocols
   * send (see `ChatRequest`). The bundled backends (`agUIBackend`, `vercelAIBackend`,
   * `openAIBackend` from `@crayonai/stream/backends/*`) build it for you.
   */
  processMessage: (request: ChatRequest<TExternal>) => Promise<Response>;
  /**
   * Called with each message the user sent, and with each message a reply created or changed
   * once that reply ends (not on every token): the place to persist messages. Each message
   * carries its `parentId` (the message it follows), so storing it keeps every branch.
   */
  onUpdateMessage?: (props: { message: Message }) => void;
  /**
   * Called when the user switches to another branch (`switchBranch`), with the message the
   * shown branch now ends with: store it and return it as `activeLeafId` from `loadThread` so a
   * reload opens on the same branch. After a reply, the active branch ends with the last
   * message `onUpdateMessage` reported.
   */
  onActiveBranchChange?: (props: { threadId: string; activeLeafId: string }) => void;
  /** Parses the response. Defaults to `crayonSSEAdapter()`. */
  streamProtocol?: StreamProtocolAdapter;
  /** Converts messages to and from the backend's format. Defaults to `identityConverter()`. */
  messageConverter?: MessageFormatConverter<TExternal>;
  /**
   * Runs tool calls on the client. Return the result (a string, or a value sent as JSON), throw
   * to report a failure, or return `undefined` to leave the call for the UI
   * (`threadManager.addToolResult`).
   */
  onToolCall?: (request: ToolCallRequest) => unknown | Promise<unknown>;
  /**
   * Tools the client declares: sent to the backend with every request (`ChatRequest.tools`),
   * and run in the browser when they have `execute` (before `onToolCall`, which answers the
   * calls no declared tool executes).
   */
  tools?: ClientTool[];
  /**
   * How many times a reply whose tool calls were all answered on the client is sent back to the
   * backend automatically. Default 5 when a declared tool has `execute`, otherwise 0 (never).
   */
  maxToolRoundtrips?: number;
  /**
   * Called with every event of a streamed reply, before it is applied: the place for
   * application events the message list does not show (`custom`, `raw`, Vercel transient
   * `data-*` parts as `custom` named `vercel:data-…`, steps, run boundaries).
   */
  onEvent?: (event: CrayonStreamEvent, info: { threadId: string }) => void;
  /** Called once per request when its reply has ended, however it ended. */
  onFinish?: (finish: ReplyFinish) => void;
  /** Called when a reply fails (its partial content is kept in the thread). */
  onError?: (error: ChatError, info: { threadId: string }) => void;
  /** How often streamed changes reach React. Default `{ intervalMs: 50 }` (see the README). */
  streamBatching?: StreamBatching;
  /**
   * Reopens a thread's running reply from character `position` of its response body (UTF-8
   * decoded, counted as JavaScript string length). Return the `Response` (200; with the header
   * `X-Crayon-Resume-Position: <position>` when the server started there, without it when it
   * starts from 0), `null` when no reply is running (204), or throw. With it set, a reply whose
   * connection drops is reconnected (see `reconnect`), and a thread whose history loads follows
   * a reply still running on the server (from `position: 0`). The bundled backends build it.
   */
  resumeStream?: (request: ResumeStreamRequest) => Promise<Response | null>;
  /**
   * Asks the server to stop the thread's running reply (a dropped connection is not a stop).
   * Called by `stop()` besides the local abort, and retried with the `reconnect` delays while
   * it fails; a failure never reaches the UI.
   */
  stopStream?: (request: { threadId: string }) => Promise<void>;
  /**
   * How a reply whose connection drops is reopened with `resumeStream`: `false` never
   * reconnects; `delays` are the waits (ms) before each try. Default
   * `{ delays: [250, 500, 1000, 2000, 3000, 3000] }` (about 10 s). Status `reconnecting` while
   * it tries.
   */
  reconnect?: ReconnectOptions;
  /**
   * What a message sent while a reply streams does. `true` (the default): it waits in the
   * thread's `queue` and is sent when the reply completes, one message per turn, in order; a
   * reply that is stopped, fails or asks the user pauses the queue (`queuePaused`). `false`:
   * `processMessage` rejects with `thread_busy`, as it did before the queue existed.
   */
  queue?: boolean;
};

/** What `resumeStream` receives. */
export type ResumeStreamRequest = {
  threadId: string;
  /** The characters of the body the client already has: the server sends the rest. */
  position: number;
  /** Aborts when the reply is stopped. */
  signal: AbortSignal;
};

/** `false` never reconnects; `delays` are the waits (ms) before each reconnection try. */
export type ReconnectOptions = false | { delays?: number[] };

/** Everything `useChat` accepts. */
export type UseChatParams<TExternal = Message> = ThreadListParams & ThreadParams<TExternal>;

/**
 * What the user sends: text, or multimodal parts, with optional context. `metadata` is kept on
 * the user message as it is (e.g. who sent it on the user's behalf: an embedded app).
 */
export type UserMessageInput =
  | string
  | {
      content: string | InputContent[];
      context?: JSONValue[];
      isVisuallyHidden?: boolean;
      metadata?: Metadata;
    };

/**
 * A message sent while a reply streamed, waiting in its thread's queue. It is not part of the
 * thread's messages (nor sent, stored or reported) until its turn comes; queues live in memory
 * only and do not survive a reload.
 */
export type QueuedMessage = {
  id: string;
  content: string | InputContent[];
  context?: JSONValue[];
  isVisuallyHidden?: boolean;
  metadata?: Metadata;
};

/**
 * What a thread is doing, in one value: `submitted` (a request is sent, nothing arrived yet),
 * `streaming` (a reply arrives), `reconnecting` (the reply's connection dropped and is being
 * reopened with `resumeStream`; still running), `loading` (its history loads), `awaiting_input` (the last
 * reply asks the user), `error` (the last action failed) or `idle`.
 */
export type ThreadStatus =
  | "idle"
  | "loading"
  | "submitted"
  | "streaming"
  | "reconnecting"
  | "awaiting_input"
  | "error";

/** The state of one thread. */
export type ThreadState = {
  /** The thread's id, or null for a new thread that has no message yet. */
  threadId: string | null;
  /** The active branch, oldest first. Unchanged messages keep their identity across updates. */
  messages: Message[];
  /** What the thread is doing; the booleans below say the same in parts. */
  status: ThreadStatus;
  /** A reply is streaming. */
  isRunning: boolean;
  /**
   * The running reply's connection dropped and is being reopened (`status: "reconnecting"`;
   * `isRunning` stays true and `stop` still works).
   */
  isReconnecting: boolean;
  /** The thread's history is loading. */
  isLoadingMessages: boolean;
  /** The last assistant message waits for the user (`status: "awaiting_input"`). */
  isAwaitingInput: boolean;
  /** Why the last action failed, or null. */
  error: ChatError | null;
  /** Messages on the active branch that have alternatives, by message id. */
  branches: Record<string, BranchInfo>;
  /**
   * The agent's shared state for this thread: built from the state snapshots and deltas of its
   * replies, or set with `setAgentState`; sent with every request. Undefined until either.
   */
  agentState: unknown;
  /** Messages sent while a reply streamed, oldest first: each is sent when the reply before it completes. */
  queue: QueuedMessage[];
  /**
   * The queue waits for the user: the reply before it was stopped, failed or asks for input.
   * Resolve it with `sendQueued` or `clearQueue` (or by editing the queue down to nothing).
   */
  queuePaused: boolean;
};

/** Actions on the selected thread. */
export type ThreadActions = {
  /**
   * Sends a user message and streams the reply. While a reply streams, the message joins the
   * thread's `queue` (resolving at once), or, with `queue: false`, rejects with `thread_busy`.
   */
  processMessage: (message: UserMessageInput) => Promise<void>;
  /** Sends the queue now (one message per turn) after a pause; while a reply streams, unpauses it. */
  sendQueued: () => void;
  /** Replaces the content of a queued message. */
  editQueued: (id: string, content: string | InputContent[]) => void;
  /** Takes a message out of the queue. */
  removeQueued: (id: string) => void;
  /** Empties the queue (its messages are never sent). */
  clearQueue: () => void;
  /**
   * Stops the streaming reply; its partial content is kept and marked `stopped`. With
   * `stopStream` set, the server is asked to stop generating too.
   */
  stop: () => void;
  /** Runs the last reply again (after an error or stop); the failed one stays as a branch. */
  retry: () => Promise<void>;
  /** Answers an assistant message that waits for input, and streams what follows. */
  respond: (response: HumanResponse) => Promise<void>;
  /** Replaces a user message with new content on a new branch and streams a new reply. */
  editMessage: (messageId: string, content: string | InputContent[]) => Promise<void>;
  /** Streams a new reply to the user message before `messageId` (default: the last reply). */
  regenerate: (messageId?: string) => Promise<void>;
  /** Shows the alternative at `index` among `messageId`'s siblings. */
  switchBranch: (messageId: string, index: number) => void;
  /** Answers a client-side tool call the UI handled; `continue` sends the result to the backend. */
  addToolResult: (
    toolCallId: string,
    result: unknown,
    options?: { error?: string; continue?: boolean },
  ) => Promise<void>;
  /** Adds messages to the end of the active branch (no request is made). */
  appendMessages: (...messages: Message[]) => void;
  /** Replaces the message with the same id. */
  updateMessage: (message: Message) => void;
  /** Removes a message. */
  deleteMessage: (messageId: string) => void;
  /** Replaces the active branch. */
  setMessages: (messages: Message[]) => void;
  /** Sets the thread's agent state (a value, or a function of the current one); sent with the next request. */
  setAgentState: (state: unknown | ((current: unknown) => unknown)) => void;
};

/** The selected thread: its state and actions (returned by `useThreadManager`). */
export type ThreadManager = ThreadState &
  ThreadActions & {
    /**
     * The chat's `queue` option: `false` when a message sent while a reply streams is refused
     * (`thread_busy`) instead of queued, so a composer does not offer to queue it. Missing (a
     * manager not made by `useThreadManager`) means the queue is on.
     */
    queueEnabled?: boolean;
  };

/**
 * What `useChat` returns and `CrayonChat` takes: the selected thread and the thread list.
 * Build it yourself from `useThreadListManager` + `useThreadManager` for full control.
 */
export type ChatManager = {
  threadManager: ThreadManager;
  threadListManager: ThreadListManager;
};
