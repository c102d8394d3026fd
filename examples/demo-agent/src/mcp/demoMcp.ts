import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createMcpApps,
  type McpApps,
  type McpAuthorize,
  type McpModelTool,
  type McpServerConfig,
} from "@crayonai/server/mcp";
import { demoMcpApps } from "./demoMcpApps";

/** The npm package of each demo MCP server, by its name in {@link demoMcpApps}. */
const PACKAGES: Record<string, string> = {
  "basic-react": "@modelcontextprotocol/server-basic-react",
  "basic-vanillajs": "@modelcontextprotocol/server-basic-vanillajs",
  "system-monitor": "@modelcontextprotocol/server-system-monitor",
};

/** Where {@link demoMcpServers} looks for the demo MCP servers' packages. */
export type DemoMcpServersOptions = {
  /**
   * A directory the packages resolve from, as a module in it would resolve them (its
   * `node_modules`, then its parents'). Default: this module's own directory, which a bundle
   * (a Next.js route, say) may no longer sit beside: give it the demo agent's package directory
   * there, e.g. `join(process.cwd(), "node_modules/@crayonai/demo-agent")`.
   */
  from?: string;
  /**
   * Told of each server whose package cannot be found; the server is left out (and `/mcp` says
   * it has no such server). Default: a console warning.
   */
  onMissing?: (server: string, packageName: string, error: unknown) => void;
};

const warnMissing = (server: string, packageName: string, error: unknown) =>
  console.warn(
    `demo agent: the MCP server "${server}" is left out: its package ${packageName} cannot be found (${error instanceof Error ? error.message.split("\n")[0] : String(error)}). Install it, or pass demoMcpServers({ from }) the directory it is installed under.`,
  );

/**
 * The demo's MCP servers, run over stdio from their installed packages (no network): each
 * package's CLI with `--stdio`. The packages export only their server module; the CLI is the
 * `index.js` beside it. A package that cannot be found leaves its server out (see
 * {@link DemoMcpServersOptions.onMissing}) rather than failing the agent.
 */
export function demoMcpServers(
  options: DemoMcpServersOptions = {},
): Record<string, McpServerConfig> {
  const { from, onMissing = warnMissing } = options;
  // Node's own resolver, taken at run time: a bundler rewrites a `require.resolve` it can see
  // into its own module ids, which are no path on disk.
  const { createRequire } = process.getBuiltinModule("node:module");
  // `from` made absolute by `pathToFileURL`, not `path.resolve`: Next's file tracing reads a
  // `path.resolve` of a variable as access to anything, and would ship the whole project.
  const packages = createRequire(from ? pathToFileURL(`${from}/package.json`) : import.meta.url);
  const servers: Record<string, McpServerConfig> = {};
  for (const { server } of Object.values(demoMcpApps)) {
    const packageName = PACKAGES[server]!;
    let cli: string;
    try {
      cli = join(dirname(packages.resolve(packageName)), "index.js");
    } catch (error) {
      onMissing(server, packageName, error);
      continue;
    }
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
