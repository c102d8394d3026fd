import type { Message } from "@crayonai/stream";
import type { ResolvedThreadParams } from "./threadHost";

/** The default waits (ms) before each reconnection try: about 10 s in all. */
export const DEFAULT_RECONNECT_DELAYS: readonly number[] = [250, 500, 1000, 2000, 3000, 3000];

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
