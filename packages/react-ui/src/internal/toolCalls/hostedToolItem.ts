import type { ToolMessage } from "@crayonai/stream";

/** Tool calls a Responses / Open Responses server runs itself, by their item type. */
const HOSTED_TYPES = new Set([
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
]);

/**
 * A tool call the server ran and described as an output item (`{ type: "web_search_call",
 * status, … }`), as the Open Responses adapter keeps it in the call's tool message: updated as
 * the server works (status, code, partial images), then the finished item.
 */
export type HostedToolItem = Record<string, unknown> & { type: string; status?: unknown };

/** The hosted tool item a tool message holds, or `undefined` when it holds anything else. */
export function hostedToolItem(result: ToolMessage | undefined): HostedToolItem | undefined {
  const content = result?.content;
  // Cheap test first: most tool messages are not hosted tool items.
  if (typeof content !== "string" || !content.startsWith("{") || !content.includes('"type"')) {
    return undefined;
  }
  try {
    const item = JSON.parse(content);
    return item && typeof item === "object" && HOSTED_TYPES.has(item.type) ? item : undefined;
  } catch {
    return undefined;
  }
}
