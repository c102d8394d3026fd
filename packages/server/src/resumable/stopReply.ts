import { justReconnected, noneRunning } from "./reconnectGrace";
import type { ReplyKit } from "./replyKit";
import { runningReply } from "./replyRecords";
import { errorResponse, noReply } from "./replyResponses";
import { keepStopAsked } from "./stopAsked";

/** Stops the thread's running reply, on whichever instance (see `ResumableReplies.stop`). */
export async function stopReply(
  kit: ReplyKit,
  request: Request,
  { threadId }: { threadId: string },
): Promise<Response> {
  const { store, reader, keys, locals } = kit;
  if (!(await kit.authorized(request, threadId))) {
    return errorResponse("forbidden", "This thread's reply may not be stopped by this request.");
  }
  try {
    const id = await runningReply(kit, threadId);
    if (id === undefined) {
      // A reply whose lease lapsed while its instance still runs it (an instance stalled for
      // seconds) still hears the stop.
      const last = await reader.publisher.get(keys.threadKey(threadId));
      const heard =
        typeof last === "string" &&
        (await reader.publisher.publish(keys.stopChannel(last), "stop"));
      if (Number(heard) > 0) return new Response(null, { status: 202 });
      // The store just came back: the reply may run and not be registered again yet. The
      // stop is kept for it (it stops itself when it registers), and the client asks again.
      if (justReconnected(store)) await keepStopAsked(kit, threadId);
      return noneRunning(store, "stop");
    }
    const local = locals.get(id);
    if (local) {
      local.abort.abort("stop");
      return new Response(null, { status: 202 });
    }
    const receivers = await reader.publisher.publish(keys.stopChannel(id), "stop");
    return Number(receivers) > 0 ? new Response(null, { status: 202 }) : noReply();
  } catch {
    return errorResponse("resume_unavailable", "The reply store is unavailable; try again.");
  }
}
