import type { McpAppTool } from "@crayonai/stream";
import type { Tool } from "@modelcontextprotocol/client";
import { McpAppsError, type McpAppsErrorCode } from "./mcpAppsError";
import type { ServerConnection } from "./serverConnection";
import { boundedText, isRecord, type McpAppResourceUi, toolUi } from "./uiMeta";

export type { McpAppTool } from "@crayonai/stream";

/** A tool the model may call: what to declare to it, and where the call goes. */
export type McpModelTool = {
  /** Its name as the model sees it (unique across the configured servers). */
  name: string;
  description?: string;
  /** Its arguments' JSON Schema, as its server declares it. */
  inputSchema: Record<string, unknown>;
  /** The configured server's name. */
  server: string;
  /** The tool's name on its MCP server. */
  tool: string;
  /** Whether its result has an interface (an MCP App) to show. */
  hasApp: boolean;
};

/** A server that could not be listed, as `GET {base}/tools` reports it beside the others' tools. */
export type McpServerFailure = { server: string; code: McpAppsErrorCode; message: string };

/** One listed tool with what the routes and the agent need of it. */
export type CatalogueTool = McpAppTool & { inputSchema: Record<string, unknown> };

/** The most tools kept per server. */
const MAX_TOOLS_PER_SERVER = 500;
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 8000;

/** An MCP tool name the spec allows (1 to 128 characters, no spaces or control characters). */
const TOOL_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;

/** How tools are named for the model: the default joins the server's name and the tool's. */
export type ToolNamer = (server: string, tool: string) => string;

/**
 * The default model name of a tool: `<server>__<tool>`, with characters a model API refuses
 * (outside `[A-Za-z0-9_-]`) as `_`, at most 64 characters.
 */
export const defaultToolName: ToolNamer = (server, tool) =>
  `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);

function failureOf(server: string, error: unknown): McpServerFailure {
  const typed =
    error instanceof McpAppsError
      ? error
      : new McpAppsError("server_error", error instanceof Error ? error.message : String(error));
  return { server, code: typed.code, message: typed.message };
}

/** One server's listed tools, well-formed ones only. */
function serverTools(
  connection: ServerConnection,
  tools: Tool[],
  resources: Map<string, McpAppResourceUi | undefined>,
  nameOf: ToolNamer,
): CatalogueTool[] {
  const listed: CatalogueTool[] = [];
  for (const tool of tools.slice(0, MAX_TOOLS_PER_SERVER)) {
    if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name)) continue;
    const { resourceUri, visibility } = toolUi(tool._meta);
    const title = boundedText(tool.title ?? tool.annotations?.title, MAX_TITLE);
    const description = boundedText(tool.description, MAX_DESCRIPTION);
    // The resource's own metadata wins; what the tool's `_meta.ui` says of it is ignored.
    const ui = resourceUri && { resourceUri, ...(resources.get(resourceUri) ?? {}) };
    listed.push({
      name: nameOf(connection.name, tool.name),
      server: connection.name,
      tool: tool.name,
      ...(title && { title }),
      ...(description && { description }),
      visibility,
      ...(ui && { ui }),
      inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : { type: "object" },
    });
  }
  return listed;
}

/**
 * Every configured server's tools, in the order the servers were configured, and the servers
 * that could not be listed. A model name taken by an earlier tool is not given twice: the later
 * tool is left out (and reported).
 */
export async function listCatalogue(
  connections: readonly ServerConnection[],
  nameOf: ToolNamer,
  log: (message: string) => void,
): Promise<{ tools: CatalogueTool[]; errors: McpServerFailure[] }> {
  const listings = await Promise.all(
    connections.map(async (connection) => {
      try {
        const [tools, resources] = await Promise.all([
          connection.listTools(),
          connection.listResources().catch(() => new Map<string, McpAppResourceUi | undefined>()),
        ]);
        return { tools: serverTools(connection, tools, resources, nameOf) };
      } catch (error) {
        return { error: failureOf(connection.name, error) };
      }
    }),
  );
  const tools: CatalogueTool[] = [];
  const errors: McpServerFailure[] = [];
  const taken = new Set<string>();
  for (const listing of listings) {
    if (listing.error) {
      errors.push(listing.error);
      continue;
    }
    for (const tool of listing.tools) {
      if (taken.has(tool.name)) {
        log(`MCP tool ${tool.server}/${tool.tool} is left out: its name ${tool.name} is taken.`);
        continue;
      }
      taken.add(tool.name);
      tools.push(tool);
    }
  }
  return { tools, errors };
}

/** The tool as `GET {base}/tools` lists it (its input schema is the model's business). */
export function appToolJson({ inputSchema: _schema, ...tool }: CatalogueTool): McpAppTool {
  return tool;
}
