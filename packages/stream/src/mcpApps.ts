/**
 * The shape of an MCP App tool (the `io.modelcontextprotocol/ui` extension) as a Crayon server
 * lists it and a Crayon UI reads it: declared once here, where both the server
 * (`@crayonai/server/mcp`) and the UI (`@crayonai/react-ui`) take it from. Types only.
 */

/** Who may call a tool: the model (the agent), the app (its interface, through the host), or both. */
export type McpToolVisibility = "model" | "app";

/** The origins an MCP App may reach, per CSP directive (see the MCP Apps spec's `McpUiResourceCsp`). */
export type McpAppCsp = {
  /** `connect-src`: fetch, XHR, WebSocket. */
  connectDomains?: string[];
  /** `img-src`, `script-src`, `style-src`, `font-src`, `media-src`. */
  resourceDomains?: string[];
  /** `frame-src`: nested iframes. */
  frameDomains?: string[];
  /** `base-uri`. */
  baseUriDomains?: string[];
};

/** The browser features an MCP App asks for (each maps to a Permission Policy feature). */
export type McpAppPermissions = {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
};

/** How an MCP App's resource asks to be shown: its CSP, permissions, origin and border. */
export type McpAppResourceUi = {
  csp?: McpAppCsp;
  permissions?: McpAppPermissions;
  /** A dedicated sandbox origin the app asks for (host-dependent). */
  domain?: string;
  /** Whether the app wants the host to draw a border and background around it. */
  prefersBorder?: boolean;
};

/**
 * A tool of one of an app's MCP servers, as the server's MCP App routes list it
 * (`GET {endpoint}/tools`) for the UI to tell which tool calls have an interface: by `name`
 * (what the model calls it), or by `server` and `tool` (an Open Responses `mcp_call` names its
 * server label and the MCP tool). A tool with `ui.resourceUri` is an MCP App: its calls render
 * the server's own interface.
 */
export type McpAppTool = {
  /** The tool's name as the model sees it (and as tool calls name it): `<server>__<tool>` by default. */
  name: string;
  /** The name of the MCP server it belongs to, as the app configured it. */
  server: string;
  /** The tool's name on its MCP server. */
  tool: string;
  /** A title for people. */
  title?: string;
  description?: string;
  /** Who may call it: `model` (the agent), `app` (its interface, through the routes), or both. */
  visibility: McpToolVisibility[];
  /** Its interface, when it has one: the `ui://` resource to render and how it asks to be shown. */
  ui?: { resourceUri: string } & McpAppResourceUi;
};
