import type { ReplyStore } from "./replyStore";

/**
 * The embedded default: keys and channels in this process's memory, no service needed. A reply
 * can be resumed and stopped through the instance that generates it; use
 * {@link redisReplyStore} when several instances serve one app.
 */
export function inProcessReplyStore(): ReplyStore {
  const values = new Map<string, { value: string; expires: number }>();
  const channels = new Map<string, (message: string) => void>();
  const read = (key: string): string | null => {
    const entry = values.get(key);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      values.delete(key);
      return null;
    }
    return entry.value;
  };
  const write = (key: string, value: string, seconds = 24 * 60 * 60) => {
    values.set(key, { value, expires: Date.now() + seconds * 1000 });
  };
  return {
    name: "in-process",
    publisher: {
      connect: async () => undefined,
      // Delivered in a later microtask, in publishing order, as a Redis subscriber would be.
      publish: async (channel, message) => {
        const listener = channels.get(channel);
        if (listener) queueMicrotask(() => listener(message));
        return listener ? 1 : 0;
      },
      set: async (key, value, options) => {
        write(key, value, options?.EX);
        return "OK";
      },
      get: async (key) => read(key),
      incr: async (key) => {
        const current = read(key);
        const next = (current === null ? 0 : Number(current)) + 1;
        if (!Number.isInteger(next)) throw new Error("ERR value is not an integer or out of range");
        write(key, String(next));
        return next;
      },
    },
    subscriber: {
      connect: async () => undefined,
      subscribe: async (channel, callback) => {
        channels.set(channel, callback);
      },
      unsubscribe: async (channel) => {
        channels.delete(channel);
      },
    },
    close: async () => {
      values.clear();
      channels.clear();
    },
  };
}
