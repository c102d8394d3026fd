import type { ResumableReplies } from "@crayonai/server/resumable";
import { relayBody } from "../chat/relayBody";

/**
 * How the in-page agent runs the replies of saved threads, in place of the resumable replies of
 * `@crayonai/server` (which `answerTurn` runs them through on a server): a reply runs while its
 * reader reads it, and an explicit stop (`DELETE …/stream`) aborts it (`202`, or `204` when none
 * runs; a thread's newer reply takes the place of an older one). Nothing is kept to resume: the
 * page holds the only reader, and a reload ends the agent with it, so a resume always answers
 * `204` (no reply runs).
 */
export function pageReplies(): ResumableReplies {
  const running = new Map<string, AbortController>();
  const noReply = () => new Response(null, { status: 204 });

  const stop: ResumableReplies["stop"] = async (_request, { threadId }) => {
    const reply = running.get(threadId);
    if (!reply) return noReply();
    running.delete(threadId);
    reply.abort("stop");
    return new Response(null, { status: 202 });
  };
  const resume: ResumableReplies["resume"] = async () => noReply();

  return {
    async start({ threadId, generate }) {
      const abort = new AbortController();
      running.set(threadId, abort);
      const ended = () => {
        if (running.get(threadId) === abort) running.delete(threadId);
      };
      return relayBody(await generate(abort.signal), { onCancel: ended, onEnd: ended });
    },
    resume,
    stop,
    handle: (request, options) =>
      request.method === "DELETE" ? stop(request, options) : resume(request, options),
    async shutdown() {
      for (const reply of running.values()) reply.abort("shutdown");
      running.clear();
    },
    producedText: async () => undefined,
    get running() {
      return running.size;
    },
  };
}
