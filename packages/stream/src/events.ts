import type {
  AssistantStatus,
  GeneratedFile,
  JSONValue,
  Message,
  Metadata,
  SourceReference,
} from "./message";

/** One RFC 6902 JSON Patch operation (as carried by AG-UI `STATE_DELTA` / `ACTIVITY_DELTA`). */
export type JsonPatchOperation =
  | { op: "add" | "replace" | "test"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "move" | "copy"; from: string; path: string };

/**
 * Why a stream produced an `error` event.
 * - `http_error`: the response was not 2xx (`status` is set, `error` quotes the body).
 * - `no_body`: the response had no body to read (a 204) or an empty one.
 * - `malformed_event`: one event could not be decoded (bad JSON, missing fields); the stream goes on.
 * - `truncated`: the stream ended before the protocol's own end marker, or inside an SSE event.
 * - `network`: reading the body failed part-way.
 * - `aborted`: the request was aborted (usually by the user pressing stop).
 * - `server_error`: the server itself reported an error in the stream.
 * - `malformed_message`: a message the stream carried (e.g. in a `messages-snapshot`) is not a
 *   valid {@link Message}; see `validateMessages`.
 * - `unexpected_content_type`: a 2xx response whose content type is not the protocol's (e.g. an
 *   HTML sign-in page); `status` is set, `error` quotes the body.
 */
export type StreamErrorCode =
  | "http_error"
  | "no_body"
  | "malformed_event"
  | "truncated"
  | "network"
  | "aborted"
  | "server_error"
  | "malformed_message"
  | "unexpected_content_type";

/**
 * The protocol-independent events every {@link StreamProtocolAdapter} produces.
 *
 * The first group is the specification's set; the rest are additions so that nothing a
 * supported protocol carries is lost. Fields marked optional let simple protocols (one
 * assistant message per response, no ids) use the same events as rich ones: an event without
 * `messageId` applies to the message currently being streamed.
 */
export type CrayonStreamEvent =
  // ─── Specification ───
  /** Append text to an assistant message. */
  | { type: "text-delta"; text: string; messageId?: string }
  /** Append an item to the assistant message's `context`. */
  | { type: "context-append"; context: JSONValue; messageId?: string }
  /** The server assigned `id` to the message being streamed (replaces its client-side id). */
  | { type: "message-update"; id: string }
  /** A tool call begins; `parentMessageId` names the assistant message that owns it. */
  | { type: "tool-call-start"; toolCallId: string; toolCallName: string; parentMessageId?: string }
  /** A chunk of the tool call's JSON-encoded arguments. */
  | { type: "tool-call-args"; toolCallId: string; delta: string }
  /** The tool call's arguments are complete. */
  | { type: "tool-call-end"; toolCallId: string }
  /** A reasoning message begins. */
  | { type: "reasoning-start"; messageId: string }
  /** Append text to a reasoning message. */
  | { type: "reasoning-delta"; text: string; messageId?: string }
  /**
   * A reasoning message is complete (`isThinking` turns false). `durationMs` is how long the
   * producer measured it thinking: given, it becomes the message's `durationMs`, so the figure a
   * reader sees live is the one the server stores; without it, the accumulator measures.
   */
  | { type: "reasoning-end"; messageId: string; durationMs?: number }
  /**
   * Create or replace an activity message. Without `messageId` it targets the activity of the
   * same `activityType` created by this response. With `replace: false` an existing activity is
   * left as it is.
   */
  | {
      type: "activity-snapshot";
      activityType: string;
      content: Record<string, any>;
      messageId?: string;
      replace?: boolean;
    }
  /**
   * Update an activity message: `patch` is applied as JSON Patch, `content` is merged shallowly
   * (either or both).
   */
  | {
      type: "activity-delta";
      activityType: string;
      content?: Record<string, any>;
      patch?: JsonPatchOperation[];
      messageId?: string;
    }
  /** Replace the thread's messages with the server's copy. */
  | { type: "messages-snapshot"; messages: Message[] }
  /** Set the assistant message's status (e.g. `awaiting_input` for human-in-the-loop). */
  | { type: "status-update"; status: AssistantStatus; messageId?: string }
  /** Something went wrong; content received before it is kept. */
  | {
      type: "error";
      error: string;
      code?: StreamErrorCode;
      /** HTTP status for `http_error` and `unexpected_content_type`. */
      status?: number;
      messageId?: string;
    }
  // ─── Additions: boundaries ───
  /** A run (one request's worth of agent work) started. */
  | { type: "run-start"; threadId?: string; runId?: string }
  /**
   * A run finished. `outcome` is `interrupt` when the agent paused for the user, `cancelled`
   * when it was stopped.
   */
  | {
      type: "run-finish";
      threadId?: string;
      runId?: string;
      outcome?: "success" | "interrupt" | "cancelled";
      result?: unknown;
      usage?: Record<string, number>;
    }
  /** A new assistant message begins (several may arrive in one response). */
  | { type: "message-start"; messageId: string }
  /** An assistant message is complete. */
  | { type: "message-end"; messageId?: string }
  /** A named step of the agent started (AG-UI `STEP_STARTED`, Vercel `start-step`). */
  | { type: "step-start"; stepName: string }
  /** A named step finished. */
  | { type: "step-finish"; stepName: string }
  // ─── Additions: content ───
  /** A tool produced its result (or failed, with `error`). Becomes a {@link ToolMessage}. */
  | {
      type: "tool-call-result";
      toolCallId: string;
      content: string;
      messageId?: string;
      error?: string;
    }
  /** The agent wants the user to approve a tool call before it runs (human-in-the-loop). */
  | { type: "tool-approval-request"; toolCallId: string; approvalId: string }
  /** An opaque encrypted value for a message or tool call, to round-trip to the provider. */
  | {
      type: "encrypted-value";
      entity: "message" | "tool-call";
      entityId: string;
      encryptedValue: string;
    }
  /** A citation for the assistant message. */
  | { type: "source"; source: SourceReference; messageId?: string }
  /** A file the assistant produced. */
  | { type: "file"; file: GeneratedFile; messageId?: string }
  /** Metadata for the assistant message (merged into `metadata`). */
  | { type: "message-metadata"; metadata: Metadata; messageId?: string }
  // ─── Additions: side channels ───
  /** The agent's shared state, replaced whole. */
  | { type: "state-snapshot"; snapshot: unknown }
  /** The agent's shared state, patched. */
  | { type: "state-delta"; delta: JsonPatchOperation[] }
  /**
   * An application-defined event the protocol carried but Crayon does not interpret
   * (AG-UI `CUSTOM`, Vercel transient `data-*`, sub-agent lifecycle, …).
   */
  | { type: "custom"; name: string; value: unknown }
  /** A raw provider event passed through (AG-UI `RAW`). */
  | { type: "raw"; event: unknown; source?: string };

/** The `type` of any {@link CrayonStreamEvent}. */
export type CrayonStreamEventType = CrayonStreamEvent["type"];

/** Narrows {@link CrayonStreamEvent} to one `type`. */
export type CrayonStreamEventOf<T extends CrayonStreamEventType> = Extract<
  CrayonStreamEvent,
  { type: T }
>;

/** The `error` event. */
export type StreamErrorEvent = CrayonStreamEventOf<"error">;

/**
 * SSE `event:` names of the Crayon wire format. The first group is what `@crayonai/stream`
 * 0.6 encoders wrote and is still read.
 */
export enum SSEType {
  // ─── 0.6 ───
  TextDelta = "text",
  /** 0.6 response template (`{ name, templateProps }`); read as an activity snapshot. */
  ResponseTemplate = "tpl",
  /** 0.6 streamed template props (partial JSON); read as an activity snapshot once parseable. */
  ResponseTemplatePropsChunk = "tpl_props_chunk",
  ContextAppend = "context_append",
  MessageUpdate = "message_update",
  Error = "error",

  // ─── Tool calls ───
  ToolCallStart = "tool_call_start",
  ToolCallArgs = "tool_call_args",
  ToolCallEnd = "tool_call_end",
  ToolCallResult = "tool_call_result",
  ToolApprovalRequest = "tool_approval_request",

  // ─── Reasoning ───
  ReasoningStart = "reasoning_start",
  ReasoningDelta = "reasoning",
  ReasoningEnd = "reasoning_end",

  // ─── Activities ───
  ActivitySnapshot = "activity_snapshot",
  ActivityDelta = "activity_delta",

  // ─── Sync ───
  MessagesSnapshot = "messages_snapshot",
  StateSnapshot = "state_snapshot",
  StateDelta = "state_delta",

  // ─── Status ───
  StatusUpdate = "status",

  // ─── Boundaries ───
  RunStart = "run_start",
  RunFinish = "run_finish",
  MessageStart = "message_start",
  MessageEnd = "message_end",
  StepStart = "step_start",
  StepFinish = "step_finish",

  // ─── Extras ───
  EncryptedValue = "encrypted_value",
  Source = "source",
  File = "file",
  MessageMetadata = "message_metadata",
  Custom = "custom",
  Raw = "raw",
}
