import type { ChatBackend } from "../chatRequest";
import type { StreamErrorCode } from "../events";
import { fetchWith, type HttpOptions } from "./postJSON";

/**
 * Whether and where a bundled backend resumes and stops replies: `false` leaves
 * `resumeStream` / `stopStream` out; `true` uses `{endpoint without its query}/{threadId}/stream`
 * (the query kept); a function gives a thread's stream URL.
 */
export type ResumeOption = boolean | ((threadId: string) => string);

/** What every bundled backend accepts about resuming and stopping replies. */
export type ResumeOptions = {
  /**
   * `resumeStream` / `stopStream` against `{endpoint without its query}/{threadId}/stream`
   * (the query kept; `?position=N` added to resume). `false` leaves them out; a function
   * gives a thread's stream URL instead. Default: on (`true`), except for `openAIBackend`.
   */
  resume?: ResumeOption;
};

/**
 * A resume or stop request the server refused (a status other than 2xx): `code` is
 * `http_error` as in a stream's error events, `status` the HTTP status, `serverCode` the
 * `error.code` of a JSON body (`position_out_of_range`, `forbidden`, `resume_unavailable`, …).
 */
export class StreamRequestError extends Error {
  override readonly name = "StreamRequestError";
  readonly code: StreamErrorCode = "http_error";
  readonly status: number;
  readonly serverCode?: string;

  constructor(message: string, status: number, serverCode?: string) {
    super(message);
    this.status = status;
    if (serverCode !== undefined) this.serverCode = serverCode;
  }
}

/**
 * A thread's stream URL: `endpoint` without its query, then `/{threadId}/stream`, then the
 * query (`/api/chat?protocol=ag-ui` → `/api/chat/t1/stream?protocol=ag-ui`).
 */
export function threadStreamURL(endpoint: string, threadId: string): string {
  const cut = endpoint.search(/[?#]/);
  const path = (cut === -1 ? endpoint : endpoint.slice(0, cut)).replace(/\/+$/, "");
  const query = cut === -1 ? "" : endpoint.slice(cut).replace(/#.*$/, "");
  return `${path}/${encodeURIComponent(threadId)}/stream${query}`;
}

/** `url` with `name=value` added to its query. */
function withParam(url: string, name: string, value: string): string {
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const separator = base.includes("?") ? (/[?&]$/.test(base) ? "" : "&") : "?";
  return `${base}${separator}${name}=${encodeURIComponent(value)}`;
}

async function refusal(response: Response, action: string): Promise<StreamRequestError> {
  let serverCode: string | undefined;
  let detail = "";
  try {
    const text = await response.text();
    detail = text.slice(0, 500);
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code === "string") serverCode = parsed.error.code;
    if (typeof parsed.error?.message === "string") detail = parsed.error.message;
  } catch {
    // Not JSON: the text (if any) is the detail.
  }
  const message = `${action} failed with status ${response.status}${detail ? `: ${detail}` : ""}`;
  return new StreamRequestError(message, response.status, serverCode);
}

/**
 * `resumeStream` and `stopStream` over HTTP, as the resumable-replies kit serves them:
 * `GET {stream URL}?position=N` (200: the rest of the body; 204: no reply running → null) and
 * `DELETE {stream URL}` (202 or 204). Any other status throws a {@link StreamRequestError}.
 * Returns nothing when `resume` is `false`.
 */
export function streamResumption(
  endpoint: string,
  resume: ResumeOption | undefined,
  options: HttpOptions,
): Pick<ChatBackend, "resumeStream" | "stopStream"> {
  if (resume === false) return {};
  const streamURL =
    typeof resume === "function"
      ? resume
      : (threadId: string) => threadStreamURL(endpoint, threadId);
  return {
    async resumeStream({ threadId, position, signal }) {
      const url = withParam(streamURL(threadId), "position", String(position));
      const response = await fetchWith(
        url,
        { method: "GET", headers: { Accept: "text/event-stream" }, signal },
        options,
      );
      if (response.status === 204) return null;
      if (!response.ok) throw await refusal(response, "Resuming the reply");
      return response;
    },
    async stopStream({ threadId }) {
      const response = await fetchWith(
        streamURL(threadId),
        { method: "DELETE", headers: {} },
        options,
      );
      if (!response.ok) throw await refusal(response, "Stopping the reply");
    },
  };
}
