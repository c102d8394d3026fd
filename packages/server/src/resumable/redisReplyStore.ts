import type { ReplyStore } from "./replyStore";

/** Options for {@link redisReplyStore}. */
export type RedisReplyStoreOptions = {
  /** The server, e.g. `redis://127.0.0.1:6379` (`REDIS_URL`). */
  url: string;
  /** Called once each time the connection is lost (not for every failed command). */
  onError?: (error: unknown) => void;
};

/** The part of a `redis` (node-redis 4+) client this store uses. */
type RedisClient = {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy?(): void;
  disconnect?(): Promise<unknown>;
  on(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
  publish(channel: string, message: string): Promise<number>;
  set(key: string, value: string, options?: { EX?: number }): Promise<unknown>;
  get(key: string): Promise<string | null>;
  incr(key: string): Promise<number>;
  setRange(key: string, offset: number, value: string): Promise<number>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
};

/**
 * Replies kept in a real Redis server (the `redis` package, an optional peer dependency): any
 * instance can resume or stop a reply that another instance generates. Commands fail at once
 * while Redis is unreachable (no offline queue), so a lost Redis never holds a reply back: the
 * instance generating it goes on and stores it, and resumes answer `503` until Redis is back.
 *
 * @example
 * ```ts
 * const replies = createResumableReplies({
 *   store: process.env.REDIS_URL ? redisReplyStore({ url: process.env.REDIS_URL }) : undefined,
 * });
 * ```
 */
export function redisReplyStore(options: RedisReplyStoreOptions): ReplyStore {
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error(
        `Crayon resumable replies: lost Redis (${error instanceof Error ? error.message : String(error)}); replies go on, resumes wait until it is back.`,
      ));
  let clients: Promise<{ publisher: RedisClient; subscriber: RedisClient }> | undefined;
  const made: RedisClient[] = [];
  let closed = false;
  const outages = { count: 0, endedAt: 0 };
  const connect = () => {
    clients ??= (async () => {
      const { createClient } = (await import("redis")) as unknown as {
        createClient(options: object): RedisClient;
      };
      const make = () => {
        const client = createClient({
          url: options.url,
          disableOfflineQueue: true,
          socket: { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000) },
        });
        // One report per outage: an `error` listener is also what keeps node-redis from throwing.
        let healthy = true;
        client.on("error", (error) => {
          if (healthy) {
            outages.count++;
            onError(error);
          }
          healthy = false;
        });
        client.on("ready", () => {
          if (!healthy) outages.endedAt = Date.now();
          healthy = true;
        });
        made.push(client);
        return client;
      };
      if (closed) throw new Error("The Redis reply store is closed.");
      const publisher = make();
      const subscriber = make();
      await Promise.all([publisher.connect(), subscriber.connect()]);
      return { publisher, subscriber };
    })();
    return clients;
  };
  // The first command waits (at most 5 s) for the first connection; after that a command to a
  // client that is not connected fails at once instead of waiting for Redis to come back.
  let firstConnection: Promise<unknown> | undefined;
  const ready = async (pick: "publisher" | "subscriber") => {
    firstConnection ??= Promise.race([
      connect(),
      new Promise((resolve) => setTimeout(resolve, 5000).unref?.()),
    ]);
    await firstConnection;
    const pending = await Promise.race([connect(), Promise.resolve(undefined)]);
    const client = pending?.[pick];
    if (!client?.isReady) throw new Error("Redis is not connected.");
    return client;
  };
  const pub = () => ready("publisher");
  const sub = () => ready("subscriber");
  return {
    name: "redis",
    publisher: {
      connect,
      publish: async (channel, message) => (await pub()).publish(channel, message),
      set: async (key, value, setOptions) => (await pub()).set(key, value, setOptions),
      get: async (key) => (await pub()).get(key),
      incr: async (key) => (await pub()).incr(key),
    },
    subscriber: {
      connect,
      subscribe: async (channel, callback) => {
        await (await sub()).subscribe(channel, callback);
      },
      unsubscribe: async (channel) => (await sub()).unsubscribe(channel),
    },
    setRange: async (key, byteOffset, value) => (await pub()).setRange(key, byteOffset, value),
    outages: () => ({ ...outages }),
    // Not waiting for a connection that may never come: the clients are dropped as they are.
    close: async () => {
      closed = true;
      for (const client of made.splice(0)) {
        try {
          if (client.destroy) client.destroy();
          else await client.disconnect?.();
        } catch {
          // Already closed.
        }
      }
    },
  };
}
