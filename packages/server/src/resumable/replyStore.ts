import type { Publisher, Subscriber } from "resumable-stream/generic";

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
};

export type { Publisher, Subscriber };
