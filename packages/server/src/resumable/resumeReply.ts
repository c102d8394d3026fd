import { keptRest } from "./deadReplyText";
import { StoreUnavailableError } from "./guardedStore";
import { noneRunning } from "./reconnectGrace";
import { relayed } from "./relayedReply";
import { resumedHeaders } from "./replyHeaders";
import type { ReplyKit } from "./replyKit";
import { originalHeaders, recordedLength, runningReply, started } from "./replyRecords";
import { errorResponse, noReply } from "./replyResponses";
import { withinMs } from "./replyTimings";
import { utf8Body } from "./utf8";

/** How long a resume waits for the generating instance's answer. */
const ACK_TIMEOUT_MS = 3000;

/** The thread's running reply from character `position` (see `ResumableReplies.resume`). */
export async function resumeReply(
  kit: ReplyKit,
  request: Request,
  { threadId, position = 0 }: { threadId: string; position?: number },
): Promise<Response> {
  const { store, reader, keys, locals, context } = kit;
  if (!Number.isSafeInteger(position) || position < 0) {
    return errorResponse("invalid_position", "position must be a whole number ≥ 0.");
  }
  if (!(await kit.authorized(request, threadId))) {
    return errorResponse("forbidden", "This thread's reply may not be resumed by this request.");
  }
  try {
    const id = await runningReply(kit, threadId);
    if (id === undefined) {
      return (await keptRest(kit, threadId, position)) ?? noneRunning(store, "resume");
    }
    const local = locals.get(id);
    if (local ? !local.resumable : await reader.publisher.get(keys.unresumableKey(id))) {
      return errorResponse(
        "resume_unavailable",
        "This reply started while the reply store was unreachable: it cannot be resumed, and is saved when it ends; try again.",
      );
    }
    if (!local && !(await started(kit, id))) {
      return (await keptRest(kit, threadId, position)) ?? noneRunning(store, "resume");
    }
    const length = local ? local.length : await recordedLength(kit, id, position);
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
    const headers = new Headers(local ? undefined : await originalHeaders(kit, id));
    const stream = await withAckTimeout(context.resumeExistingStream(id, position));
    if (stream === null) return noReply();
    if (stream === undefined) {
      // No answer from the instance generating it: busy, or gone without a word.
      return errorResponse("resume_unavailable", "The reply's instance did not answer; try again.");
    }
    if (local) for (const [name, value] of local.headers) headers.set(name, value);
    return new Response(utf8Body(relayed(kit, stream, id)), {
      status: 200,
      headers: resumedHeaders(headers, id, position),
    });
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      return errorResponse("resume_unavailable", "The reply store is unavailable; try again.");
    }
    return errorResponse("resume_unavailable", "The reply's instance did not answer; try again.");
  }
}

/**
 * `resumable-stream` waits for the generating instance's answer (`null`: it finished meanwhile);
 * `undefined` when none came in time.
 */
function withAckTimeout<T>(promise: Promise<T | null | undefined>): Promise<T | null | undefined> {
  return withinMs<T | null | undefined>(promise, ACK_TIMEOUT_MS, undefined);
}
