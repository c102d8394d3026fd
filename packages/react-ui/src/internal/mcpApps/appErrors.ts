/**
 * Why an MCP App cannot show, or why a request it made failed: a code to branch on and a clause
 * for the user, shown after the app's name ("the server answered 502 (…).").
 * - `resource_unavailable`: the UI resource could not be read (network, server error, refused);
 * - `resource_not_app`: the resource is not `text/html;profile=mcp-app` HTML;
 * - `resource_too_large`: the resource is over the size limit;
 * - `tool_not_allowed`: the app called a tool it may not call (model-only, or another server's);
 * - `request_failed`: a tool call or resource read the app asked for failed on the server;
 * - `sandbox_proxy_invalid`: the sandbox proxy URL is not an http(s) address on another origin.
 */
export type McpAppErrorCode =
  | "resource_unavailable"
  | "resource_not_app"
  | "resource_too_large"
  | "tool_not_allowed"
  | "request_failed"
  | "sandbox_proxy_invalid";

/** An MCP App failure with its {@link McpAppErrorCode}. */
export class McpAppError extends Error {
  readonly code: McpAppErrorCode;
  constructor(code: McpAppErrorCode, message: string) {
    super(message);
    this.name = "McpAppError";
    this.code = code;
  }
}

/** The route's own codes for an interface it would not serve, as the card's. */
const SERVER_CODES: Record<string, McpAppErrorCode> = {
  resource_wrong_type: "resource_not_app",
  resource_too_large: "resource_too_large",
};

/**
 * Posts `body` to one of the MCP App routes and returns its JSON, or throws an McpAppError: with
 * `forbidden` when the route answers 403, else with `failure`.
 */
export async function postToRoute(
  fetchImpl: typeof fetch,
  url: string,
  body: unknown,
  failure: McpAppErrorCode,
  forbidden: McpAppErrorCode = failure,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new McpAppError(failure, `the server could not be reached (${clause(error)}).`);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reported = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const message = reported?.message;
    const reason = clause(typeof message === "string" ? message : response.statusText);
    const code =
      SERVER_CODES[String(reported?.code)] ?? (response.status === 403 ? forbidden : failure);
    throw new McpAppError(
      code,
      `the server answered ${response.status}${reason ? ` (${reason})` : ""}.`,
    );
  }
  if (json === undefined) throw new McpAppError(failure, "the server's answer was not JSON.");
  return json;
}

/** An error's message (or any value) as a clause: without its closing full stop. */
const clause = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).trim().replace(/\.$/, "");
