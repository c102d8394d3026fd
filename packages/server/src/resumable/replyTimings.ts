/** How often a reply's length is written to the store at most. */
export const LENGTH_WRITE_MS = 50;
/**
 * A running reply's lease: its instance renews it every {@link LEASE_RENEW_MS}; when the instance
 * dies (SIGKILL, OOM), the lease lapses within {@link LEASE_SECONDS} and every instance sees the
 * reply as ended, instead of as running until its record's TTL.
 */
export const LEASE_SECONDS = 4;
/** How often a running reply's instance renews its lease (see {@link LEASE_SECONDS}). */
export const LEASE_RENEW_MS = 1000;

/** What `promise` gives within `ms`, else `fallback` (the promise goes on). */
export function withinMs<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
