import type {
  OpenResponsesMcpApprovalRequestItem,
  OpenResponsesMcpCallItem,
  OpenResponsesMcpListToolsItem,
} from "@crayonai/stream/converters/open-responses";

/**
 * The MCP server the demo agent's approval tools belong to over `open-responses`, where a tool
 * call that needs the user's approval is an `mcp_approval_request` of a remote MCP server's tool.
 */
export const demoMcpServer = "demo";

/**
 * The tools of {@link demoMcpServer} as the server lists them before asking about one of them,
 * as a Responses server does: the list names the server of the request, which the client needs
 * to send its answer back.
 */
export function mcpListToolsItem(
  approvalId: string,
  toolName: string,
): OpenResponsesMcpListToolsItem {
  return {
    id: `mcpl_${approvalId}`,
    type: "mcp_list_tools",
    server_label: demoMcpServer,
    tools: [{ name: toolName, input_schema: { type: "object" } }],
  };
}

/** The request to approve a call of `name` with `args`, under the Crayon approval's id. */
export function mcpApprovalRequestItem(
  approvalId: string,
  name: string,
  args: string,
): OpenResponsesMcpApprovalRequestItem {
  return {
    id: approvalId,
    type: "mcp_approval_request",
    server_label: demoMcpServer,
    name,
    arguments: args,
  };
}

/**
 * The approved call run, with its output: what a Responses server streams after the user
 * approved the request `approvalId` (the call's id in the thread).
 */
export function mcpCallItem(
  approvalId: string,
  call: { name: string; arguments: string },
  output?: string,
): OpenResponsesMcpCallItem {
  return {
    id: `mcp_${approvalId}`,
    type: "mcp_call",
    server_label: demoMcpServer,
    name: call.name,
    arguments: call.arguments,
    approval_request_id: approvalId,
    ...(output === undefined
      ? { status: "in_progress" as const }
      : { status: "completed" as const, output, error: null }),
  };
}
