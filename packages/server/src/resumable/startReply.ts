import { writeLength } from "./lengthWrites";
import { newLocalReply } from "./localReply";
import { NOT_REPEATED } from "./replyHeaders";
import type { ReplyKit } from "./replyKit";
import { LEASE_RENEW_MS, LEASE_SECONDS, withinMs } from "./replyTimings";
import type { StartReplyOptions } from "./resumableReplies";
import { stopWasAsked } from "./stopAsked";
import { tapReply } from "./tappedReply";

/** Starts a reply and returns the response to send (see `ResumableReplies.start`). */
export async function startReply(
  kit: ReplyKit,
  { threadId, replyId, generate }: StartReplyOptions,
): Promise<Response> {
  const { producer, keys, ttl, locals, localThreads, context } = kit;
  const id = replyId ?? globalThis.crypto.randomUUID();
  const startedAt = Date.now();
  const { local, settle } = newLocalReply(id, threadId);
  const { abort } = local;
  locals.set(id, local);
  localThreads.set(threadId, local);
  const stopped = () => abort.abort("stop");
  // Registered before anything is generated, so that a Stop or a resume sent through another
  // instance right after the request finds the reply; then held by a renewed lease.
  const register = async () => {
    // Subscribed before the reply is announced, so no stop can be missed (a stop aborts
    // once, however many times a retried registration subscribed).
    await producer.subscriber.subscribe(keys.stopChannel(id), stopped);
    const written = await Promise.all([
      producer.publisher.set(keys.threadKey(threadId), id, { EX: ttl }),
      producer.publisher.set(keys.leaseKey(id), "1", { EX: LEASE_SECONDS }),
      // A reply that started unregistered says so, for as long as it runs.
      ...(local.resumable
        ? []
        : [producer.publisher.set(keys.unresumableKey(id), "1", { EX: LEASE_SECONDS })]),
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
    if ((await producer.publisher.get(keys.threadKey(threadId))) !== null) return;
    if (!(await register())) return;
    await stopIfAsked();
    if (!local.resumable) return;
    if ((await producer.publisher.get(keys.sentinelKey(id))) === null && locals.has(id)) {
      await producer.publisher.set(keys.sentinelKey(id), "1", { EX: ttl });
    }
    void producer.publisher.set(keys.headersKey(id), JSON.stringify(local.headers), { EX: ttl });
    local.stored = 0;
    local.storedChunks = 0;
    local.storedBytes = 0;
    local.rewrites++;
    writeLength(kit, local);
  };
  /** A stop asked (since this reply started) while the store did not know this reply. */
  const stopIfAsked = async () => {
    if (await stopWasAsked(kit, threadId, startedAt)) abort.abort("stop");
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
      void producer.publisher.set(keys.leaseKey(id), "1", { EX: LEASE_SECONDS });
      if (!local.resumable) {
        void producer.publisher.set(keys.unresumableKey(id), "1", { EX: LEASE_SECONDS });
      }
      void registerAgain();
    }
  }, LEASE_RENEW_MS);
  renewal.unref?.();
  const release = () => {
    clearInterval(renewal);
    if (locals.get(id) === local) locals.delete(id);
    if (localThreads.get(threadId) === local) localThreads.delete(threadId);
    void producer.subscriber.unsubscribe(keys.stopChannel(id));
    settle();
  };
  registered = await withinMs(register(), kit.options.registerWaitMs ?? 5000, false);
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
        writeLength(kit, local);
      },
      onEnd: release,
      onError(error) {
        const reason = error instanceof Error ? error.message : String(error);
        kit.log(`Crayon resumable replies: a reply's body failed (${reason}); it ends there.`);
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
  void producer.publisher.set(keys.headersKey(id), JSON.stringify(local.headers), { EX: ttl });
  headers.set("X-Crayon-Reply-Id", id);
  if (!local.resumable) headers.set("X-Crayon-Resumable", "false");
  return new Response(tapped.bytes, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
