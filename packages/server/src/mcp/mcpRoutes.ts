import type { CallToolResult } from "@modelcontextprotocol/client";
import { declaredTooLarge, readLimitedBody } from "../threads/limitedBody";
import { ID_LIMIT } from "../threads/stringLimits";
import type { McpAppResource } from "./appResource";
import type { McpAuthorize } from "./mcpApps";
import { McpAppsError } from "./mcpAppsError";
import type { McpAppTool, McpServerFailure } from "./toolCatalogue";
import { isRecord, uiResourceUri } from "./uiMeta";

/** What the routes need of the MCP Apps they serve. */
export type McpRoutesDeps = {
  basePath: string;
  maxBodyBytes: number;
  authorize: McpAuthorize;
  log: (message: string, error?: unknown) => void;
  listTools(): Promise<{ tools: McpAppTool[]; errors: McpServerFailure[] }>;
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpAppResource>;
  callAppTool(
    server: string,
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<CallToolResult>;
};

/** The routes, by path below the base, and the method each answers. */
const ROUTES = { tools: "GET", "resources/read": "POST", "tools/call": "POST" } as const;
type Route = keyof typeof ROUTES;

/** The longest server or tool name a body may give (longer ones cannot be configured). */
const NAME_LIMIT = 128;

const bad = (message: string) => new McpAppsError("bad_request", message);

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/** The route `pathname` names below `basePath`, if any. */
function routeOf(pathname: string, basePath: string): Route | undefined {
  const base = basePath.replace(/\/+$/, "");
  if (!pathname.startsWith(`${base}/`)) return undefined;
  const rest = pathname.slice(base.length + 1);
  return Object.hasOwn(ROUTES, rest) ? (rest as Route) : undefined;
}

/** A required string field of the body, at most `limit` characters. */
function field(body: Record<string, unknown>, key: string, limit: number): string {
  const value = body[key];
  if (typeof value !== "string" || value === "")
    throw bad(`The body must have \`${key}\`, a non-empty string.`);
  if (value.length > limit) throw bad(`\`${key}\` is longer than ${limit} characters.`);
  return value;
}

/** The request's body as a JSON object, or the error that refuses it. */
async function readBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const body = await readLimitedBody(request, maxBytes);
  if (body.tooLarge)
    throw new McpAppsError("payload_too_large", `The body is larger than ${maxBytes} bytes.`);
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    throw bad("The body must be JSON.");
  }
  if (!isRecord(value)) throw bad("The body must be a JSON object.");
  return value;
}

/**
 * The MCP Apps routes as one web-standard handler. Each validates its body, then asks
 * `authorize` (with the body's thread), then acts; every failure is an {@link McpAppsError}'s
 * JSON. The request's signal cancels a tool call whose client went away.
 */
export function mcpRoutes(deps: McpRoutesDeps): (request: Request) => Promise<Response> {
  const allowed = async (request: Request, threadId: string | undefined) => {
    const verdict = await deps.authorize(request, threadId);
    if (verdict instanceof Response) return verdict;
    if (verdict !== true) throw new McpAppsError("forbidden", "This request is not allowed.");
    return undefined;
  };

  const answer = async (request: Request): Promise<Response> => {
    const route = routeOf(new URL(request.url).pathname, deps.basePath);
    if (!route) throw new McpAppsError("not_found", "There is no such MCP Apps route.");
    if (request.method !== ROUTES[route]) {
      const error = new McpAppsError(
        "method_not_allowed",
        `${request.method} is not allowed here.`,
      );
      return error.toResponse({ allow: ROUTES[route] });
    }
    if (route === "tools") {
      const refused = await allowed(request, undefined);
      return refused ?? json(await deps.listTools());
    }
    // Refused on its word alone: nothing is read, nobody is asked.
    if (declaredTooLarge(request, deps.maxBodyBytes))
      throw new McpAppsError(
        "payload_too_large",
        `The body is larger than ${deps.maxBodyBytes} bytes.`,
      );
    const body = await readBody(request, deps.maxBodyBytes);
    const threadId = field(body, "threadId", ID_LIMIT);
    const server = field(body, "server", NAME_LIMIT);
    if (route === "resources/read") {
      const uri = uiResourceUri(body.uri);
      if (!uri) throw bad("The body must have `uri`, a `ui://` URI.");
      const refused = await allowed(request, threadId);
      return refused ?? json(await deps.readResource(server, uri, request.signal));
    }
    const name = field(body, "name", NAME_LIMIT);
    const args = body.arguments ?? {};
    if (!isRecord(args)) throw bad("`arguments` must be a JSON object.");
    const refused = await allowed(request, threadId);
    return refused ?? json(await deps.callAppTool(server, name, args, request.signal));
  };

  return async (request) => {
    try {
      return await answer(request);
    } catch (error) {
      if (error instanceof McpAppsError) return error.toResponse();
      deps.log("The MCP Apps route failed:", error);
      return new McpAppsError("internal_error", "The MCP Apps route failed.").toResponse();
    }
  };
}
