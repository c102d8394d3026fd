/**
 * `@crayonai/server/mcp`: MCP Apps (the `io.modelcontextprotocol/ui` extension) for a Crayon
 * app: MCP clients for the agent's tool calls, and the routes the chat's UI reads an app's HTML
 * and calls app-only tools through. Node only; needs `@modelcontextprotocol/client`.
 *
 * @packageDocumentation
 */

export type { McpAppResource } from "./appResource";
export {
  createMcpApps,
  type McpApps,
  type McpAppsOptions,
  type McpAuthorize,
} from "./mcpApps";
export { McpAppsError, type McpAppsErrorBody, type McpAppsErrorCode } from "./mcpAppsError";
export { type McpAppSandboxProxyOptions, mcpAppSandboxProxy } from "./sandboxProxy";
export {
  MCP_APPS_EXTENSION,
  type McpHttpServer,
  type McpServerConfig,
  type McpStdioServer,
} from "./serverConnection";
export {
  defaultToolName,
  type McpAppTool,
  type McpModelTool,
  type McpServerFailure,
  type ToolNamer,
} from "./toolCatalogue";
export {
  MCP_APP_MIME_TYPE,
  type McpAppCsp,
  type McpAppPermissions,
  type McpAppResourceUi,
  type McpToolVisibility,
} from "./uiMeta";
