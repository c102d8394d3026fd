/**
 * Crayon's message model: a superset of AG-UI 1.0 messages. Everything an AG-UI message carries
 * has the same name and shape here; Crayon adds `isVisuallyHidden`, `context`, assistant
 * `status` / `error` / `sources` / `files`, and `isThinking` on reasoning.
 *
 * @packageDocumentation
 */

/** Any value that survives `JSON.stringify` / `JSON.parse` unchanged. */
export type JSONValue =
  | string
  | number
  | boolean
  | null
  | JSONValue[]
  | { [key: string]: JSONValue };

/** Free-form metadata attached to a message, tool call or content part (AG-UI `metadata`). */
export type Metadata = Record<string, any>;

/** Fields every message has. */
export type BaseMessage = {
  /** Unique within a thread. */
  id: string;
  /** Which kind of message this is; narrows the {@link Message} union. */
  role: string;
  /** Optional author name (AG-UI / OpenAI `name`). */
  name?: string;
  /** Crayon: sent to the model but not shown in the UI. */
  isVisuallyHidden?: boolean;
  /** AG-UI: metadata the UI may read; never interpreted by Crayon. */
  metadata?: Metadata;
  /** AG-UI: an opaque provider value (e.g. encrypted reasoning) to round-trip to the model. */
  encryptedValue?: string;
  /** AG-UI: the sub-agent run that produced this message. */
  subagentRunId?: string;
  /**
   * Crayon: the message this one follows in the thread's tree (absent for the first message).
   * Edits and regenerated replies are siblings with the same parent; saving it lets a loaded
   * thread keep every branch.
   */
  parentId?: string;
};

/** Where the bytes of a media content part live (AG-UI `PartSource`). */
export type PartSource =
  /** Inline base64 data. */
  | { type: "data"; value: string; mimeType: string }
  /** A URL the model or UI can fetch (`https:`, `data:`). */
  | { type: "url"; value: string; mimeType?: string }
  /** A provider-side file id (e.g. an uploaded OpenAI file). */
  | { type: "file"; value: string; provider?: string; mimeType?: string };

/** A text part of multimodal content. */
export type TextPart = { type: "text"; text: string; id?: string; metadata?: Metadata };

/** A media part of multimodal content (AG-UI 1.0 `ImagePart` / `AudioPart` / … ). */
export type MediaPart = {
  type: "image" | "audio" | "video" | "document";
  source: PartSource;
  id?: string;
  metadata?: Metadata;
  /** Crayon: the original file name, for display. */
  filename?: string;
};

/**
 * The legacy AG-UI binary part, still accepted on input. New code should prefer
 * {@link MediaPart}; {@link normalizeContentPart} converts one to the other.
 */
export type BinaryPart = {
  type: "binary";
  mimeType: string;
  url?: string;
  data?: string;
  id?: string;
  filename?: string;
};

/** One part of a multimodal user (or tool) message. */
export type InputContent = TextPart | MediaPart | BinaryPart;

/** A message the user wrote. */
export type UserMessage = BaseMessage & {
  role: "user";
  /** A string in the common case; parts for multimodal input. */
  content: string | InputContent[];
  /** Crayon: structured context sent alongside the text (selections, page state, …). */
  context?: JSONValue[];
};

/** A function call the assistant asked for; `arguments` is a JSON-encoded string. */
export type ToolCall = {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
  encryptedValue?: string;
  metadata?: Metadata;
};

/**
 * Lifecycle of an assistant message.
 * - `streaming`: still receiving content.
 * - `complete`: finished normally.
 * - `awaiting_input`: the agent paused for the user (approve, reject, answer).
 * - `stopped`: the user or server stopped it; the partial content is kept.
 * - `error`: it failed; the partial content is kept and `error` says why.
 */
export type AssistantStatus = "streaming" | "complete" | "awaiting_input" | "stopped" | "error";

/** A citation the assistant used (Vercel AI `source-url` / `source-document`). */
export type SourceReference = {
  id: string;
  /** `url` for a web page; `document` for a file the backend searched. */
  kind: "url" | "document";
  url?: string;
  title?: string;
  mediaType?: string;
  filename?: string;
  metadata?: Metadata;
};

/** A file the assistant produced (Vercel AI `file` chunk). */
export type GeneratedFile = { url: string; mediaType: string; filename?: string };

/** A reply from the assistant. */
export type AssistantMessage = BaseMessage & {
  role: "assistant";
  content?: string;
  toolCalls?: ToolCall[];
  status?: AssistantStatus;
  /** Crayon: why the message failed, when `status` is `error`. */
  error?: string;
  context?: JSONValue[];
  sources?: SourceReference[];
  files?: GeneratedFile[];
};

/** Instructions for the model. */
export type SystemMessage = BaseMessage & { role: "system"; content: string };

/** Developer instructions (AG-UI / OpenAI `developer` role). */
export type DeveloperMessage = BaseMessage & { role: "developer"; content: string };

/** The result of a tool call, referencing {@link ToolCall.id}. */
export type ToolMessage = BaseMessage & {
  role: "tool";
  content: string | InputContent[];
  toolCallId: string;
  /** Set when the tool failed; `content` may still hold partial output. */
  error?: string;
};

/** The model's reasoning, kept apart from its answer. */
export type ReasoningMessage = BaseMessage & {
  role: "reasoning";
  content: string;
  /** Crayon: true while reasoning is still streaming, for a live "thinking" indicator. */
  isThinking?: boolean;
  /**
   * Crayon: how long the model reasoned, in milliseconds, from the reasoning's first event to
   * its end, as the accumulator that received the stream measured it ("Thought for 3 s").
   * Kept with the message, so the figure survives a reload.
   */
  durationMs?: number;
};

/** Frontend-only structured UI (plans, progress, search) rendered by `activityType`; never sent to the model. */
export type ActivityMessage = BaseMessage & {
  role: "activity";
  activityType: string;
  content: Record<string, any>;
};

/** Every message a Crayon thread can hold. */
export type Message =
  | UserMessage
  | AssistantMessage
  | SystemMessage
  | DeveloperMessage
  | ToolMessage
  | ReasoningMessage
  | ActivityMessage;

/** The `role` of any {@link Message}. */
export type MessageRole = Message["role"];

const MEDIA_PREFIXES = ["image", "audio", "video"] as const;

/**
 * Converts the legacy `binary` content part into the AG-UI 1.0 media part it stands for
 * (`image/*` → image, `audio/*` → audio, `video/*` → video, anything else → document).
 * Other parts are returned unchanged.
 */
export function normalizeContentPart(part: InputContent): TextPart | MediaPart {
  if (part.type !== "binary") return part;
  const family = part.mimeType.split("/")[0];
  const type = MEDIA_PREFIXES.find((prefix) => prefix === family) ?? "document";
  const source: PartSource = part.data
    ? { type: "data", value: part.data, mimeType: part.mimeType }
    : { type: "url", value: part.url ?? "", mimeType: part.mimeType };
  const normalized: MediaPart = { type, source };
  if (part.id !== undefined) normalized.id = part.id;
  if (part.filename !== undefined) normalized.filename = part.filename;
  return normalized;
}
