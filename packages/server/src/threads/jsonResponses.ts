/** What every failed route answers: a message a person can read and a code a program can. */
export type RouteError = {
  error: string;
  code:
    | "bad_request"
    | "forbidden"
    | "not_found"
    | "method_not_allowed"
    | "payload_too_large"
    | "database_unavailable"
    | "internal_error";
  /** What was wrong with a message in the body, field by field. */
  issues?: { path: string; message: string }[];
};

/** A JSON response. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** A JSON error response (see {@link RouteError}). */
export function failure(
  status: number,
  code: RouteError["code"],
  error: string,
  extra?: { issues?: RouteError["issues"]; headers?: Record<string, string> },
): Response {
  const body: RouteError = { error, code, ...(extra?.issues && { issues: extra.issues }) };
  return json(body, status, extra?.headers);
}
