import { createResumableStreamContext } from "resumable-stream/generic";
import { forgivingStore, StoreUnavailableError, storeHealth, strictStore } from "./guardedStore";
import { inProcessReplyStore } from "./inProcessReplyStore";
import { errorResponse, noReply } from "./replyResponses";
import type { ReplyStore } from "./replyStore";

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
  /** How many replies this instance is generating. */
  readonly running: number;
};

type LocalReply = {
  id: string;
  threadId: string;
  abort: AbortController;
  /** Characters produced so far. */
  length: number;
  settled: Promise<void>;
};

const ackTimeoutMs = 3000;

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
  const health = storeHealth(store.name, options.log ?? ((message) => console.error(message)));
  // The generating side never waits on, or fails with, the store; readers get a 503 instead.
  const producer = forgivingStore(store.publisher, store.subscriber, health, 1000);
  const reader = strictStore(store.publisher, store.subscriber, health, 2000);
  // `resumable-stream` calls the store from timers too, where a throw would be unhandled: it only
  // ever sees the forgiving store, and resumes check the store strictly before they use it.
  const context = createResumableStreamContext({ waitUntil: null, keyPrefix: prefix, ...producer });
  const locals = new Map<string, LocalReply>();
  const threadKey = (threadId: string) => `${prefix}:thread:${threadId}`;
  const lengthKey = (replyId: string) => `${prefix}:length:${replyId}`;
  const typeKey = (replyId: string) => `${prefix}:type:${replyId}`;
  const stopChannel = (replyId: string) => `${prefix}:stop:${replyId}`;

  const authorized = async (request: Request, threadId: string) =>
    !options.authorize || (await options.authorize(request, threadId));

  /** The decoded body, counted; it never errors (a failing generation just ends it). */
  const countedText = (body: ReadableStream<Uint8Array>, local: LocalReply, done: () => void) => {
    const source = body.getReader();
    const decoder = new TextDecoder();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      done();
    };
    return new ReadableStream<string>({
      async pull(controller) {
        try {
          for (;;) {
            const { done: finished, value } = await source.read();
            const text = finished ? decoder.decode() : decoder.decode(value, { stream: true });
            if (text) {
              local.length += text.length;
              // Before the reader can have it, so a resume never asks beyond a stale length.
              void producer.publisher.set(lengthKey(local.id), String(local.length), { EX: ttl });
              controller.enqueue(text);
            }
            if (finished) break;
            if (text) return;
          }
        } catch (error) {
          (options.log ?? console.error)(
            `Crayon resumable replies: a reply's body failed (${error instanceof Error ? error.message : String(error)}); it ends here.`,
          );
        }
        controller.close();
        end();
      },
      cancel() {
        void source.cancel().catch(() => {});
        end();
      },
    });
  };

  const start: ResumableReplies["start"] = async ({ threadId, replyId, generate }) => {
    const id = replyId ?? globalThis.crypto.randomUUID();
    const abort = new AbortController();
    let settle!: () => void;
    const local: LocalReply = {
      id,
      threadId,
      abort,
      length: 0,
      settled: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    locals.set(id, local);
    const release = () => {
      if (locals.get(id) === local) locals.delete(id);
      void producer.subscriber.unsubscribe(stopChannel(id));
      settle();
    };
    // Subscribed before the reply is announced, so no stop can be missed.
    await producer.subscriber.subscribe(stopChannel(id), () => abort.abort("stop"));
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
    const text = countedText(response.body, local, release);
    const stream = (await context.createNewResumableStream(id, () => text)) ?? text;
    const contentType = response.headers.get("Content-Type") ?? "text/event-stream";
    await Promise.all([
      producer.publisher.set(typeKey(id), contentType, { EX: ttl }),
      producer.publisher.set(threadKey(threadId), id, { EX: ttl }),
    ]);
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.set("X-Crayon-Reply-Id", id);
    return new Response(stream.pipeThrough(new TextEncoderStream()), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };

  /** `resumable-stream`'s own record of a reply: `true` while it runs. */
  const strictSentinel = async (id: string) => {
    const state = await reader.publisher.get(`${prefix}:rs:sentinel:${id}`);
    return state !== null && state !== "DONE";
  };

  /** The reply running for the thread: its id, or undefined. Throws when the store is down. */
  const runningReply = async (threadId: string): Promise<string | undefined> => {
    const id = await reader.publisher.get(threadKey(threadId));
    if (typeof id !== "string") return undefined;
    const state = locals.has(id) ? true : await strictSentinel(id);
    return state === true ? id : undefined;
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
      if (id === undefined) return noReply();
      const local = locals.get(id);
      const length = local
        ? local.length
        : Number((await reader.publisher.get(lengthKey(id))) ?? 0);
      if (position > length) {
        return errorResponse(
          "position_out_of_range",
          `position ${position} is beyond the ${length} characters produced so far.`,
        );
      }
      const contentType = (await reader.publisher.get(typeKey(id))) ?? "text/event-stream";
      const stream = await withAckTimeout(context.resumeExistingStream(id, position));
      if (!stream) return noReply();
      return new Response(stream.pipeThrough(new TextEncoderStream()), {
        status: 200,
        headers: {
          "Content-Type": String(contentType),
          "Cache-Control": "no-cache",
          "X-Crayon-Reply-Id": id,
          "X-Crayon-Resume-Position": String(position),
        },
      });
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        return errorResponse("resume_unavailable", "The reply store is unavailable; try again.");
      }
      // The instance generating it is gone (no answer): nothing runs; the stored reply stands.
      return noReply();
    }
  };

  const stop: ResumableReplies["stop"] = async (request, { threadId }) => {
    if (!(await authorized(request, threadId))) {
      return errorResponse("forbidden", "This thread's reply may not be stopped by this request.");
    }
    try {
      const id = await runningReply(threadId);
      if (id === undefined) return noReply();
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
      await Promise.race([
        Promise.all(running.map((local) => local.settled)),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    get running() {
      return locals.size;
    },
  };
}

/** `resume-stream` waits for the generating instance's answer; one that never comes means it is gone. */
function withAckTimeout<T>(promise: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ackTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
