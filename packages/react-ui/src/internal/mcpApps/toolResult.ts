import type { ToolMessage } from "@crayonai/stream";

/** An MCP `CallToolResult`, as an MCP App receives it in `ui/notifications/tool-result`. */
export type CallToolResult = {
  content: Record<string, unknown>[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const textResult = (text: string, isError?: boolean): CallToolResult => ({
  content: [{ type: "text", text }],
  ...(isError && { isError }),
});

/** `value` when it is already a `CallToolResult` (a `content` array of typed blocks). */
function asCallToolResult(value: unknown): CallToolResult | undefined {
  if (!isRecord(value) || !Array.isArray(value.content)) return undefined;
  const content = value.content.filter(
    (block): block is Record<string, unknown> => isRecord(block) && typeof block.type === "string",
  );
  if (content.length !== value.content.length) return undefined;
  return {
    content,
    ...(isRecord(value.structuredContent) && { structuredContent: value.structuredContent }),
    ...(value.isError === true && { isError: true }),
    ...(isRecord(value._meta) && { _meta: value._meta }),
  };
}

/**
 * A tool's output as the `CallToolResult` its app expects. Output that is one already (the JSON a
 * server writes for an MCP tool) is passed as it is; other JSON becomes its text with the object
 * as `structuredContent`; plain text becomes a text block.
 */
export function callToolResultOf(output: unknown): CallToolResult {
  if (typeof output === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(output);
    } catch {
      return textResult(output);
    }
    return (
      asCallToolResult(parsed) ?? {
        ...textResult(output),
        ...(isRecord(parsed) && { structuredContent: parsed }),
      }
    );
  }
  return (
    asCallToolResult(output) ?? {
      ...textResult(JSON.stringify(output) ?? ""),
      ...(isRecord(output) && { structuredContent: output }),
    }
  );
}

/** The `CallToolResult` of a Crayon tool message: its content, or its error. */
export function callToolResultOfMessage(message: ToolMessage): CallToolResult {
  if (message.error) return textResult(message.error, true);
  if (typeof message.content === "string") return callToolResultOf(message.content);
  // Multimodal tool output: its text parts (media stays with the host's plain result).
  const text = message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
  return textResult(text.join("\n"));
}
