import { createResumableStreamContext } from "resumable-stream/generic";
import { forgivingStore, storeHealth, strictStore } from "./guardedStore";
import { inProcessReplyStore } from "./inProcessReplyStore";
import type { LocalReply } from "./localReply";
import { replyKeys } from "./replyKeys";
import type { ReplyKit } from "./replyKit";
import { originalHeaders, runsElsewhere } from "./replyRecords";
import { errorResponse } from "./replyResponses";
import type { ReplyStore } from "./replyStore";
import { resumeReply } from "./resumeReply";
import { startReply } from "./startReply";
import { stopReply } from "./stopReply";

/** Options for {@link createResumableReplies}. */
export type ResumableRepliesOptions = {
  /** Where replies are kept for resumes and stops. Default: {@link inProcessReplyStore}. */
  store?: ReplyStore;
  /**
   * May this request resume or stop a reply of `threadId`? Answer `false` for another user's
   * thread (`403`). Default: every request may.
   */
  authorize?: (request: Request, threadId: string) => boolean | Promise<boolean>;
  /** Prefix of the store's keys and channels. Default: `"crayon"`. */
  keyPrefix?: string;
  /** How long a reply stays resumable, in seconds. Default: one day. */
  ttlSeconds?: number;
  /** Where store failures are reported (once per outage). Default: `console.error`. */
  log?: (message: string) => void;
  /**
   * How long a reply waits, before its body starts, for the store to register it (so that it
   * can be resumed and stopped from any instance). A reply whose store does not answer in time
   * streams anyway, unresumable (`X-Crayon-Resumable: false`). Default: 5000 ms.
   */
  registerWaitMs?: number;
  /**
   * Keep each reply's produced text in the store (written with its length, at most every 50 ms,
   * kept for `ttlSeconds`), so that when the instance generating a reply dies, any instance
   * answers a resume with everything produced up to about 50 ms before (`200`, then the body
   * ends) and {@link ResumableReplies.producedText} gives it to the app to save. Only for a store
   * with `setRange` (Redis); the in-process store dies with its replies. Default: `true`.
   */
  keepProducedText?: boolean;
};

/** What {@link ResumableReplies.start} runs. */
export type StartReplyOptions = {
  /** The thread the reply belongs to: resumes and stops name the thread, not the reply. */
  threadId: string;
  /** The reply's id (`X-Crayon-Reply-Id`). Default: a new UUID. */
  replyId?: string;
  /**
   * Produces the reply, in any protocol. `signal` aborts on an explicit stop (from any instance,
   * `reason` `"stop"`) or on {@link ResumableReplies.shutdown} (`reason` `"shutdown"`), never
   * because a reader went away: end the body then, keeping what was produced. Save the finished
   * reply before the body ends, so that a resume that finds nothing running finds it stored.
   */
  generate: (signal: AbortSignal) => Response | Promise<Response>;
};

/** Resumable replies: see {@link createResumableReplies}. */
export type ResumableReplies = {
  /**
   * Starts a reply and returns the response to send. Its body is the generated one, character
   * for character; the generation goes on when the reader disconnects.
   */
  start(options: StartReplyOptions): Promise<Response>;
  /**
   * `GET {chat}/{threadId}/stream?position=N`: the running reply of the thread from character
   * `position` (`200`, `X-Crayon-Resume-Position`), `204` when none runs, `416` for a position
   * beyond what was produced, `403` when `authorize` refuses, `503` when the store is down.
   */
  resume(request: Request, options: { threadId: string; position?: number }): Promise<Response>;
  /**
   * `DELETE {chat}/{threadId}/stream`: stops the thread's running reply on whichever instance
   * generates it (`202`), or `204` when none runs.
   */
  stop(request: Request, options: { threadId: string }): Promise<Response>;
  /** A route handler: `GET` resumes (position from the `position` query parameter), `DELETE` stops. */
  handle(request: Request, options: { threadId: string }): Promise<Response>;
  /**
   * For a graceful shutdown (SIGTERM): aborts this instance's replies (`reason` `"shutdown"`)
   * and waits (at most `timeoutMs`, default 5 s) until their bodies ended, so they are saved.
   */
  shutdown(timeoutMs?: number): Promise<void>;
  /**
   * The text the thread's last reply produced (its wire body, in its protocol), or `undefined`
   * when none is known: this instance's running reply so far, or, kept in the store (see
   * `keepProducedText`), a reply whose instance died, for the app to save the whole of it as
   * interrupted instead of its last checkpoint. It also gives a finished reply's text while
   * the store keeps it; the app saved that one itself. Throws when the store is down.
   */
  producedText(threadId: string): Promise<ProducedText | undefined>;
  /** How many replies this instance is generating. */
  readonly running: number;
};

/** A reply's text, from {@link ResumableReplies.producedText}. */
export type ProducedText = {
  /** The reply's id (`X-Crayon-Reply-Id`). */
  replyId: string;
  /** What its body produced, character for character (from position 0). */
  text: string;
  /** The original response's headers (its `Content-Type`, the protocol's own headers). */
  headers: [string, string][];
  /** Whether it is still running on some instance (then `text` is what it produced so far). */
  running: boolean;
};

/**
 * Makes replies survive their readers, in any protocol: a reply keeps running when the
 * connection drops, and any reader can take it up again from a character position, while Stop
 * is an explicit request that reaches the generating instance. Built on the `resumable-stream`
 * package (its generic publisher/subscriber interface) over an in-process or Redis store.
 *
 * @example
 * ```ts
 * const replies = createResumableReplies({ store: redisReplyStore({ url: process.env.REDIS_URL! }) });
 * app.post("/api/chat", async (c) => {
 *   const { threadId, messages } = await c.req.json();
 *   return replies.start({ threadId, generate: (signal) => myAgent(messages, signal) });
 * });
 * app.on(["GET", "DELETE"], "/api/chat/:threadId/stream", (c) =>
 *   replies.handle(c.req.raw, { threadId: c.req.param("threadId") }),
 * );
 * ```
 */
export function createResumableReplies(options: ResumableRepliesOptions = {}): ResumableReplies {
  const store = options.store ?? inProcessReplyStore();
  const log = options.log ?? ((message: string) => console.error(message));
  const health = storeHealth(store.name, log);
  // The generating side never waits on, or fails with, the store; readers get a 503 instead.
  const producer = forgivingStore(store, health);
  const reader = strictStore(store, health, 2000);
  const prefix = options.keyPrefix ?? "crayon";
  const kit: ReplyKit = {
    options,
    store,
    keys: replyKeys(prefix),
    ttl: options.ttlSeconds ?? 24 * 60 * 60,
    log,
    producer,
    reader,
    setRange: options.keepProducedText === false ? undefined : producer.setRange,
    // `resumable-stream` calls the store from timers too, where a throw would be unhandled: it
    // only ever sees the forgiving store, and resumes check the store strictly before they use it.
    context: createResumableStreamContext({ waitUntil: null, keyPrefix: prefix, ...producer }),
    locals: new Map(),
    localThreads: new Map(),
    authorized: async (request, threadId) =>
      !options.authorize || (await options.authorize(request, threadId)),
  };
  // Connected now, when the server starts, not when its first reply needs the store.
  void producer.publisher.connect();
  void producer.subscriber.connect();
  const { keys, locals, localThreads } = kit;

  const resume: ResumableReplies["resume"] = (request, target) => resumeReply(kit, request, target);
  const stop: ResumableReplies["stop"] = (request, target) => stopReply(kit, request, target);

  return {
    start: (startOptions) => startReply(kit, startOptions),
    resume,
    stop,
    async handle(request, { threadId }) {
      if (request.method === "GET") {
        const raw = new URL(request.url).searchParams.get("position");
        const position = raw === null || raw === "" ? 0 : Number(raw);
        return resume(request, { threadId, position });
      }
      if (request.method === "DELETE") return stop(request, { threadId });
      return errorResponse("method_not_allowed", "GET resumes a reply, DELETE stops it.");
    },
    async shutdown(timeoutMs = 5000) {
      const running = [...locals.values()];
      for (const local of running) local.abort.abort("shutdown");
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Ended, and recorded as ended in the store (`resumable-stream` writes that just after
      // the body's end), so other instances answer 204 at once instead of waiting for us.
      const recorded = async (local: LocalReply) => {
        await local.settled;
        while ((await producer.publisher.get(keys.sentinelKey(local.id))) === "1") {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      await Promise.race([
        Promise.all(running.map(recorded)),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    async producedText(threadId) {
      const local = localThreads.get(threadId);
      if (local) {
        const text = local.chunks.join("");
        return { replyId: local.id, text, headers: local.headers, running: true };
      }
      if (!kit.setRange) return undefined;
      const id = await reader.publisher.get(keys.threadKey(threadId));
      if (typeof id !== "string") return undefined;
      const text = await reader.publisher.get(keys.textKey(id));
      if (text === null) return undefined;
      const [headers, running] = await Promise.all([
        originalHeaders(kit, id),
        runsElsewhere(kit, id),
      ]);
      return { replyId: id, text: String(text), headers, running };
    },
    get running() {
      return locals.size;
    },
  };
}
