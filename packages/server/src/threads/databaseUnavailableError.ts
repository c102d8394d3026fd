/**
 * The database cannot be reached (refused, dropped mid-request, shutting down): a passing
 * condition, answered with 503 by the routes, not a bug. Nothing of the failed operation was
 * committed, unless it failed on the commit itself, and every write is idempotent, so retrying
 * it is safe.
 */
export class DatabaseUnavailableError extends Error {
  /** Always `"database_unavailable"`, for code that matches on codes. */
  readonly code = "database_unavailable" as const;

  constructor(message = "The thread database is unavailable.", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

// SQLSTATEs that say the connection, not the statement, failed: connection exceptions,
// shutdowns, a server that is starting or has no free connection.
const UNAVAILABLE_STATES = /^(08|57P0[1-3]|53300)/;

// Socket errors of a server that is down, unreachable or gone mid-request.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOENT",
]);

// What drivers say, without a code, when a connection is lost, never made or closed.
const LOST_CONNECTION =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|client was closed|after calling end|pglite is closed/i;

/**
 * True when `error` says the database could not be reached or the connection was lost, not
 * that a statement failed: an SQLSTATE of a connection or shutdown class, a socket error, or a
 * driver's message for a lost or closed connection.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  // A server error carries a five-character SQLSTATE and a severity.
  if (typeof code === "string" && typeof severity === "string")
    return UNAVAILABLE_STATES.test(code);
  if (typeof code === "string" && SOCKET_CODES.has(code)) return true;
  // Connecting to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  return LOST_CONNECTION.test(error.message);
}

/**
 * `error` as a {@link DatabaseUnavailableError} when it is a connection failure (keeping it
 * as the cause), else unchanged: what a {@link SqlDatabase} implementation throws.
 */
export function classifyDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseUnavailableError(`The thread database is unavailable: ${reason}`, {
    cause: error,
  });
}
