import type { Publisher, Subscriber } from "resumable-stream/generic";
import type { ResumableReplies } from "./resumableReplies";

/**
 * Where resumable replies keep what a reconnecting reader needs: a Redis-like key store with
 * publish/subscribe, in the shape of the `resumable-stream` package's `Publisher` and
 * `Subscriber`. The instance generating a reply answers resumes and stops through it, so with a
 * shared store (Redis) any instance can serve them.
 */
export type ReplyStore = {
  /** A short name for logs (`"in-process"`, `"redis"`). */
  readonly name: string;
  readonly publisher: Publisher;
  readonly subscriber: Subscriber;
  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
  /**
   * The connection's outages: how many began (counted as each begins) and when the last one
   * ended (`Date.now()` ms, 0 before any). A store that restarted forgot the replies it held,
   * and messages published during an outage are gone: for a while after one, the kit does not
   * say a reply ended because the store has no record of it, and it cuts the replies it was
   * relaying from other instances, so their readers resume where they got to. Omit it for a
   * store that cannot lose them.
   */
  outages?(): { count: number; endedAt: number };
  /**
   * Overwrites `key`'s value from UTF-8 byte `byteOffset` on with `value`, keeping the key's
   * expiry (Redis `SETRANGE`); resolves to the value's new length in bytes. With it, the kit keeps
   * each reply's produced text in the store, so that after its instance died any instance
   * serves everything produced (see {@link ResumableReplies.producedText}). A write repeated at
   * the same offset leaves the same value, so a write whose answer was lost can be made again.
   * Omit it for a store that lives and dies with its one instance (the in-process store).
   */
  setRange?(key: string, byteOffset: number, value: string): Promise<number>;
};

export type { Publisher, Subscriber };
