/** A request body read up to a size: its text, or `tooLarge` when it is bigger. */
export type LimitedBody = { text: string; tooLarge?: never } | { tooLarge: true; text?: never };

/** True when the request says (in `Content-Length`) that its body is bigger than `maxBytes`. */
export function declaredTooLarge(request: Request, maxBytes: number): boolean {
  const length = Number(request.headers.get("content-length"));
  return Number.isFinite(length) && length > maxBytes;
}

/**
 * Reads the request's body as UTF-8 text, stopping (and cancelling the rest) as soon as it
 * passes `maxBytes`: a body without a `Content-Length`, or with a false one, is counted as it
 * arrives, so it is never held whole.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<LimitedBody> {
  if (declaredTooLarge(request, maxBytes)) return { tooLarge: true };
  if (!request.body) return { text: "" };
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode() };
}
