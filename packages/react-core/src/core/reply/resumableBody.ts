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

/** How many bytes at the end of `bytes` begin a character whose other bytes are still to come. */
function cutCharacterBytes(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    // A lead byte: its character has 2, 3 or 4 bytes. A continuation byte: look further back.
    if (byte >= 0xc0) return (byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2) > back ? back : 0;
  }
  return 0;
}

function joined(first: Uint8Array, second: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(first.length + second.length);
  bytes.set(first);
  bytes.set(second, first.length);
  return bytes;
}

/**
 * The reply's `response` with a body that survives dropped connections: one continuous byte
 * stream for the protocol adapter. It passes on only whole characters (the bytes as they came,
 * up to the last whole character) and counts them (JavaScript string length); when a read
 * fails (a network error, not an abort of `signal` and not a clean end) it reopens the reply
 * with `resume` from that count, after each of `delays`, and goes on where it stopped: nothing
 * lost, nothing doubled. A resumed response without {@link RESUME_POSITION_HEADER} starts at
 * 0, so the characters already delivered are skipped here.
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
  const decoder = new TextDecoder();
  // Made here, not at import: importing the package must work where the runtime has no
  // TextEncoder (Jest's jsdom environment).
  const encoder = new TextEncoder();
  /** The bytes of a character the last chunk cut in two, held until the rest comes. */
  let held: Uint8Array = new Uint8Array(0);
  /** Characters handed to the adapter. */
  let position = 0;
  /** Characters of the current source the adapter already has. */
  let skip = 0;

  /** Reopens the reply; false when it is no longer running. Throws `cause` when out of tries. */
  const reconnect = async (cause: unknown): Promise<boolean> => {
    // Bytes of a character cut in two are dropped: the resumed body sends it whole.
    held = new Uint8Array(0);
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
          let bytes: Uint8Array = held;
          if (!result.done) {
            bytes = held.length ? joined(held, result.value) : result.value;
            const whole = bytes.length - cutCharacterBytes(bytes);
            held = bytes.slice(whole);
            bytes = bytes.subarray(0, whole);
          }
          // Decoded only to count the characters (and to skip some after a resume from 0): the
          // bytes themselves go on as they came, not encoded again.
          let text = decoder.decode(bytes);
          if (skip > 0) {
            const cut = Math.min(skip, text.length);
            text = text.slice(cut);
            skip -= cut;
            bytes = encoder.encode(text);
          }
          if (text) {
            position += text.length;
            controller.enqueue(bytes);
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
