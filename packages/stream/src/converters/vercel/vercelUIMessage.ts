/** A JSON value as the AI SDK types it: object members may be undefined (`JSONValue`). */
export type VercelJSONValue =
  | null
  | string
  | number
  | boolean
  | { [key: string]: VercelJSONValue | undefined }
  | VercelJSONValue[];

/** Provider data the AI SDK attaches to parts (`ProviderMetadata`). */
export type VercelProviderMetadata = Record<string, { [key: string]: VercelJSONValue | undefined }>;

/** A text part (`TextUIPart`). */
export type VercelTextPart = {
  type: "text";
  text: string;
  state?: "streaming" | "done";
  providerMetadata?: VercelProviderMetadata;
};

/** A reasoning part (`ReasoningUIPart`). */
export type VercelReasoningPart = {
  type: "reasoning";
  text: string;
  id?: string;
  state?: "streaming" | "done";
  providerMetadata?: VercelProviderMetadata;
};

/** A file: a user attachment or a file the model produced (`FileUIPart`). */
export type VercelFilePart = {
  type: "file";
  mediaType: string;
  /** A hosted URL or a `data:` URL. */
  url: string;
  filename?: string;
  providerMetadata?: VercelProviderMetadata;
};

/** A web source the model cited (`SourceUrlUIPart`). */
export type VercelSourceUrlPart = {
  type: "source-url";
  sourceId: string;
  url: string;
  title?: string;
  providerMetadata?: VercelProviderMetadata;
};

/** A document the model cited (`SourceDocumentUIPart`). */
export type VercelSourceDocumentPart = {
  type: "source-document";
  sourceId: string;
  mediaType: string;
  title: string;
  filename?: string;
  providerMetadata?: VercelProviderMetadata;
};

/** Marks the start of a step (one model call) in an assistant message (`StepStartUIPart`). */
export type VercelStepStartPart = { type: "step-start" };

/** App data streamed with a message (`DataUIPart`): `data-<name>`. */
export type VercelDataPart = { type: `data-${string}`; id?: string; data: unknown };

/** The answer to a tool approval request (AI SDK 6+). */
export type VercelToolApproval = { id: string; approved?: boolean; reason?: string };

/**
 * A tool call and, as it progresses, its result (`UIToolInvocation`). The approval states are
 * AI SDK 6+.
 */
export type VercelToolInvocation = {
  toolCallId: string;
  title?: string;
  /** The provider ran the tool (e.g. web search); its result is part of the model's output. */
  providerExecuted?: boolean;
  callProviderMetadata?: VercelProviderMetadata;
} & (
  | { state: "input-streaming"; input?: unknown; rawInput?: string }
  | { state: "input-available"; input: unknown }
  | { state: "approval-requested"; input: unknown; approval: { id: string } }
  | {
      state: "approval-responded";
      input: unknown;
      approval: { id: string; approved: boolean; reason?: string };
    }
  | {
      state: "output-available";
      input: unknown;
      output: unknown;
      preliminary?: boolean;
      approval?: { id: string; approved: true; reason?: string };
    }
  | {
      state: "output-error";
      input: unknown;
      rawInput?: unknown;
      errorText: string;
      approval?: { id: string; approved: true; reason?: string };
    }
  | {
      state: "output-denied";
      input: unknown;
      approval: { id: string; approved: false; reason?: string };
    }
);

/** The state of a tool part. */
export type VercelToolState = VercelToolInvocation["state"];

/** A call of a tool the server declared statically (`ToolUIPart`): `tool-<name>`. */
export type VercelToolPart = { type: `tool-${string}` } & VercelToolInvocation;

/** A call of a tool known only at run time, e.g. from MCP (`DynamicToolUIPart`). */
export type VercelDynamicToolPart = {
  type: "dynamic-tool";
  toolName: string;
} & VercelToolInvocation;

/** Any part of a {@link VercelUIMessage}. */
export type VercelUIMessagePart =
  | VercelTextPart
  | VercelReasoningPart
  | VercelToolPart
  | VercelDynamicToolPart
  | VercelFilePart
  | VercelSourceUrlPart
  | VercelSourceDocumentPart
  | VercelDataPart
  | VercelStepStartPart;

/**
 * A Vercel AI SDK `UIMessage`: what `useChat` keeps and what a route handler passes to
 * `convertToModelMessages`. Declared here structurally, so this package needs no `ai` at run
 * time or in its types. It has the shape of AI SDK 6's `UIMessage` (each is assignable to the
 * other), and AI SDK 5's `UIMessage` is assignable to it; for AI SDK 5's type on the way out,
 * pass it as the converter's `TMessage`.
 */
export type VercelUIMessage = {
  id: string;
  role: "system" | "user" | "assistant";
  /** App-defined metadata (`messageMetadata` on the server). */
  metadata?: unknown;
  parts: VercelUIMessagePart[];
};

/**
 * The least a message type must have to stand for a UI message: every AI SDK 5–7 `UIMessage`
 * type fits, typed (`UIMessage<Metadata, DataParts, Tools>`) or not.
 */
export type VercelUIMessageLike = {
  id: string;
  role: "system" | "user" | "assistant";
  metadata?: unknown;
  parts: Array<{ type: string }>;
};
