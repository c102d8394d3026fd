import type { ResumableStreamContext } from "resumable-stream/generic";
import type { forgivingStore } from "./guardedStore";
import type { LocalReply } from "./localReply";
import type { ReplyKeys } from "./replyKeys";
import type { ReplyStore } from "./replyStore";
import type { createResumableReplies, ResumableRepliesOptions } from "./resumableReplies";

/** The store as the guards of `guardedStore` give it (forgiving or strict). */
type GuardedStore = ReturnType<typeof forgivingStore>;

/**
 * What the parts of one {@link createResumableReplies} share: its options, its store (raw, and
 * guarded for each side), the store's keys, and this instance's running replies.
 */
export type ReplyKit = {
  options: ResumableRepliesOptions;
  store: ReplyStore;
  keys: ReplyKeys;
  /** How long a reply stays resumable, in seconds. */
  ttl: number;
  log: (message: string) => void;
  /** The store for the generating side, which never waits on, or fails with, it. */
  producer: GuardedStore;
  /** The store for resumes and stops: a failing or slow command throws (→ `503`). */
  reader: GuardedStore;
  /** Writes a reply's produced text, with `keepProducedText` and a store that can. */
  setRange: GuardedStore["setRange"];
  context: ResumableStreamContext;
  /** This instance's running replies, by id. */
  locals: Map<string, LocalReply>;
  /** This instance's running reply of each thread (the store is asked about the others). */
  localThreads: Map<string, LocalReply>;
  /** May this request resume or stop a reply of `threadId` (`authorize`)? */
  authorized: (request: Request, threadId: string) => Promise<boolean>;
};
