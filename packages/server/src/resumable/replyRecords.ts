import type { ReplyKit } from "./replyKit";
import { LENGTH_WRITE_MS } from "./replyTimings";

/** How long a position beyond the recorded length is waited for (the record lags behind). */
const LENGTH_WAIT_MS = 1000;
/** How long a resume waits for a registered reply's body to start. */
const START_WAIT_MS = 2000;

/**
 * Whether another instance's reply runs: not recorded as ended, and its lease renewed (an
 * instance that died stops renewing it). Throws when the store is down.
 */
export async function runsElsewhere({ reader, keys }: ReplyKit, id: string): Promise<boolean> {
  const [state, lease] = await Promise.all([
    reader.publisher.get(keys.sentinelKey(id)),
    reader.publisher.get(keys.leaseKey(id)),
  ]);
  return state !== "DONE" && lease !== null;
}

/** The reply running for the thread: its id, or undefined. Throws when the store is down. */
export async function runningReply(kit: ReplyKit, threadId: string): Promise<string | undefined> {
  const local = kit.localThreads.get(threadId);
  if (local) return local.id;
  const id = await kit.reader.publisher.get(kit.keys.threadKey(threadId));
  if (typeof id !== "string") return undefined;
  return kit.locals.has(id) || (await runsElsewhere(kit, id)) ? id : undefined;
}

/**
 * Waits (bounded) until a reply registered on another instance has started its body, which
 * `resumable-stream` records; false when it did not start in time or its lease lapsed.
 */
export async function started({ reader, keys }: ReplyKit, id: string): Promise<boolean> {
  for (let waited = 0; ; waited += LENGTH_WRITE_MS) {
    const [state, lease] = await Promise.all([
      reader.publisher.get(keys.sentinelKey(id)),
      reader.publisher.get(keys.leaseKey(id)),
    ]);
    if (state !== null) return state !== "DONE";
    if (lease === null || waited >= START_WAIT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, LENGTH_WRITE_MS));
  }
}

/**
 * The length another instance recorded; when `position` is beyond it, read again for as long
 * as the record may lag behind what a reader can already have.
 */
export async function recordedLength(
  { reader, keys }: ReplyKit,
  id: string,
  position: number,
): Promise<number> {
  let length = Number((await reader.publisher.get(keys.lengthKey(id))) ?? 0);
  for (let waited = 0; position > length && waited < LENGTH_WAIT_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, LENGTH_WRITE_MS));
    waited += LENGTH_WRITE_MS;
    length = Number((await reader.publisher.get(keys.lengthKey(id))) ?? 0);
  }
  return length;
}

/** The original response's headers, as recorded (none for a reply recorded before them). */
export async function originalHeaders(
  { reader, keys }: ReplyKit,
  id: string,
): Promise<[string, string][]> {
  try {
    const recorded = JSON.parse(String((await reader.publisher.get(keys.headersKey(id))) ?? "[]"));
    return Array.isArray(recorded) ? recorded : [];
  } catch {
    return [];
  }
}
