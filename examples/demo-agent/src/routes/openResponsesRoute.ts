import { openResponsesAdapter } from "@crayonai/stream/adapters/open-responses";
import { Hono } from "hono";
import { type AnswerTurnDeps, answerTurn } from "../chat/answerTurn";
import { openResponsesEncoder } from "../protocols/openResponsesEncoder";
import { readOpenResponsesRequest } from "../requests/openResponsesRequest";
import { jsonBody } from "./jsonBody";
import { replyStreamRoute } from "./replyStreamRoute";

/**
 * `POST /api/openai/responses`: the demo agent as an OpenAI Responses / Open Responses server
 * (so `openResponsesBackend({ url: "/api/openai/responses", model: "demo" })` talks to it). The
 * request is checked the way the Responses API checks it and rejected with OpenAI's error
 * shape; the reply streams as Responses events. The thread is saved like every other route's
 * when the body names it in `metadata.thread_id`, and its reply can then be resumed and stopped
 * at `GET`/`DELETE /api/openai/responses/:threadId/stream`.
 */
export function openResponsesRoute(deps: Omit<AnswerTurnDeps, "readBack">) {
  const responses = new Hono().post("/responses", async (c) => {
    const request = readOpenResponsesRequest(await jsonBody(c));
    if ("message" in request) {
      return c.json({ error: { ...request, type: "invalid_request_error", code: null } }, 400);
    }
    // A response carries less than the reply (no activities or state): it is saved as the
    // client reads it.
    return answerTurn(c, request, openResponsesEncoder, {
      ...deps,
      protocol: "open-responses",
      readBack: openResponsesAdapter(),
    });
  });
  return responses.route("/responses", replyStreamRoute(deps));
}
