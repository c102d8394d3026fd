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
 * running reply as stored so far (replayed from its start, it is built again). That reply is
 * what follows the last finished turn: the last user message, or the last assistant message
 * with a final status together with the tool results answering it (the turn a continuation
 * run answers, after an approval or a client tool). Earlier runs' messages stay. Returns the
 * history and the messages taken off.
 */
export function withoutRunningReply(messages: readonly Message[]): {
  history: Message[];
  running: Message[];
} {
  let start = messages.length;
  while (start > 0 && !endsTurn(messages[start - 1]!)) start--;
  while (start < messages.length && messages[start]!.role === "tool") start++;
  return { history: messages.slice(0, start), running: messages.slice(start) };
}

/** Whether a stored message closes what came before it: a user turn or a finished reply. */
function endsTurn(message: Message): boolean {
  if (message.role === "user") return true;
  return (
    message.role === "assistant" && message.status !== undefined && message.status !== "streaming"
  );
}
