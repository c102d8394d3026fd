import type { ChatRequest, HttpRequestTrace } from "../chatRequest";

/** Headers as a plain object, or a function called before every request (e.g. a fresh token). */
export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** What every bundled backend accepts about the HTTP request itself. */
export type HttpOptions = {
  /** Extra request headers (e.g. `Authorization`). */
  headers?: HeadersOption;
  /** `fetch`'s `credentials` (e.g. `"include"` for cookies on another origin). */
  credentials?: RequestCredentials;
  /** The `fetch` to use (tests, proxies). Default: the global `fetch`. */
  fetch?: typeof fetch;
};

/**
 * `fetch` with the options' headers (which win over `headers`), `credentials` and `fetch`;
 * `trace` (a request's `traceRequest`) sees the request as sent.
 */
export async function fetchWith(
  url: string,
  init: RequestInit & { headers: Record<string, string>; body?: string },
  options: HttpOptions,
  trace?: (request: HttpRequestTrace) => void,
): Promise<Response> {
  const extra =
    typeof options.headers === "function" ? await options.headers() : (options.headers ?? {});
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers = { ...init.headers, ...extra };
  trace?.({ url, method: init.method ?? "GET", headers, body: init.body });
  return doFetch(url, {
    ...init,
    headers,
    ...(options.credentials !== undefined && { credentials: options.credentials }),
  });
}

/**
 * POSTs `body` as JSON, asking for Server-Sent Events, with the options' headers (which win over
 * the defaults), the request's abort signal, and the request reported to its `traceRequest`.
 */
export function postJSON(
  url: string,
  body: unknown,
  request: Pick<ChatRequest<unknown>, "abortController" | "traceRequest">,
  options: HttpOptions,
): Promise<Response> {
  return fetchWith(
    url,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal: request.abortController.signal,
    },
    options,
    request.traceRequest,
  );
}
