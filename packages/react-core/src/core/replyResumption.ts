import type { Message } from "@crayonai/stream";
import type { ResolvedThreadParams } from "./threadHost";

/** The default waits (ms) before each reconnection try: about 10 s in all. */
const DEFAULT_RECONNECT_DELAYS: readonly number[] = [250, 500, 1000, 2000, 3000, 3000];

/** The reconnection waits the params ask for, or undefined when replies are not reopened. */
export function reconnectDelays(params: ResolvedThreadParams): readonly number[] | undefined {
  const { resumeStream, reconnect } = params;
  if (!resumeStream || reconnect === false) return undefined;
  return reconnect?.delays ?? DEFAULT_RECONNECT_DELAYS;
}

/** The connection of one reply: its response made reopenable, and whether it moved away. */
export type ReplyConnection = {
  /**
   * `response`, with a body that reconnects when the params allow it. The reconnecting body's
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
  callbacks: { onReconnecting: () => void; onReconnected: () => void },
): ReplyConnection {
  const delays = reconnectDelays(params);
  const { resumeStream } = params;
  const connection = {
    moved: false,
    async open(response: Response, threadId: string): Promise<Response> {
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
        resume: (position, resumeSignal) =>
          resumeStream({ threadId, position, signal: resumeSignal }),
        onReconnecting: callbacks.onReconnecting,
        onReconnected: callbacks.onReconnected,
        onMoved: () => {
          connection.moved = true;
        },
      });
    },
  };
  return connection;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server to stop the thread's reply (`stopStream`), trying again after each of the
 * reconnection waits while it fails (the network may be what dropped the reply). Never throws.
 */
export function stopRemotely(params: ResolvedThreadParams, threadId: string): void {
  const { stopStream, reconnect } = params;
  if (!stopStream) return;
  const delays = (reconnect !== false && reconnect?.delays) || DEFAULT_RECONNECT_DELAYS;
  void (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await stopStream({ threadId });
        return;
      } catch {
        const delay = delays[attempt];
        if (delay === undefined) return;
        await sleep(delay);
      }
    }
  })();
}

/**
 * The history a reply still running on the server answers: the loaded messages without the
 * ones after the last user message (the reply as stored so far; replayed from its start, it is
 * built again). Returns the history and the messages taken off.
 */
export function withoutRunningReply(messages: readonly Message[]): {
  history: Message[];
  running: Message[];
} {
  let last = messages.length - 1;
  while (last >= 0 && messages[last]!.role !== "user") last--;
  return { history: messages.slice(0, last + 1), running: messages.slice(last + 1) };
}
