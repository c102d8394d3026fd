import { justReconnected } from "./reconnectGrace";
import { resumedHeaders } from "./replyHeaders";
import type { ReplyKit } from "./replyKit";
import { originalHeaders } from "./replyRecords";
import type { ResumableReplies } from "./resumableReplies";
import { utf8Body } from "./utf8";

/** How long after the kept text a resumed body is cut: time for that text to leave. */
const CUT_AFTER_MS = 250;

/**
 * The thread's last reply as kept in the store, when its instance died (neither recorded as
 * ended nor holding its lease) with its text kept. Not just after the store came back from an
 * outage: a store that restarted forgot the leases of replies that still run.
 */
async function deadReply({ store, reader, keys, setRange, locals }: ReplyKit, threadId: string) {
  if (!setRange || justReconnected(store)) return undefined;
  const id = await reader.publisher.get(keys.threadKey(threadId));
  if (typeof id !== "string" || locals.has(id)) return undefined;
  const [state, lease, text] = await Promise.all([
    reader.publisher.get(keys.sentinelKey(id)),
    reader.publisher.get(keys.leaseKey(id)),
    reader.publisher.get(keys.textKey(id)),
  ]);
  return state === "DONE" || lease !== null || text === null
    ? undefined
    : { id, text: String(text) };
}

/**
 * What a reply whose instance died produced from `position`, as kept in the store: `200`
 * with the original's headers, and the body ends there; undefined when nothing more is kept.
 * It is served once: later resumes (other tabs, a retry) get `204` and load the stored
 * thread, which the app saves from {@link ResumableReplies.producedText} when it answers that
 * `204`. (Recorded apart from the reply's own record, which an instance that was only stalled
 * past its lease still runs by.)
 */
export async function keptRest(
  kit: ReplyKit,
  threadId: string,
  position: number,
): Promise<Response | undefined> {
  const { reader, keys, ttl } = kit;
  const dead = await deadReply(kit, threadId);
  if (!dead) return undefined;
  // Two resumes at once may both be served it: no harm, each gets the same text.
  if ((await reader.publisher.get(keys.servedKey(dead.id))) !== null) return undefined;
  await reader.publisher.set(keys.servedKey(dead.id), "1", { EX: ttl });
  if (position >= dead.text.length) return undefined;
  const headers = resumedHeaders(
    new Headers(await originalHeaders(kit, dead.id)),
    dead.id,
    position,
  );
  return new Response(utf8Body(endedByItsCrash(dead.text.slice(position))), {
    status: 200,
    headers,
  });
}

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
