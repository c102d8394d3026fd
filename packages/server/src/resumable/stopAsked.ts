import { RECONNECT_GRACE_MS } from "./reconnectGrace";
import type { ReplyKit } from "./replyKit";
import { LEASE_RENEW_MS } from "./replyTimings";

/**
 * Keeps a stop that found no reply of the thread just after the store came back, for the
 * thread's reply, not registered again yet, to stop itself when it registers (see
 * {@link stopWasAsked}); kept past the reconnect grace and the renewals that register it.
 */
export async function keepStopAsked({ reader, keys }: ReplyKit, threadId: string): Promise<void> {
  await reader.publisher.set(keys.stopAskedKey(threadId), String(Date.now()), {
    EX: Math.ceil((RECONNECT_GRACE_MS + 2 * LEASE_RENEW_MS) / 1000),
  });
}

/** A stop asked (since the reply started at `startedAt`) while the store did not know it. */
export async function stopWasAsked(
  { producer, keys }: ReplyKit,
  threadId: string,
  startedAt: number,
): Promise<boolean> {
  const asked = Number((await producer.publisher.get(keys.stopAskedKey(threadId))) ?? Number.NaN);
  return asked >= startedAt;
}
