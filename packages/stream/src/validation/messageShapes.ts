// What the Message union requires, in fieldSpec notation. validateMessages and the
// accumulator's event guard both read these, so a streamed source or file passes the same
// check as a loaded one.

/** The `AssistantStatus` values. */
export const ASSISTANT_STATUS = "streaming|complete|awaiting_input|stopped|error";

/** Fields every message may have, besides `id` and `role`. */
const BASE =
  "name:s? isVisuallyHidden:b? metadata:o? encryptedValue:s? subagentRunId:s? parentId:s?";

/**
 * Each role's fields besides `id` and `role`, the base ones included (user and tool `content`,
 * text or parts, is checked apart).
 */
export const ROLE_FIELDS: Record<string, string> = {
  user: `${BASE} context:a?`,
  tool: `${BASE} toolCallId:s error:s?`,
  assistant: `${BASE} content:s? status:${ASSISTANT_STATUS}? error:s? context:a? toolCalls:a? sources:a? files:a?`,
  system: `${BASE} content:s`,
  developer: `${BASE} content:s`,
  reasoning: `${BASE} content:s isThinking:b? durationMs:n?`,
  activity: `${BASE} activityType:s`,
};

/** Text and (legacy) binary content part fields; a binary part also needs `data` or `url`. */
export const PART_FIELDS: Record<string, string> = {
  text: "text:s id:s? metadata:o?",
  binary: "mimeType:s data:s? url:s? id:s? filename:s?",
};
export const MEDIA_TYPES = ["image", "audio", "video", "document"];
/** Media content part fields; the `source` must also fit its type's fields. */
export const MEDIA_PART_FIELDS = "source:o id:s? metadata:o? filename:s?";
/** A media part's `source` by source type; a `data` source needs its mime type. */
export const SOURCE_TYPE_FIELDS: Record<string, string> = {
  data: "value:s mimeType:s",
  url: "value:s mimeType:s?",
  file: "value:s mimeType:s? provider:s?",
};

export const TOOL_CALL_FIELDS = "id:s encryptedValue:s? metadata:o?";
export const SOURCE_FIELDS =
  "id:s kind:url|document url:s? title:s? mediaType:s? filename:s? metadata:o?";
export const FILE_FIELDS = "url:s mediaType:s filename:s?";
