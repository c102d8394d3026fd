import type { ResumableReplies } from "@crayonai/server/resumable";
import { Hono } from "hono";

/**
 * `GET /:threadId/stream?position=N` resumes the thread's running reply from character `N`
 * (`200` with `X-Crayon-Resume-Position`, `204` when none runs, `416` beyond what was produced,
 * `503` when the reply store is down); `DELETE /:threadId/stream` stops it (`202`, or `204`
 * when none runs). Answered by the resumable replies kit, whatever the protocol (a `protocol`
 * query parameter is ignored: the reply is resumed in the protocol it was started in).
 */
export function replyStreamRoute(replies: ResumableReplies) {
  return new Hono().on(["GET", "DELETE"], "/:threadId/stream", (c) =>
    replies.handle(c.req.raw, { threadId: c.req.param("threadId") }),
  );
}
