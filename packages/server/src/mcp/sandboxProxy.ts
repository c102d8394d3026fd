import { sandboxProxyPage } from "./sandboxProxyPage";

/** Options of {@link mcpAppSandboxProxy}. */
export type McpAppSandboxProxyOptions = {
  /**
   * The origins of the chat pages that show apps through this proxy (`"https://chat.example.com"`):
   * only they may frame it, and it talks to them only. At least one.
   */
  hostOrigins: readonly string[];
};

/**
 * The outer bound of what an app may load, for the page and, inherited, the app's frame in it:
 * the page runs its own inline script and style only, while each app's frame narrows this to
 * what its resource declares (its policy comes first in its document). Only the listed origins
 * may frame the page.
 */
function pagePolicy(hosts: readonly string[]): string {
  const web = "http: https:";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${web}`,
    `style-src 'unsafe-inline' ${web}`,
    `img-src data: ${web}`,
    `font-src data: ${web}`,
    `media-src data: ${web}`,
    `connect-src ${web} ws: wss:`,
    `frame-src ${web}`,
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${hosts.join(" ")}`,
  ].join("; ");
}

/** `origin` as `scheme://host[:port]` of http or https, exactly, or an error saying it is not. */
function checkedOrigin(origin: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  const web = parsed?.protocol === "https:" || parsed?.protocol === "http:";
  if (!parsed || !web || parsed.origin !== origin) {
    throw new TypeError(
      `mcpAppSandboxProxy: "${origin}" is not an origin such as "https://chat.example.com".`,
    );
  }
  return origin;
}

/**
 * A web-standard handler serving the MCP Apps sandbox proxy page, for a chat that shows apps
 * through it (`CrayonChat`'s `mcpApps.sandboxProxyUrl`). Serve it on an origin of its own, never
 * the chat's (another subdomain or port): the page refuses to run on the chat's origin. It shows
 * one app in a sandboxed frame (scripts and forms only, an opaque origin) under the policy its
 * resource declares, and relays the app's messages to and from the chat's origin only.
 *
 * Its response is the same static HTML for every request, with strict headers: only
 * `hostOrigins` may frame it (`frame-ancestors`); no plugins or form submissions; no camera,
 * microphone or geolocation; no referrer; no MIME sniffing. It answers `GET` and `HEAD`, and 405
 * to anything else.
 *
 * @example
 * ```ts
 * // On https://mcp-sandbox.example.com, with the chat on https://chat.example.com:
 * const proxy = mcpAppSandboxProxy({ hostOrigins: ["https://chat.example.com"] });
 * export const GET = proxy;
 * // and in the chat: <CrayonChat mcpApps={{ endpoint: "/api/mcp",
 * //   sandboxProxyUrl: "https://mcp-sandbox.example.com/" }} … />
 * ```
 */
export function mcpAppSandboxProxy(
  options: McpAppSandboxProxyOptions,
): (request: Request) => Response {
  const hosts = (options.hostOrigins ?? []).map(checkedOrigin);
  if (hosts.length === 0) throw new TypeError("mcpAppSandboxProxy: list at least one host origin.");
  const html = sandboxProxyPage(hosts);
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": pagePolicy(hosts),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), clipboard-write=()",
    "cache-control": "no-cache",
  };
  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    return new Response(request.method === "HEAD" ? null : html, { headers });
  };
}
