import type { Publisher, ReplyStore, Subscriber } from "./replyStore";
import type { ResumableReplies } from "./resumableReplies";

/** How the kit reports a store that fails: once per outage, not per command. */
export type StoreHealth = { fail(error: unknown): void; ok(): void };

export function storeHealth(name: string, report: (message: string) => void): StoreHealth {
  let healthy = true;
  return {
    fail(error) {
      if (!healthy) return;
      healthy = false;
      const reason = error instanceof Error ? error.message : String(error);
      report(`Crayon resumable replies: the ${name} store failed (${reason}).`);
    },
    ok() {
      healthy = true;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Call = <T>(run: () => Promise<T>, fallback: T) => Promise<T>;

function guard(
  { publisher, subscriber, setRange }: Pick<ReplyStore, "publisher" | "subscriber" | "setRange">,
  call: Call,
): {
  publisher: Publisher;
  subscriber: Subscriber;
  /** `null` when the store failed (forgiving), or when it cannot keep text. */
  setRange?: (key: string, byteOffset: number, value: string) => Promise<number | null>;
} {
  return {
    ...(setRange && {
      setRange: (key: string, byteOffset: number, value: string) =>
        call<number | null>(() => setRange(key, byteOffset, value), null),
    }),
    publisher: {
      connect: () => call(() => publisher.connect(), undefined),
      publish: (channel, message) => call(() => publisher.publish(channel, message), 0),
      set: (key, value, options) => call(() => publisher.set(key, value, options), null),
      get: (key) => call(() => publisher.get(key), null),
      incr: (key) => call(() => publisher.incr(key), 0),
    },
    subscriber: {
      connect: () => call(() => subscriber.connect(), undefined),
      subscribe: (channel, callback) => call(() => subscriber.subscribe(channel, callback), 0),
      unsubscribe: (channel) => call(() => subscriber.unsubscribe(channel), 0),
    },
  };
}

/**
 * The store as the instance generating a reply uses it: a failing command resolves with an
 * empty answer instead of throwing, so a lost store never stops a reply. No timer per command:
 * these run for every chunk, and a store that is down fails at once (see `redisReplyStore`).
 */
export function forgivingStore(store: ReplyStore, health: StoreHealth) {
  return guard(store, async (run, fallback) => {
    try {
      const result = await run();
      health.ok();
      return result;
    } catch (error) {
      health.fail(error);
      return fallback;
    }
  });
}

/** The store as resumes and stops use it: a failing or slow command throws (→ `503`). */
export function strictStore(store: ReplyStore, health: StoreHealth, timeoutMs: number) {
  return guard(store, async (run) => {
    try {
      const result = await withTimeout(run(), timeoutMs);
      health.ok();
      return result;
    } catch (error) {
      health.fail(error);
      throw new StoreUnavailableError(error);
    }
  });
}

/**
 * The reply store failed or did not answer in time (about 2 s): what
 * {@link ResumableReplies.producedText} throws then (resumes and stops answer `503` instead).
 */
export class StoreUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(
      `The reply store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = "StoreUnavailableError";
  }
}
