/** Headers a resumed response does not repeat from the original. */
export const NOT_REPEATED = ["content-length", "x-crayon-reply-id", "x-crayon-resumable"];

/** A resumed response's headers: the original's, and where it resumes. */
export function resumedHeaders(headers: Headers, id: string, position: number): Headers {
  if (!headers.has("Content-Type")) headers.set("Content-Type", "text/event-stream");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
  headers.set("X-Crayon-Reply-Id", id);
  headers.set("X-Crayon-Resume-Position", String(position));
  return headers;
}
