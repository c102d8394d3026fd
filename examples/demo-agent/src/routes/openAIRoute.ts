import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
import { Hono } from "hono";
import { type AnswerTurnDeps, answerTurn } from "../chat/answerTurn";
import { openAIEncoder } from "../protocols/openAIEncoder";
import { readOpenAIRequest } from "../requests/openAIRequest";
import { jsonBody } from "./jsonBody";
import { replyStreamRoute } from "./replyStreamRoute";

/**
 * `POST /api/openai/chat/completions`: the demo agent as an OpenAI-compatible Chat Completions
 * server (so `openAIBackend({ baseURL: "/api/openai", model: "demo" })` talks to it). The
 * request is checked the way the OpenAI API checks it and rejected with OpenAI's error shape;
 * the reply streams as `chat.completion.chunk`s. The thread is saved like every other route's
 * when the body names it in `metadata.thread_id`, and its reply can then be resumed and stopped
 * at `GET`/`DELETE /api/openai/chat/completions/:threadId/stream`.
 */
export function openAIRoute(deps: Omit<AnswerTurnDeps, "readBack">) {
  const completions = new Hono().post("/chat/completions", async (c) => {
    const request = readOpenAIRequest(await jsonBody(c));
    if ("message" in request) {
      return c.json({ error: { ...request, type: "invalid_request_error", code: null } }, 400);
    }
    // A completion carries less than the reply: it is saved as the client reads it.
    return answerTurn(c, request, openAIEncoder, {
      ...deps,
      protocol: "openai",
      readBack: openAIChatAdapter(),
    });
  });
  return completions.route("/chat/completions", replyStreamRoute(deps));
}
