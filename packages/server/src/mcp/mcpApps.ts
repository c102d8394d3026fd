import type { CallToolResult } from "@modelcontextprotocol/client";
import { appResource, type McpAppResource } from "./appResource";
import { McpAppsError } from "./mcpAppsError";
import { mcpRoutes } from "./mcpRoutes";
import { type McpServerConfig, ServerConnection } from "./serverConnection";
import {
  appToolJson,
  type CatalogueTool,
  defaultToolName,
  listCatalogue,
  type McpAppTool,
  type McpModelTool,
  type McpServerFailure,
  type ToolNamer,
} from "./toolCatalogue";

/**
 * Decides whether a request may use the MCP Apps routes: for `POST` routes it gets the thread
 * the request acts in (`threadId` of the body), so that a user only touches their own threads.
 * Return `true` to go on, `false` to refuse (403), or a `Response` to answer yourself (a 401).
 */
export type McpAuthorize = (
  request: Request,
  threadId: string | undefined,
) => boolean | Response | Promise<boolean | Response>;

/** Options of {@link createMcpApps}. */
export type McpAppsOptions = {
  /**
   * The MCP servers, by a name of your choice (`[A-Za-z0-9_-]`, at most 32 characters): a
   * command to run (`{ command, args?, env?, cwd? }`, spoken to over stdio) or a URL
   * (`{ url, headers? }`, Streamable HTTP). Each is started or connected on first use.
   */
  servers: Record<string, McpServerConfig>;
  /**
   * Runs before every route (see {@link McpAuthorize}). Default: every request is allowed,
   * which suits an app without users only.
   */
  authorize?: McpAuthorize;
  /** Where {@link McpApps.handle} is mounted. Default `"/api/mcp"`. */
  basePath?: string;
  /** The largest app HTML served, in bytes; a bigger one is `resource_too_large`. Default 5 MiB. */
  maxResourceBytes?: number;
  /** The largest request body, in bytes (a tool call's arguments). Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long one request to a server may take, in ms. Default 60 000. */
  timeoutMs?: number;
  /** The tools' names as the model sees them. Default `<server>__<tool>` ({@link defaultToolName}). */
  toolName?: ToolNamer;
  /** Where servers' stderr and unexpected failures are reported. Default `console.error`. */
  log?: (message: string, error?: unknown) => void;
};

/** The MCP Apps of some MCP servers: their tools for the agent, and routes for the UI. */
export type McpApps = {
  /**
   * Every tool of the configured servers with its interface, as `GET {base}/tools` lists it,
   * and the servers that could not be listed.
   */
  tools(): Promise<{ tools: McpAppTool[]; errors: McpServerFailure[] }>;
  /**
   * The tools the model may call (visibility includes `model`), to declare to it. A server
   * that cannot be reached is left out (and logged).
   */
  modelTools(): Promise<McpModelTool[]>;
  /**
   * Calls a tool the model asked for, by its model name; `signal` cancels it (the server is
   * told). Resolves to the MCP `CallToolResult` (a tool's own failure is `isError: true`);
   * rejects with an {@link McpAppsError}: `unknown_tool`, `tool_not_allowed` (an app-only
   * tool), `server_unavailable`, `server_disconnected` (it went away mid-call), `timeout`,
   * `cancelled`, `server_error`.
   */
  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<CallToolResult>;
  /**
   * The routes the UI calls, as one web-standard handler mounted at `basePath`:
   * `GET {base}/tools`, `POST {base}/resources/read` `{ threadId, server, uri }` and
   * `POST {base}/tools/call` `{ threadId, server, name, arguments }`. See the MCP Apps guide.
   */
  handle(request: Request): Promise<Response>;
  /** Disconnects from every server (stdio servers' processes end). */
  close(): Promise<void>;
};

/** A configured server's name: short, and safe in a model's tool name. */
const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const DEFAULT_MAX_RESOURCE_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Connects a Crayon app to MCP servers whose tools ship an interface (MCP Apps, the
 * `io.modelcontextprotocol/ui` extension): the agent lists and calls their tools
 * (`modelTools`, `callTool`), and the chat's UI reads each app's HTML and calls app-only tools
 * through `handle`, limited to the configured servers and tools and to the user's threads
 * (`authorize`). The clients advertise the MCP Apps extension, so servers send their UI
 * metadata. Node only.
 *
 * @example
 * ```ts
 * // lib/mcp.ts
 * export const mcp = createMcpApps({
 *   servers: { weather: { command: "npx", args: ["-y", "my-weather-mcp", "--stdio"] } },
 *   authorize: async (request, threadId) =>
 *     threadId === undefined || (await ownsThread(await currentUser(request), threadId)),
 * });
 * // app/api/mcp/[...path]/route.ts
 * export const GET = mcp.handle;
 * export const POST = mcp.handle;
 * ```
 */
export function createMcpApps(options: McpAppsOptions): McpApps {
  const log = options.log ?? ((message, error) => console.error(message, error ?? ""));
  const connectionOptions = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, log };
  const connections = Object.entries(options.servers).map(([name, config]) => {
    if (!SERVER_NAME.test(name))
      throw new TypeError(
        `MCP server name ${JSON.stringify(name)} must be 1 to 32 characters of [A-Za-z0-9_-].`,
      );
    return new ServerConnection(name, config, connectionOptions);
  });
  const byName = new Map(connections.map((connection) => [connection.name, connection]));
  const nameOf = options.toolName ?? defaultToolName;
  const maxResourceBytes = options.maxResourceBytes ?? DEFAULT_MAX_RESOURCE_BYTES;

  const catalogue = () => listCatalogue(connections, nameOf, (message) => log(message));

  const connectionOf = (server: string): ServerConnection => {
    const connection = byName.get(server);
    if (!connection) throw new McpAppsError("unknown_server", `There is no MCP server ${server}.`);
    return connection;
  };

  /** A tool of `server` by its MCP name, from that server's listing. */
  const serverTool = async (server: string, tool: string): Promise<CatalogueTool> => {
    connectionOf(server);
    const { tools, errors } = await catalogue();
    const failed = errors.find((failure) => failure.server === server);
    if (failed) throw new McpAppsError(failed.code, failed.message);
    const found = tools.find((entry) => entry.server === server && entry.tool === tool);
    if (!found) throw new McpAppsError("unknown_tool", `MCP server ${server} has no tool ${tool}.`);
    return found;
  };

  const apps: McpApps = {
    async tools() {
      const { tools, errors } = await catalogue();
      return { tools: tools.map(appToolJson), errors };
    },

    async modelTools() {
      const { tools, errors } = await catalogue();
      for (const failure of errors)
        log(`MCP server ${failure.server} is left out: ${failure.message}`);
      return tools
        .filter((tool) => tool.visibility.includes("model"))
        .map(({ name, description, inputSchema, server, tool, ui }) => ({
          name,
          ...(description && { description }),
          inputSchema,
          server,
          tool,
          hasApp: ui !== undefined,
        }));
    },

    async callTool(name, args = {}, callOptions = {}) {
      const { tools } = await catalogue();
      const found = tools.find((tool) => tool.name === name);
      if (!found) throw new McpAppsError("unknown_tool", `There is no MCP tool ${name}.`);
      if (!found.visibility.includes("model"))
        throw new McpAppsError("tool_not_allowed", `MCP tool ${name} is not for the model.`);
      return connectionOf(found.server).callTool(found.tool, args, callOptions.signal);
    },

    handle: mcpRoutes({
      basePath: options.basePath ?? "/api/mcp",
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      authorize: options.authorize ?? (() => true),
      log,
      listTools: () => apps.tools(),
      async readResource(server, uri, signal): Promise<McpAppResource> {
        const connection = connectionOf(server);
        const { tools } = await catalogue();
        const declared = tools.some(
          (tool) => tool.server === server && tool.ui?.resourceUri === uri,
        );
        if (!declared)
          throw new McpAppsError(
            "resource_not_allowed",
            `No tool of MCP server ${server} shows ${uri}.`,
          );
        const result = await connection.readResource(uri, signal);
        return appResource(result, uri, maxResourceBytes);
      },
      async callAppTool(server, name, args, signal) {
        const tool = await serverTool(server, name);
        if (!tool.visibility.includes("app"))
          throw new McpAppsError("tool_not_allowed", `MCP tool ${name} is not for apps.`);
        return connectionOf(server).callTool(name, args, signal);
      },
    }),

    async close() {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
  return apps;
}
