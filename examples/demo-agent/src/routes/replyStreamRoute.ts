import { DatabaseUnavailableError } from "@crayonai/server/threads";
import { Hono } from "hono";
import type { AnswerTurnDeps } from "../chat/answerTurn";
import { DEMO_USER } from "../store/demoThreads";

/**
 * `GET /:threadId/stream?position=N` resumes the thread's running reply from character `N`
 * (`200` with `X-Crayon-Resume-Position`, `204` when none runs, `416` beyond what was produced,
 * `503` when the reply store is down); `DELETE /:threadId/stream` stops it (`202`, or `204`
 * when none runs). Answered by the resumable replies kit, whatever the protocol (a `protocol`
 * query parameter is ignored: the reply is resumed in the protocol it was started in).
 *
 * A `204` to a resume means no instance generates a reply of the thread: one still stored
 * `streaming` was cut off (its instance was killed or crashed), and is marked interrupted
 * before the answer, so the stored thread says what the client then shows.
 */
export function replyStreamRoute({
  replies,
  threads,
}: Pick<AnswerTurnDeps, "replies" | "threads">) {
  return new Hono().on(["GET", "DELETE"], "/:threadId/stream", async (c) => {
    const threadId = c.req.param("threadId");
    const response = await replies.handle(c.req.raw, { threadId });
    if (c.req.method === "GET" && response.status === 204) {
      await threads.store.interruptReplies(DEMO_USER, { threadId }).catch((error) => {
        // An unavailable database was logged by the store; the answer stays 204.
        if (!(error instanceof DatabaseUnavailableError))
          console.error("The demo agent could not mark an interrupted reply:", error);
      });
    }
    return response;
  });
}
