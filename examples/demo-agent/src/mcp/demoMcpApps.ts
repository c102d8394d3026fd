/**
 * The MCP Apps the demo agent's `/mcp` calls: published example servers from npm (installed as
 * dev dependencies, run over stdio), each with a tool whose result shows the server's own
 * interface. Browser-safe: names only.
 */
export const demoMcpApps = {
  /** `get-time` of the React example: shows the server's time, with buttons. */
  react: { server: "basic-react", tool: "get-time", label: "React example" },
  /** The same tool in the vanilla JavaScript example (its result has `structuredContent`). */
  vanilla: { server: "basic-vanillajs", tool: "get-time", label: "vanilla JavaScript example" },
  /**
   * `get-system-info` of the system monitor, whose interface then polls `poll-system-stats`, a
   * tool only apps may call.
   */
  monitor: { server: "system-monitor", tool: "get-system-info", label: "system monitor" },
} as const;

/** Which of {@link demoMcpApps} a `/mcp` command names. */
export type DemoMcpAppName = keyof typeof demoMcpApps;

/** A demo app's tool as the model sees it (`@crayonai/server/mcp`'s default `<server>__<tool>`). */
export const demoMcpToolName = (app: DemoMcpAppName) =>
  `${demoMcpApps[app].server}__${demoMcpApps[app].tool}`;
