import { ChatError } from "../chatError";
import { isPermanent } from "./replyResumption";

/** The header with which a resumed response says it starts at the position asked for. */
export const RESUME_POSITION_HEADER = "X-Crayon-Resume-Position";

export type ResumableBodyOptions = {
  /**
   * Reopens the reply from character `position`: a `Response` (with
   * {@link RESUME_POSITION_HEADER} when it starts at `position`, without when it starts at 0),
   * `null` when the reply is no longer running, or a throw (tried again).
   */
  resume: (position: number, signal: AbortSignal) => Promise<Response | null>;
  /** The reply's signal: an abort ends the body at once (no reconnection). */
  signal: AbortSignal;
  /** The waits (ms) before each try; their number is the number of tries. */
  delays: readonly number[];
  /** A try begins (before its wait): `attempt` counts from 1. */
  onReconnecting?: (attempt: number) => void;
  /** A try succeeded: the body goes on. */
  onReconnected?: () => void;
  /** The server said no reply is running any more (`resume` returned null). */
  onMoved?: () => void;
};

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The reply's `response` with a body that survives dropped connections: one continuous byte
 * stream for the protocol adapter. It passes on only whole characters (UTF-8 decoded, then
 * encoded again) and counts them (JavaScript string length); when a read fails (a network
 * error, not an abort of `signal` and not a clean end) it reopens the reply with `resume` from
 * that count, after each of `delays`, and goes on where it stopped: nothing lost, nothing
 * doubled. A resumed response without {@link RESUME_POSITION_HEADER} starts at 0, so the
 * characters already delivered are skipped here.
 *
 * When `resume` returns null the body fails with a `reply_moved` {@link ChatError} (and
 * `onMoved` is called); when every try failed, with the original read error. A response that
 * is not a 2xx with a body is returned as is (the adapter reports it).
 */
export function resumableBody(response: Response, options: ResumableBodyOptions): Response {
  if (!response.ok || !response.body) return response;
  const { resume, signal, delays } = options;
  // Aborted by the reply's signal or by the adapter cancelling the body.
  const local = new AbortController();
  const onAbort = () => local.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });

  let reader = response.body.getReader();
  let decoder = new TextDecoder();
  // Made here, not at import: importing the package must work where the runtime has no
  // TextEncoder (Jest's jsdom environment).
  const encoder = new TextEncoder();
  /** Characters handed to the adapter. */
  let position = 0;
  /** Characters of the current source the adapter already has. */
  let skip = 0;

  /** Reopens the reply; false when it is no longer running. Throws `cause` when out of tries. */
  const reconnect = async (cause: unknown): Promise<boolean> => {
    // Bytes of a character cut in two are dropped: the resumed body sends it whole.
    decoder = new TextDecoder();
    for (let attempt = 1; attempt <= delays.length; attempt++) {
      options.onReconnecting?.(attempt);
      await wait(delays[attempt - 1]!, local.signal);
      let resumed: Response | null;
      try {
        resumed = await resume(position, local.signal);
      } catch (error) {
        if (local.signal.aborted) throw local.signal.reason;
        if (isPermanent(error)) break;
        continue;
      }
      if (resumed === null) return false;
      const header = resumed.headers.get(RESUME_POSITION_HEADER);
      const start = header === null ? 0 : Number(header);
      if (!resumed.ok || !resumed.body || !(start >= 0 && start <= position)) {
        resumed.body?.cancel().catch(() => {});
        continue;
      }
      skip = position - start;
      reader = resumed.body.getReader();
      options.onReconnected?.();
      return true;
    }
    throw cause;
  };

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            result = await reader.read();
          } catch (error) {
            if (local.signal.aborted) throw error;
            if (await reconnect(error)) continue;
            options.onMoved?.();
            throw new ChatError("reply_moved", "The reply is no longer running here.");
          }
          let text = result.done
            ? decoder.decode()
            : decoder.decode(result.value, { stream: true });
          if (skip > 0) {
            const cut = Math.min(skip, text.length);
            text = text.slice(cut);
            skip -= cut;
          }
          if (text) {
            position += text.length;
            controller.enqueue(encoder.encode(text));
          }
          if (result.done) {
            signal.removeEventListener("abort", onAbort);
            controller.close();
            return;
          }
          if (text) return;
        }
      } catch (error) {
        signal.removeEventListener("abort", onAbort);
        controller.error(error);
      }
    },
    cancel(reason) {
      signal.removeEventListener("abort", onAbort);
      local.abort(reason);
      return reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
