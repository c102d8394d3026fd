/** The store's keys and channels of the replies, under `prefix` (`keyPrefix`). */
export function replyKeys(prefix: string) {
  return {
    threadKey: (threadId: string) => `${prefix}:thread:${threadId}`,
    lengthKey: (replyId: string) => `${prefix}:length:${replyId}`,
    /** The original response's headers (JSON), which a resumed response carries too. */
    headersKey: (replyId: string) => `${prefix}:headers:${replyId}`,
    leaseKey: (replyId: string) => `${prefix}:lease:${replyId}`,
    /** The reply's produced text, with `keepProducedText`. */
    textKey: (replyId: string) => `${prefix}:text:${replyId}`,
    /** Set once a resume was served a dead reply's kept text (only one is). */
    servedKey: (replyId: string) => `${prefix}:served:${replyId}`,
    unresumableKey: (replyId: string) => `${prefix}:unresumable:${replyId}`,
    stopChannel: (replyId: string) => `${prefix}:stop:${replyId}`,
    /**
     * A stop that found no reply of the thread while the store had just come back (when the
     * thread's running reply may not be registered again yet): the time it was asked, for the
     * reply to stop itself when it registers again.
     */
    stopAskedKey: (threadId: string) => `${prefix}:stop-asked:${threadId}`,
    /** `resumable-stream`'s own record of a reply: `"1"` while it runs, `"DONE"` after. */
    sentinelKey: (replyId: string) => `${prefix}:rs:sentinel:${replyId}`,
  };
}

/** The keys and channels {@link replyKeys} names. */
export type ReplyKeys = ReturnType<typeof replyKeys>;
