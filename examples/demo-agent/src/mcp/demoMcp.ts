import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  createMcpApps,
  type McpApps,
  type McpAuthorize,
  type McpModelTool,
  type McpServerConfig,
} from "@crayonai/server/mcp";
import { demoMcpApps } from "./demoMcpApps";

const require = createRequire(import.meta.url);

/** The npm package of each demo MCP server, by its name in {@link demoMcpApps}. */
const PACKAGES: Record<string, string> = {
  "basic-react": "@modelcontextprotocol/server-basic-react",
  "basic-vanillajs": "@modelcontextprotocol/server-basic-vanillajs",
  "system-monitor": "@modelcontextprotocol/server-system-monitor",
};

/**
 * The demo's MCP servers, run over stdio from their installed packages (no network): each
 * package's CLI with `--stdio`. The packages export only their server module; the CLI is the
 * `index.js` beside it.
 */
export function demoMcpServers(): Record<string, McpServerConfig> {
  const servers: Record<string, McpServerConfig> = {};
  for (const { server } of Object.values(demoMcpApps)) {
    const cli = join(dirname(require.resolve(PACKAGES[server]!)), "index.js");
    servers[server] = { command: process.execPath, args: [cli, "--stdio"] };
  }
  return servers;
}

/** The demo agent's MCP Apps, and which of the model's tool names are theirs. */
export type DemoMcp = {
  apps: McpApps;
  /** The tools the model may call (and, from then on, what {@link DemoMcp.toolOf} knows). */
  modelTools(): Promise<McpModelTool[]>;
  /**
   * The MCP server and tool behind a model's tool name, from the last {@link DemoMcp.modelTools}:
   * an Open Responses stream writes the call as an `mcp_call` of that server.
   */
  toolOf(name: string): { server: string; tool: string } | undefined;
};

/** {@link DemoMcp} for `servers`; routes mounted at `basePath`, limited by `authorize`. */
export function createDemoMcp(
  servers: Record<string, McpServerConfig>,
  options: { basePath: string; authorize: McpAuthorize },
): DemoMcp {
  const apps = createMcpApps({ servers, ...options });
  const known = new Map<string, { server: string; tool: string }>();
  return {
    apps,
    async modelTools() {
      const tools = await apps.modelTools();
      for (const { name, server, tool } of tools) known.set(name, { server, tool });
      return tools;
    },
    toolOf: (name) => known.get(name),
  };
}
