// Which Responses items are tool calls, and who runs them: the split the Open Responses adapter
// makes, by the item's shape.
import { errorMessage } from "../../adapters/openai/errorMessage";

/**
 * Item types that are tool calls (`function_call`, `web_search_call`, `mcp_call`,
 * `mcp_list_tools`, `mcp_approval_request`, …). Output items (`…_call_output`) and the user's
 * `mcp_approval_response` are not.
 */
const TOOL_ITEM = /_call$|^mcp_(?!approval_response$)/;

/** True for a tool call item: one the app runs when it has a `call_id`, else one the provider runs. */
export function isToolCallItem(type: string): boolean {
  return TOOL_ITEM.test(type);
}

/**
 * True for a tool call item the provider runs itself (web and file search, code interpreter,
 * image generation, MCP calls and tool lists): it has no `call_id`, and the finished item is
 * the call's result.
 */
export function isHostedToolItem(item: Record<string, unknown>): boolean {
  return (
    typeof item.type === "string" &&
    isToolCallItem(item.type) &&
    !item.call_id &&
    item.type !== "mcp_approval_request"
  );
}

/**
 * The tool call item types, besides `function_call`, that the app runs and this converter
 * writes back as their own type: a Crayon call named by one of them (an item without a `name`
 * is named by its type) is sent as that item.
 */
export const CLIENT_TOOL_CALLS: ReadonlySet<string> = new Set([
  "custom_tool_call",
  "local_shell_call",
  "shell_call",
  "computer_call",
  "apply_patch_call",
]);

/**
 * Why a finished hosted tool call item failed: its `error`, else its status when that is
 * `failed` or `incomplete`; `undefined` when it did not.
 */
export function hostedToolError({ type, status, error }: Record<string, unknown>) {
  return error != null
    ? errorMessage(error)
    : status === "failed" || status === "incomplete"
      ? `The ${type} ${status}.`
      : undefined;
}
