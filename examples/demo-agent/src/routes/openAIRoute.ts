import { openAIChatAdapter } from "@crayonai/stream/adapters/openai";
import { Hono } from "hono";
import { answerTurn } from "../chat/answerTurn";
import type { ResolvedDemoAgentOptions } from "../options";
import { openAIEncoder } from "../protocols/openAIEncoder";
import { readOpenAIRequest } from "../requests/openAIRequest";
import type { ThreadStore } from "../store/threadStore";
import { jsonBody } from "./jsonBody";

/**
 * `POST /api/openai/chat/completions`: the demo agent as an OpenAI-compatible Chat Completions
 * server (so `openAIBackend({ baseURL: "/api/openai", model: "demo" })` talks to it). The
 * request is checked the way the OpenAI API checks it and rejected with OpenAI's error shape;
 * the reply streams as `chat.completion.chunk`s. The thread is saved like every other route's
 * when the body names it in `metadata.thread_id`.
 */
export function openAIRoute(store: () => Promise<ThreadStore>, options: ResolvedDemoAgentOptions) {
  return new Hono().post("/chat/completions", async (c) => {
    const request = readOpenAIRequest(await jsonBody(c));
    if ("message" in request) {
      return c.json({ error: { ...request, type: "invalid_request_error", code: null } }, 400);
    }
    // A completion carries less than the reply: it is saved as the client reads it.
    return answerTurn(c, request, openAIEncoder, { store, options, readBack: openAIChatAdapter() });
  });
}
