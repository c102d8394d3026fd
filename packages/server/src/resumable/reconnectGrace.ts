import { errorResponse, noReply } from "./replyResponses";
import type { ReplyStore } from "./replyStore";
import { LEASE_SECONDS } from "./replyTimings";

/**
 * How long after its store's connection came back an instance does not answer that no reply
 * runs because the store has no record of it: a store that restarted forgot the replies, which
 * their instances register again at their next lease renewal (they reconnect about when this
 * one did).
 */
export const RECONNECT_GRACE_MS = LEASE_SECONDS * 1000;

/** The store's outages so far (none for a store that cannot have one). */
export const outages = (store: ReplyStore) => store.outages?.() ?? { count: 0, endedAt: 0 };

/** The store's connection came back a moment ago: it may have restarted, forgetting replies. */
export const justReconnected = (store: ReplyStore) =>
  Date.now() - outages(store).endedAt < RECONNECT_GRACE_MS;

/**
 * No reply of the thread is recorded: none runs, unless the store just came back from an
 * outage, when the instances running replies may not have registered them again yet.
 */
export const noneRunning = (store: ReplyStore, action: string) =>
  justReconnected(store)
    ? errorResponse(
        "resume_unavailable",
        `The reply store just came back: ${action} again in a moment.`,
      )
    : noReply();
