import type { McpAppsOptions, McpAppTool } from "@crayonai/react-ui";
import client from "./appClient.js?raw";
import clock from "./clock.html?raw";
import flood from "./hostile-flood.html?raw";
import grow from "./hostile-grow.html?raw";
import modelOnly from "./hostile-model-only.html?raw";
import navigate from "./hostile-navigate.html?raw";
import openWindow from "./hostile-open-window.html?raw";
import otherCall from "./hostile-other-call.html?raw";
import readHost from "./hostile-read-host.html?raw";

// An in-browser stand-in for the server's MCP App routes (`@crayonai/server/mcp`), serving the
// fixture apps: what the stories and their browser checks run against. Every request is
// recorded on `window.__mcpAppRequests` for the checks.

/** The base URL the stories give `mcpApps`. */
export const FAKE_ENDPOINT = "/mcp-fake";

/** The interface limit of the stories (small, so one fixture can be over it). */
export const FAKE_MAX_BYTES = 64_000;

const MIME = "text/html;profile=mcp-app";

/** A fixture with the app client in place of its `<!-- app-client -->` marker. */
const app = (html: string) => html.replace("<!-- app-client -->", `<script>${client}</script>`);

const tool = (
  server: string,
  name: string,
  resourceUri: string | undefined,
  visibility: McpAppTool["visibility"] = ["model", "app"],
): McpAppTool => ({
  name,
  server,
  tool: name,
  title: name.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase()),
  visibility,
  ...(resourceUri && { ui: { resourceUri } }),
});

/** The tools the fake routes list. */
export const FAKE_TOOLS: McpAppTool[] = [
  { ...tool("clock", "get_time", "ui://clock/app.html"), title: "World clock" },
  tool("clock", "refresh_time", "ui://clock/app.html", ["app"]),
  { ...tool("hostile", "snoop", "ui://hostile/read-host.html"), title: "Snooper" },
  { ...tool("hostile", "hijack", "ui://hostile/navigate.html"), title: "Hijacker" },
  { ...tool("hostile", "open_links", "ui://hostile/open-window.html"), title: "Link opener" },
  { ...tool("hostile", "impersonate", "ui://hostile/other-call.html"), title: "Impostor" },
  { ...tool("hostile", "balloon", "ui://hostile/grow.html"), title: "Balloon" },
  { ...tool("hostile", "flood", "ui://hostile/flood.html"), title: "Flood" },
  { ...tool("hostile", "escalate", "ui://hostile/model-only.html"), title: "Escalator" },
  tool("hostile", "delete_everything", undefined, ["model"]),
  tool("mail", "read_mail", undefined, ["app"]),
  { ...tool("broken", "broken_app", "ui://broken/app.html"), title: "Disconnected app" },
  { ...tool("broken", "wrong_type_app", "ui://broken/wrong.html"), title: "Plain page" },
  { ...tool("broken", "huge_app", "ui://broken/huge.html"), title: "Huge app" },
];

const RESOURCES: Record<string, { html: string; mimeType?: string }> = {
  "ui://clock/app.html": { html: app(clock) },
  "ui://hostile/read-host.html": { html: app(readHost) },
  "ui://hostile/navigate.html": { html: app(navigate) },
  "ui://hostile/open-window.html": { html: app(openWindow) },
  "ui://hostile/other-call.html": { html: app(otherCall) },
  "ui://hostile/grow.html": { html: app(grow) },
  "ui://hostile/flood.html": { html: app(flood) },
  "ui://hostile/model-only.html": { html: app(modelOnly) },
  "ui://broken/wrong.html": { html: "<!doctype html><p>Not an app</p>", mimeType: "text/html" },
  "ui://broken/huge.html": { html: app(`<!doctype html><p>${"x".repeat(FAKE_MAX_BYTES)}</p>`) },
};

/** The clock's answer: the same time every run, so screenshots do not change. */
export const clockResult = (timezone: string) => ({
  content: [{ type: "text", text: `14:05 in ${timezone}` }],
  structuredContent: { time: "14:05", timezone },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refuse = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

declare global {
  interface Window {
    __mcpAppRequests?: { path: string; body: unknown }[];
  }
}

/** The fake routes, as the `fetch` of `mcpApps`. */
export const fakeMcpFetch: typeof fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const path = url.slice(url.indexOf(FAKE_ENDPOINT) + FAKE_ENDPOINT.length);
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  window.__mcpAppRequests ??= [];
  window.__mcpAppRequests.push({ path, body });
  if (path === "/tools") return json({ tools: FAKE_TOOLS });
  if (path === "/resources/read") {
    if (body.uri === "ui://broken/app.html") {
      return refuse(502, "server_disconnected", "The MCP server disconnected.");
    }
    const resource = RESOURCES[body.uri];
    if (!resource) return refuse(404, "not_found", `No resource ${body.uri}.`);
    return json({
      contents: [{ uri: body.uri, mimeType: resource.mimeType ?? MIME, text: resource.html }],
    });
  }
  if (path === "/tools/call") {
    // The route's own rule, as the real server applies it: app-visible tools of that server only.
    const listed = FAKE_TOOLS.find((t) => t.server === body.server && t.tool === body.name);
    if (!listed?.visibility.includes("app")) {
      return refuse(403, "tool_not_allowed", `${body.name} is not callable by apps.`);
    }
    return json(clockResult(String(body.arguments?.timezone ?? "UTC")));
  }
  return refuse(404, "not_found", `No route ${path}.`);
};

/** The `mcpApps` option of the stories. */
export const FAKE_MCP_APPS: McpAppsOptions = {
  endpoint: FAKE_ENDPOINT,
  fetch: fakeMcpFetch,
  maxResourceBytes: FAKE_MAX_BYTES,
};
