import type { Message } from "@crayonai/stream";
import type { ResolvedThreadParams } from "../thread/threadHost";

/** The default waits (ms) before each reconnection try: about 10 s in all. */
export const DEFAULT_RECONNECT_DELAYS: readonly number[] = [250, 500, 1000, 2000, 3000, 3000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure no retry cures: a 4xx answer other than a timeout or rate limit. */
export function isPermanent(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return (
    typeof status === "number" && status >= 400 && status < 500 && ![408, 429].includes(status)
  );
}

/**
 * Runs `task`, trying again after each of `delays` while it throws (unless the failure is
 * permanent, or `signal` aborted). Undefined when every try failed.
 */
async function retried<T>(
  delays: readonly number[],
  task: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || isPermanent(error) || signal?.aborted) return undefined;
      await sleep(delay);
      if (signal?.aborted) return undefined;
    }
  }
}

/**
 * Asks the server to stop the thread's reply (`stopStream`), trying again after each of the
 * reconnection waits while it fails (the network may be what dropped the reply). Never throws.
 */
export function stopRemotely(params: ResolvedThreadParams, threadId: string): void {
  const { stopStream, reconnect } = params;
  if (!stopStream) return;
  const delays = (reconnect !== false && reconnect?.delays) || DEFAULT_RECONNECT_DELAYS;
  void retried(delays, () => stopStream({ threadId }));
}

/**
 * The thread's running reply from position 0 (`resumeStream`), to follow it once the history
 * loaded: tried again after each reconnection wait while that fails for a passing reason (a
 * `503` while the server's reply store or the instance generating it restarts, a dropped
 * connection). `null` when no reply runs; undefined when every try failed or `signal` aborted.
 */
export function runningReply(
  params: ResolvedThreadParams,
  threadId: string,
  signal: AbortSignal,
): Promise<Response | null | undefined> {
  const { resumeStream, reconnect } = params;
  if (!resumeStream) return Promise.resolve(undefined);
  const delays = reconnect === false ? [] : (reconnect?.delays ?? DEFAULT_RECONNECT_DELAYS);
  return retried(delays, () => resumeStream({ threadId, position: 0, signal }), signal);
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
