/** What went wrong, as a program reads it. Each code has one HTTP status (see {@link McpAppsError}). */
export type McpAppsErrorCode =
  | "bad_request"
  | "forbidden"
  | "tool_not_allowed"
  | "resource_not_allowed"
  | "not_found"
  | "unknown_server"
  | "unknown_tool"
  | "method_not_allowed"
  | "payload_too_large"
  | "resource_too_large"
  | "resource_wrong_type"
  | "server_unavailable"
  | "server_disconnected"
  | "server_error"
  | "cancelled"
  | "timeout"
  | "internal_error";

const STATUS: Record<McpAppsErrorCode, number> = {
  bad_request: 400,
  forbidden: 403,
  tool_not_allowed: 403,
  resource_not_allowed: 403,
  not_found: 404,
  unknown_server: 404,
  unknown_tool: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  // 499 is what proxies log for a client that went away; nobody reads this answer.
  cancelled: 499,
  internal_error: 500,
  resource_too_large: 502,
  resource_wrong_type: 502,
  server_unavailable: 502,
  server_disconnected: 502,
  server_error: 502,
  timeout: 504,
};

/** The JSON body of every failed MCP Apps route: `{ error: { code, message } }`. */
export type McpAppsErrorBody = { error: { code: McpAppsErrorCode; message: string } };

/**
 * A failure of `@crayonai/server/mcp`, typed by `code`: what `callTool` throws and what the
 * routes answer (`status`, and {@link McpAppsErrorBody} as the body). A server that went away
 * mid-call is `server_disconnected`; one that could not be started or reached
 * `server_unavailable`; a resource over the size limit `resource_too_large`, one of another mime
 * type `resource_wrong_type`; a call stopped by its signal `cancelled`.
 */
export class McpAppsError extends Error {
  override readonly name = "McpAppsError";
  /** The HTTP status the routes answer with. */
  readonly status: number;

  constructor(
    /** What went wrong. */
    readonly code: McpAppsErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = STATUS[code];
  }

  /** This error as the routes answer it. */
  toResponse(headers?: Record<string, string>): Response {
    const body: McpAppsErrorBody = { error: { code: this.code, message: this.message } };
    return new Response(JSON.stringify(body), {
      status: this.status,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...headers,
      },
    });
  }
}
