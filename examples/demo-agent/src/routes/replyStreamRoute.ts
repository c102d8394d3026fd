import { StoreUnavailableError } from "@crayonai/server/resumable";
import { DatabaseUnavailableError } from "@crayonai/server/threads";
import { Hono } from "hono";
import type { AnswerTurnDeps } from "../chat/answerTurn";
import { saveProducedReply } from "../chat/producedReply";
import { DEMO_USER } from "../store/demoUser";

/** Logs a failure to save an interrupted reply, unless its store was down (which it logged). */
function reportUnexpected(error: unknown) {
  if (error instanceof DatabaseUnavailableError || error instanceof StoreUnavailableError) return;
  console.error("The demo agent could not mark an interrupted reply:", error);
}

/**
 * `GET /:threadId/stream?position=N` resumes the thread's running reply from character `N`
 * (`200` with `X-Crayon-Resume-Position`, `204` when none runs, `416` beyond what was produced,
 * `503` when the reply store is down); `DELETE /:threadId/stream` stops it (`202`, or `204`
 * when none runs). Answered by the resumable replies kit, whatever the protocol (a `protocol`
 * query parameter is ignored: the reply is resumed in the protocol it was started in).
 *
 * A `204` to a resume means no instance generates a reply of the thread: one still stored
 * `streaming` was cut off (its instance was killed or crashed), and is marked interrupted
 * before the answer, so the stored thread says what the client then shows: with everything it
 * produced when the reply store (Redis) kept its text (`saveProducedReply`), else with its last
 * checkpoint.
 */
export function replyStreamRoute({
  replies,
  threads,
}: Pick<AnswerTurnDeps, "replies" | "threads">) {
  return new Hono().on(["GET", "DELETE"], "/:threadId/stream", async (c) => {
    const threadId = c.req.param("threadId");
    const response = await replies.handle(c.req.raw, { threadId });
    if (c.req.method === "GET" && response.status === 204) {
      // Everything the reply produced, when the reply store kept it; else its last checkpoint.
      await saveProducedReply(replies, threads.store, threadId).catch(reportUnexpected);
      await threads.store.interruptReplies(DEMO_USER, { threadId }).catch(reportUnexpected);
    }
    return response;
  });
}
