/** The codes of the kit's error responses (JSON `{ error: { code, message } }`). */
export type ResumeErrorCode =
  | "invalid_position"
  | "position_out_of_range"
  | "forbidden"
  | "resume_unavailable"
  | "method_not_allowed";

const STATUS: Record<ResumeErrorCode, number> = {
  invalid_position: 400,
  position_out_of_range: 416,
  forbidden: 403,
  resume_unavailable: 503,
  method_not_allowed: 405,
};

/** A typed error response the client reads as `{ error: { code, message } }`. */
export function errorResponse(code: ResumeErrorCode, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status: STATUS[code],
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/** `204 No Content`: no reply runs for the thread (unknown, finished, or its instance is gone). */
export function noReply(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
