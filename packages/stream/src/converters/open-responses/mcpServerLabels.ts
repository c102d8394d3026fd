import { isRecord } from "../../internal/jsonData";
import type { Message } from "../../message";
import { parseJSON } from "./parseJSON";

/**
 * Finds the MCP server of an approval request, which the request item needs
 * (`server_label`) and a Crayon tool call does not keep: the server whose call answered the
 * request, or whose listed tools include the requested tool, in the thread's finished
 * `mcp_call` and `mcp_list_tools` items; failing both, the only MCP server the thread names.
 */
export function mcpServerLabels(
  messages: readonly Message[],
): (requestId: string, toolName: string) => string | undefined {
  const byRequest = new Map<string, string>();
  const byTool = new Map<string, string>();
  const labels = new Set<string>();
  for (const message of messages) {
    if (message.role !== "tool" || typeof message.content !== "string") continue;
    if (!message.content.includes('"server_label"')) continue;
    const item = parseJSON(message.content);
    if (!isRecord(item) || typeof item.server_label !== "string") continue;
    const label = item.server_label;
    if (item.type === "mcp_call") {
      labels.add(label);
      if (typeof item.approval_request_id === "string")
        byRequest.set(item.approval_request_id, label);
      if (typeof item.name === "string") byTool.set(item.name, label);
    } else if (item.type === "mcp_list_tools") {
      labels.add(label);
      for (const tool of Array.isArray(item.tools) ? item.tools : []) {
        if (isRecord(tool) && typeof tool.name === "string") byTool.set(tool.name, label);
      }
    }
  }
  const [only] = labels;
  return (requestId, toolName) =>
    byRequest.get(requestId) ?? byTool.get(toolName) ?? (labels.size === 1 ? only : undefined);
}
