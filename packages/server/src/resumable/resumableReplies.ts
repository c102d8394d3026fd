import { createResumableStreamContext } from "resumable-stream/generic";
import { forgivingStore, StoreUnavailableError, storeHealth, strictStore } from "./guardedStore";
import { inProcessReplyStore } from "./inProcessReplyStore";
import { errorResponse, noReply } from "./replyResponses";
import type { ReplyStore } from "./replyStore";
import { tapReply } from "./tappedReply";

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

type LocalReply = {
  id: string;
  threadId: string;
  abort: AbortController;
  /** Characters produced so far, and the text itself, as produced (joined only when asked for). */
  length: number;
  chunks: string[];
  /** The length (the chunks, their UTF-8 bytes) last written to the store; a write on its way. */
  stored: number;
  storedChunks: number;
  storedBytes: number;
  /** Bumped when the store lost the reply (restarted): writes begun before do not count. */
  rewrites: number;
  writing: boolean;
  /** When the last write began (ms), and the timer that writes what came after it. */
  lastWrite: number;
  trailing?: ReturnType<typeof setTimeout>;
  /** The response's headers, for resumes served by this instance. */
  headers: [string, string][];
  /** Registered in time: readers can take it up again. */
  resumable: boolean;
  settled: Promise<void>;
};

const ackTimeoutMs = 3000;
/** How often a reply's length is written to the store at most. */
const LENGTH_WRITE_MS = 50;
/** How long a position beyond the recorded length is waited for (the record lags behind). */
const LENGTH_WAIT_MS = 1000;
/**
 * A running reply's lease: its instance renews it every {@link LEASE_RENEW_MS}; when the instance
 * dies (SIGKILL, OOM), the lease lapses within {@link LEASE_SECONDS} and every instance sees the
 * reply as ended, instead of as running until its record's TTL.
 */
const LEASE_SECONDS = 4;
const LEASE_RENEW_MS = 1000;
/** How long a resume waits for a registered reply's body to start. */
const START_WAIT_MS = 2000;
/**
 * How long after its store's connection came back an instance does not answer that no reply
 * runs because the store has no record of it: a store that restarted forgot the replies, which
 * their instances register again at their next lease renewal (they reconnect about when this
 * one did).
 */
const RECONNECT_GRACE_MS = LEASE_SECONDS * 1000;
/** Headers a resumed response does not repeat from the original. */
const NOT_REPEATED = ["content-length", "x-crayon-reply-id", "x-crayon-resumable"];

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
  const prefix = options.keyPrefix ?? "crayon";
  const ttl = options.ttlSeconds ?? 24 * 60 * 60;
  const log = options.log ?? ((message: string) => console.error(message));
  const health = storeHealth(store.name, log);
  // The generating side never waits on, or fails with, the store; readers get a 503 instead.
  const producer = forgivingStore(store, health);
  const reader = strictStore(store, health, 2000);
  const setRange = options.keepProducedText === false ? undefined : producer.setRange;
  // `resumable-stream` calls the store from timers too, where a throw would be unhandled: it only
  // ever sees the forgiving store, and resumes check the store strictly before they use it.
  const context = createResumableStreamContext({ waitUntil: null, keyPrefix: prefix, ...producer });
  // Connected now, when the server starts, not when its first reply needs the store.
  void producer.publisher.connect();
  void producer.subscriber.connect();
  const locals = new Map<string, LocalReply>();
  /** This instance's running reply of each thread (the store is asked about the others). */
  const localThreads = new Map<string, LocalReply>();
  const threadKey = (threadId: string) => `${prefix}:thread:${threadId}`;
  const lengthKey = (replyId: string) => `${prefix}:length:${replyId}`;
  /** The original response's headers (JSON), which a resumed response carries too. */
  const headersKey = (replyId: string) => `${prefix}:headers:${replyId}`;
  const leaseKey = (replyId: string) => `${prefix}:lease:${replyId}`;
  /** The reply's produced text, with `keepProducedText`. */
  const textKey = (replyId: string) => `${prefix}:text:${replyId}`;
  /** Set once a resume was served a dead reply's kept text (only one is). */
  const servedKey = (replyId: string) => `${prefix}:served:${replyId}`;
  const unresumableKey = (replyId: string) => `${prefix}:unresumable:${replyId}`;
  const stopChannel = (replyId: string) => `${prefix}:stop:${replyId}`;
  /**
   * A stop that found no reply of the thread while the store had just come back (when the
   * thread's running reply may not be registered again yet): the time it was asked, for the
   * reply to stop itself when it registers again.
   */
  const stopAskedKey = (threadId: string) => `${prefix}:stop-asked:${threadId}`;
  /** `resumable-stream`'s own record of a reply: `"1"` while it runs, `"DONE"` after. */
  const sentinelKey = (replyId: string) => `${prefix}:rs:sentinel:${replyId}`;

  const authorized = async (request: Request, threadId: string) =>
    !options.authorize || (await options.authorize(request, threadId));

  /**
   * Keeps the store's length of a reply close behind the real one, for other instances' range
   * checks, and with `keepProducedText` the text produced since the last write (at its byte
   * offset, so a write made again after a failure leaves the same text): at most one write per
   * {@link LENGTH_WRITE_MS}, with the latest length (a store command per event would cost more
   * than the rest of the reply's handling). A write is made when a piece arrives that long after
   * the last one began, or, once pieces stop coming, that long after the last piece: a timer per
   * write would wake the process some 20 times a second per reply, which cost more than the
   * writes themselves.
   */
  const writeLength = (local: LocalReply) => {
    if (local.stored === local.length) return;
    writeLater(local);
    if (local.writing || Date.now() - local.lastWrite < LENGTH_WRITE_MS) return;
    local.writing = true;
    local.lastWrite = Date.now();
    const length = local.length;
    const rewrites = local.rewrites;
    const chunks = local.chunks.length;
    // Only what is new is joined: a reply's whole text is never copied per write.
    const piece = setRange ? local.chunks.slice(local.storedChunks, chunks).join("") : "";
    const writes = [producer.publisher.set(lengthKey(local.id), String(length), { EX: ttl })];
    if (setRange) {
      // The first piece (or all of it again, after the store restarted) sets the key's expiry.
      writes.push(
        local.stored === 0
          ? producer.publisher.set(textKey(local.id), piece, { EX: ttl })
          : setRange(textKey(local.id), local.storedBytes, piece),
      );
    }
    void Promise.all(writes).then((answers) => {
      // A failed write (the store is down) is made again, from the same offset.
      if (local.rewrites === rewrites && answers.every((answer) => answer !== null)) {
        local.stored = length;
        local.storedChunks = chunks;
        local.storedBytes += utf8Length(piece);
      }
      local.writing = false;
      if (local.stored !== local.length) writeLater(local);
    });
  };

  /** (Re)starts the timer that writes a reply's length {@link LENGTH_WRITE_MS} from now. */
  const writeLater = (local: LocalReply) => {
    const timer = local.trailing;
    // Node's timers move without being made again (a piece per event keeps pushing it back).
    if (timer && typeof timer === "object" && "refresh" in timer) timer.refresh();
    else {
      clearTimeout(timer);
      local.trailing = setTimeout(() => writeLength(local), LENGTH_WRITE_MS);
      (local.trailing as { unref?: () => void }).unref?.();
    }
  };

  /**
   * The length another instance recorded; when `position` is beyond it, read again for as long
   * as the record may lag behind what a reader can already have.
   */
  const recordedLength = async (id: string, position: number) => {
    let length = Number((await reader.publisher.get(lengthKey(id))) ?? 0);
    for (let waited = 0; position > length && waited < LENGTH_WAIT_MS; ) {
      await new Promise((resolve) => setTimeout(resolve, LENGTH_WRITE_MS));
      waited += LENGTH_WRITE_MS;
      length = Number((await reader.publisher.get(lengthKey(id))) ?? 0);
    }
    return length;
  };

  const start: ResumableReplies["start"] = async ({ threadId, replyId, generate }) => {
    const id = replyId ?? globalThis.crypto.randomUUID();
    const abort = new AbortController();
    const startedAt = Date.now();
    let settle!: () => void;
    const local: LocalReply = {
      id,
      threadId,
      abort,
      length: 0,
      chunks: [],
      stored: 0,
      storedChunks: 0,
      storedBytes: 0,
      rewrites: 0,
      writing: false,
      lastWrite: 0,
      headers: [],
      resumable: true,
      settled: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    locals.set(id, local);
    localThreads.set(threadId, local);
    const stopped = () => abort.abort("stop");
    // Registered before anything is generated, so that a Stop or a resume sent through another
    // instance right after the request finds the reply; then held by a renewed lease.
    const register = async () => {
      // Subscribed before the reply is announced, so no stop can be missed (a stop aborts
      // once, however many times a retried registration subscribed).
      await producer.subscriber.subscribe(stopChannel(id), stopped);
      const written = await Promise.all([
        producer.publisher.set(threadKey(threadId), id, { EX: ttl }),
        producer.publisher.set(leaseKey(id), "1", { EX: LEASE_SECONDS }),
        // A reply that started unregistered says so, for as long as it runs.
        ...(local.resumable
          ? []
          : [producer.publisher.set(unresumableKey(id), "1", { EX: LEASE_SECONDS })]),
      ]);
      return written.every((answer) => answer !== null);
    };
    let registered = false;
    /**
     * A store that restarted (empty) forgot the reply: it is registered again, with what a
     * resume from another instance needs (`resumable-stream`'s record that it runs, its
     * headers, its length).
     */
    const registerAgain = async () => {
      if ((await producer.publisher.get(threadKey(threadId))) !== null) return;
      if (!(await register())) return;
      await stopIfAsked();
      if (!local.resumable) return;
      if ((await producer.publisher.get(sentinelKey(id))) === null && locals.has(id)) {
        await producer.publisher.set(sentinelKey(id), "1", { EX: ttl });
      }
      void producer.publisher.set(headersKey(id), JSON.stringify(local.headers), { EX: ttl });
      local.stored = 0;
      local.storedChunks = 0;
      local.storedBytes = 0;
      local.rewrites++;
      writeLength(local);
    };
    /** A stop asked (since this reply started) while the store did not know this reply. */
    const stopIfAsked = async () => {
      const asked = Number((await producer.publisher.get(stopAskedKey(threadId))) ?? Number.NaN);
      if (asked >= startedAt) abort.abort("stop");
    };
    const renewal = setInterval(() => {
      // A registration that failed (a store down, a connection slower than the wait) is made
      // when the store answers: the reply can then be stopped from anywhere.
      if (!registered) {
        void register().then(async (done) => {
          registered ||= done;
          if (done) await stopIfAsked();
        });
      } else {
        void producer.publisher.set(leaseKey(id), "1", { EX: LEASE_SECONDS });
        if (!local.resumable) {
          void producer.publisher.set(unresumableKey(id), "1", { EX: LEASE_SECONDS });
        }
        void registerAgain();
      }
    }, LEASE_RENEW_MS);
    renewal.unref?.();
    const release = () => {
      clearInterval(renewal);
      if (locals.get(id) === local) locals.delete(id);
      if (localThreads.get(threadId) === local) localThreads.delete(threadId);
      void producer.subscriber.unsubscribe(stopChannel(id));
      settle();
    };
    registered = await withinMs(register(), options.registerWaitMs ?? 5000, false);
    // Unregistered in time, the reply is not made resumable at all (no half-registered state
    // where another instance would find it but could not serve it): it streams, its client is
    // told (`X-Crayon-Resumable: false`), and once the store answers other instances know it
    // runs (a resume gets 503, a stop reaches it), never a false 204.
    local.resumable = registered;
    let response: Response;
    try {
      response = await generate(abort.signal);
    } catch (error) {
      release();
      throw error;
    }
    if (!response.body || !response.ok) {
      release();
      return response;
    }
    const tapped = tapReply(
      response.body,
      {
        onText(chunk) {
          local.length += chunk.length;
          local.chunks.push(chunk);
          writeLength(local);
        },
        onEnd: release,
        onError(error) {
          const reason = error instanceof Error ? error.message : String(error);
          log(`Crayon resumable replies: a reply's body failed (${reason}); it ends there.`);
        },
      },
      { keepText: local.resumable },
    );
    // `resumable-stream` reads the text to keep it and relay it to resumes; the stream it returns
    // (the same text again) is left unread: the original response gets the body's own bytes.
    if (tapped.text) await context.createNewResumableStream(id, () => tapped.text!);
    const headers = new Headers(response.headers);
    for (const name of NOT_REPEATED) headers.delete(name);
    local.headers = [...headers];
    void producer.publisher.set(headersKey(id), JSON.stringify(local.headers), { EX: ttl });
    headers.set("X-Crayon-Reply-Id", id);
    if (!local.resumable) headers.set("X-Crayon-Resumable", "false");
    return new Response(tapped.bytes, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

  /**
   * Whether another instance's reply runs: not recorded as ended, and its lease renewed (an
   * instance that died stops renewing it). Throws when the store is down.
   */
  const runsElsewhere = async (id: string) => {
    const [state, lease] = await Promise.all([
      reader.publisher.get(sentinelKey(id)),
      reader.publisher.get(leaseKey(id)),
    ]);
    return state !== "DONE" && lease !== null;
  };

  /** The reply running for the thread: its id, or undefined. Throws when the store is down. */
  const runningReply = async (threadId: string): Promise<string | undefined> => {
    const local = localThreads.get(threadId);
    if (local) return local.id;
    const id = await reader.publisher.get(threadKey(threadId));
    if (typeof id !== "string") return undefined;
    return locals.has(id) || (await runsElsewhere(id)) ? id : undefined;
  };

  /**
   * Waits (bounded) until a reply registered on another instance has started its body, which
   * `resumable-stream` records; false when it did not start in time or its lease lapsed.
   */
  const started = async (id: string) => {
    for (let waited = 0; ; waited += LENGTH_WRITE_MS) {
      const [state, lease] = await Promise.all([
        reader.publisher.get(sentinelKey(id)),
        reader.publisher.get(leaseKey(id)),
      ]);
      if (state !== null) return state !== "DONE";
      if (lease === null || waited >= START_WAIT_MS) return false;
      await new Promise((resolve) => setTimeout(resolve, LENGTH_WRITE_MS));
    }
  };

  /** The original response's headers, as recorded (none for a reply recorded before them). */
  const originalHeaders = async (id: string): Promise<[string, string][]> => {
    try {
      const recorded = JSON.parse(String((await reader.publisher.get(headersKey(id))) ?? "[]"));
      return Array.isArray(recorded) ? recorded : [];
    } catch {
      return [];
    }
  };

  /** The store's outages so far (none for a store that cannot have one). */
  const outages = () => store.outages?.() ?? { count: 0, endedAt: 0 };
  /** The store's connection came back a moment ago: it may have restarted, forgetting replies. */
  const justReconnected = () => Date.now() - outages().endedAt < RECONNECT_GRACE_MS;

  /**
   * No reply of the thread is recorded: none runs, unless the store just came back from an
   * outage, when the instances running replies may not have registered them again yet.
   */
  const noneRunning = (action: string) =>
    justReconnected()
      ? errorResponse(
          "resume_unavailable",
          `The reply store just came back: ${action} again in a moment.`,
        )
      : noReply();

  /**
   * A resumed reply, relayed through the store from the instance generating it (this one or
   * another), which ends with an error, so that its reader resumes from where it got to, when
   * that instance stops renewing the reply's lease (it died), when the store's connection was
   * lost meanwhile (what was published then is lost), or when it ends without the reply being
   * recorded as ended.
   */
  const relayed = (stream: ReadableStream<string>, id: string): ReadableStream<string> => {
    const outagesBefore = outages().count;
    /** An outage began since the relay started: what was published meanwhile is lost. */
    const interrupted = () => outages().count !== outagesBefore;
    const source = stream.getReader();
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Looks that found the reply ended while its end had not arrived. */
    let ending = 0;
    let gone = false;
    return new ReadableStream<string>({
      start(controller) {
        const cut = (why: string) => {
          if (gone) return;
          gone = true;
          clearTimeout(timer);
          controller.error(new Error(`The relayed reply was cut: ${why}.`));
          source.cancel(why).catch(() => {});
        };
        const watch = async () => {
          try {
            if (interrupted()) return cut("the store's connection was lost");
            // Ended: its last chunks and end are on their way; two more looks, then it is cut.
            if (await runsElsewhere(id)) ending = 0;
            else if (++ending > 2) return cut("it ended without its end arriving");
          } catch {
            return cut("the store is unavailable");
          }
          if (!gone) timer = setTimeout(watch, LEASE_RENEW_MS);
        };
        timer = setTimeout(watch, LEASE_RENEW_MS);
        const pump = async () => {
          try {
            for (;;) {
              const { done, value } = await source.read();
              if (gone) return;
              if (interrupted()) return cut("the store's connection was lost");
              if (!done) {
                controller.enqueue(value);
                continue;
              }
              // `resumable-stream` also ends a relay whose record vanished: only a reply
              // recorded as ended is ended here.
              if ((await reader.publisher.get(sentinelKey(id))) !== "DONE") {
                return cut("it is not recorded as ended");
              }
              gone = true;
              clearTimeout(timer);
              controller.close();
              return;
            }
          } catch {
            cut("the store is unavailable");
          }
        };
        void pump();
      },
      cancel(reason) {
        gone = true;
        clearTimeout(timer);
        return source.cancel(reason);
      },
    });
  };

  /** A resumed response's headers: the original's, and where it resumes. */
  const resumedHeaders = (headers: Headers, id: string, position: number) => {
    if (!headers.has("Content-Type")) headers.set("Content-Type", "text/event-stream");
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
    headers.set("X-Crayon-Reply-Id", id);
    headers.set("X-Crayon-Resume-Position", String(position));
    return headers;
  };

  /**
   * The thread's last reply as kept in the store, when its instance died (neither recorded as
   * ended nor holding its lease) with its text kept. Not just after the store came back from an
   * outage: a store that restarted forgot the leases of replies that still run.
   */
  const deadReply = async (threadId: string) => {
    if (!setRange || justReconnected()) return undefined;
    const id = await reader.publisher.get(threadKey(threadId));
    if (typeof id !== "string" || locals.has(id)) return undefined;
    const [state, lease, text] = await Promise.all([
      reader.publisher.get(sentinelKey(id)),
      reader.publisher.get(leaseKey(id)),
      reader.publisher.get(textKey(id)),
    ]);
    return state === "DONE" || lease !== null || text === null
      ? undefined
      : { id, text: String(text) };
  };

  /**
   * What a reply whose instance died produced from `position`, as kept in the store: `200`
   * with the original's headers, and the body ends there; undefined when nothing more is kept.
   * It is served once: later resumes (other tabs, a retry) get `204` and load the stored
   * thread, which the app saves from {@link ResumableReplies.producedText} when it answers that
   * `204`. (Recorded apart from the reply's own record, which an instance that was only stalled
   * past its lease still runs by.)
   */
  const keptRest = async (threadId: string, position: number) => {
    const dead = await deadReply(threadId);
    if (!dead) return undefined;
    // Two resumes at once may both be served it: no harm, each gets the same text.
    if ((await reader.publisher.get(servedKey(dead.id))) !== null) return undefined;
    await reader.publisher.set(servedKey(dead.id), "1", { EX: ttl });
    if (position >= dead.text.length) return undefined;
    const headers = resumedHeaders(new Headers(await originalHeaders(dead.id)), dead.id, position);
    return new Response(utf8Body(endedByItsCrash(dead.text.slice(position))), {
      status: 200,
      headers,
    });
  };

  const resume: ResumableReplies["resume"] = async (request, { threadId, position = 0 }) => {
    if (!Number.isSafeInteger(position) || position < 0) {
      return errorResponse("invalid_position", "position must be a whole number ≥ 0.");
    }
    if (!(await authorized(request, threadId))) {
      return errorResponse("forbidden", "This thread's reply may not be resumed by this request.");
    }
    try {
      const id = await runningReply(threadId);
      if (id === undefined) return (await keptRest(threadId, position)) ?? noneRunning("resume");
      const local = locals.get(id);
      if (local ? !local.resumable : await reader.publisher.get(unresumableKey(id))) {
        return errorResponse(
          "resume_unavailable",
          "This reply started while the reply store was unreachable: it cannot be resumed, and is saved when it ends; try again.",
        );
      }
      if (!local && !(await started(id))) {
        return (await keptRest(threadId, position)) ?? noneRunning("resume");
      }
      const length = local ? local.length : await recordedLength(id, position);
      if (position > length) {
        // This instance's own count is exact; another's record may still lag behind what a
        // reader was sent, so that position is not refused: the client tries again.
        return local
          ? errorResponse(
              "position_out_of_range",
              `position ${position} is beyond the ${length} characters produced so far.`,
            )
          : errorResponse(
              "resume_unavailable",
              `position ${position} is not recorded yet (${length} characters are); try again.`,
            );
      }
      const headers = new Headers(local ? undefined : await originalHeaders(id));
      const stream = await withAckTimeout(context.resumeExistingStream(id, position));
      if (stream === null) return noReply();
      if (stream === undefined) {
        // No answer from the instance generating it: busy, or gone without a word.
        return errorResponse(
          "resume_unavailable",
          "The reply's instance did not answer; try again.",
        );
      }
      if (local) for (const [name, value] of local.headers) headers.set(name, value);
      return new Response(utf8Body(relayed(stream, id)), {
        status: 200,
        headers: resumedHeaders(headers, id, position),
      });
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        return errorResponse("resume_unavailable", "The reply store is unavailable; try again.");
      }
      return errorResponse("resume_unavailable", "The reply's instance did not answer; try again.");
    }
  };

  const stop: ResumableReplies["stop"] = async (request, { threadId }) => {
    if (!(await authorized(request, threadId))) {
      return errorResponse("forbidden", "This thread's reply may not be stopped by this request.");
    }
    try {
      const id = await runningReply(threadId);
      if (id === undefined) {
        // A reply whose lease lapsed while its instance still runs it (an instance stalled for
        // seconds) still hears the stop.
        const last = await reader.publisher.get(threadKey(threadId));
        const heard =
          typeof last === "string" && (await reader.publisher.publish(stopChannel(last), "stop"));
        if (Number(heard) > 0) return new Response(null, { status: 202 });
        // The store just came back: the reply may run and not be registered again yet. The
        // stop is kept for it (it stops itself when it registers), and the client asks again.
        if (justReconnected()) {
          await reader.publisher.set(stopAskedKey(threadId), String(Date.now()), {
            EX: Math.ceil((RECONNECT_GRACE_MS + 2 * LEASE_RENEW_MS) / 1000),
          });
        }
        return noneRunning("stop");
      }
      const local = locals.get(id);
      if (local) {
        local.abort.abort("stop");
        return new Response(null, { status: 202 });
      }
      const receivers = await reader.publisher.publish(stopChannel(id), "stop");
      return Number(receivers) > 0 ? new Response(null, { status: 202 }) : noReply();
    } catch {
      return errorResponse("resume_unavailable", "The reply store is unavailable; try again.");
    }
  };

  return {
    start,
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
        while ((await producer.publisher.get(sentinelKey(local.id))) === "1") {
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
      if (!setRange) return undefined;
      const id = await reader.publisher.get(threadKey(threadId));
      if (typeof id !== "string") return undefined;
      const text = await reader.publisher.get(textKey(id));
      if (text === null) return undefined;
      const [headers, running] = await Promise.all([originalHeaders(id), runsElsewhere(id)]);
      return { replyId: id, text: String(text), headers, running };
    },
    get running() {
      return locals.size;
    },
  };
}

/**
 * `resumable-stream` waits for the generating instance's answer (`null`: it finished meanwhile);
 * `undefined` when none came in time.
 */
function withAckTimeout<T>(promise: Promise<T | null | undefined>): Promise<T | null | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ackTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What `promise` gives within `ms`, else `fallback` (the promise goes on). */
function withinMs<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const encoder = new TextEncoder();

/**
 * A text stream as the UTF-8 bytes of a response body, one chunk read per chunk asked for:
 * `TextEncoderStream` costs a pipe and a transform's two queues per chunk, which at a model's
 * pace was a good part of what a resumable reply cost over a plain one.
 */
function utf8Body(text: ReadableStream<string>): ReadableStream<Uint8Array> {
  const reader = text.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** How many bytes `text` takes in UTF-8 (what the store's byte offsets count). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character; a lone surrogate is written as U+FFFD (3 bytes).
    else if (code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** How long after the kept text a resumed body is cut: time for that text to leave. */
const CUT_AFTER_MS = 250;

/**
 * A dead reply's kept text as a body that ends as a relayed one whose instance died: with an
 * error (the connection is cut), not a clean end a client would read as a reply ended mid-run.
 * Its reader resumes from where it got to, gets `204`, and loads the stored thread.
 */
function endedByItsCrash(text: string): ReadableStream<string> {
  let sent = false;
  return new ReadableStream<string>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        return controller.enqueue(text);
      }
      await new Promise((resolve) => setTimeout(resolve, CUT_AFTER_MS));
      controller.error(new Error("The reply's instance died: this is all it produced."));
    },
  });
}
