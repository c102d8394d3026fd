import type { ReplyTrace } from "../debugChannel";
import type { ResolvedThreadParams } from "../thread/threadHost";
import { DEFAULT_RECONNECT_DELAYS } from "./replyResumption";

// A reply's connection is part of reading it, so it comes with the reply pipeline
// (`replyPipeline.ts`); stopping and attaching (`replyResumption.ts`) are needed without a reply.

/** The reconnection waits the params ask for, or undefined when replies are not reopened. */
export function reconnectDelays(params: ResolvedThreadParams): readonly number[] | undefined {
  const { resumeStream, reconnect } = params;
  if (!resumeStream || reconnect === false) return undefined;
  return reconnect?.delays ?? DEFAULT_RECONNECT_DELAYS;
}

/** The connection of one reply: its response made reopenable, and whether it moved away. */
export type ReplyConnection = {
  /**
   * `response`, with a body that reconnects when the params allow it (and, traced, reported
   * to the debug channel with every frame of its body). The reconnecting body's
   * code is loaded then (apps that do not resume never download it); if it cannot be loaded,
   * the reply is read as it is, without reconnection.
   */
  open(response: Response, threadId: string): Promise<Response>;
  /** True once the server said the reply is no longer running (it ended elsewhere). */
  readonly moved: boolean;
};

/**
 * The connection of one reply: with `resumeStream` set (and `reconnect` not `false`) its body
 * survives dropped connections (`resumableBody.ts`); the callbacks follow the reconnection.
 */
export function replyConnection(
  params: ResolvedThreadParams,
  signal: AbortSignal,
  callbacks: {
    onReconnecting: () => void;
    onReconnected: () => void;
    /** The reply's debug trace, when the debug channel has a listener. */
    trace?: ReplyTrace | undefined;
  },
): ReplyConnection {
  const delays = reconnectDelays(params);
  const { resumeStream } = params;
  const { trace } = callbacks;
  let attempts = 0;
  const connection = {
    moved: false,
    async open(response: Response, threadId: string): Promise<Response> {
      if (!trace) return reopenable(response, threadId);
      // Only a traced reply gets here: its tracing code is loaded already.
      const { traceResponse, traceWire } = await import("./replyTracing");
      traceResponse(trace, response);
      return traceWire(trace, await reopenable(response, threadId));
    },
  };
  const reopenable = async (response: Response, threadId: string): Promise<Response> => {
    if (!delays || !resumeStream) return response;
    let resumableBody: typeof import("./resumableBody").resumableBody;
    try {
      ({ resumableBody } = await import("./resumableBody"));
    } catch {
      return response;
    }
    return resumableBody(response, {
      signal,
      delays,
      resume: (position, resumeSignal) => {
        const resumed = resumeStream({ threadId, position, signal: resumeSignal });
        if (trace) {
          const attempt = ++attempts;
          const report = (status: number | null, error?: unknown) =>
            trace.emit({
              type: "resume",
              position,
              attempt,
              status,
              ...(error !== undefined && { error: String(error) }),
            });
          resumed.then(
            (response) => report(response?.status ?? null),
            (error) => report(null, error),
          );
        }
        return resumed;
      },
      onReconnecting: callbacks.onReconnecting,
      onReconnected: callbacks.onReconnected,
      onMoved: () => {
        connection.moved = true;
      },
    });
  };
  return connection;
}
