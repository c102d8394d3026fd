import { Hono } from "hono";
import { demoProtocolAdapter } from "../browser/demoProtocolAdapter";
import { type AnswerTurnDeps, answerTurn } from "../chat/answerTurn";
import { isDemoProtocol } from "../protocols/demoProtocols";
import { protocolEncoders } from "../protocols/encoders";
import { readAgUIRequest } from "../requests/agUIRequest";
import { isBodyError } from "../requests/bodyError";
import { readCrayonRequest } from "../requests/crayonRequest";
import { readVercelRequest } from "../requests/vercelRequest";
import { jsonBody } from "./jsonBody";
import { replyStreamRoute } from "./replyStreamRoute";

/**
 * `POST /api/chat?protocol=…`: answers the conversation in the body, streamed in the requested
 * protocol. Each protocol is sent its own request format: a `RunAgentInput` for `ag-ui`, the AI
 * SDK's chat request for `vercel`, Crayon's `{ threadId, messages, state? }` for `crayon`,
 * `plain-text` and `text`. `openai` is served at `POST /api/openai/chat/completions`,
 * `open-responses` at `POST /api/openai/responses`.
 * `GET`/`DELETE /api/chat/:threadId/stream` resume and stop a thread's reply (`replyStreamRoute`).
 */
export function chatRoute(deps: Omit<AnswerTurnDeps, "readBack">) {
  const chat = new Hono().post("/", async (c) => {
    const protocol = c.req.query("protocol") ?? "crayon";
    if (!isDemoProtocol(protocol)) {
      return c.json({ error: `Unknown protocol "${protocol}".` }, 400);
    }
    if (protocol === "openai" || protocol === "open-responses") {
      const path = protocol === "openai" ? "chat/completions" : "responses";
      return c.json(
        { error: `The ${protocol} protocol is served at POST /api/openai/${path}.` },
        400,
      );
    }
    const body = await jsonBody(c);
    const request =
      protocol === "ag-ui"
        ? readAgUIRequest(body)
        : protocol === "vercel"
          ? await readVercelRequest(body)
          : readCrayonRequest(body);
    if (isBodyError(request)) return c.json(request, 400);
    // The text-only protocols reduce the reply to its text: it is saved as the client reads it.
    const reduced = protocol === "plain-text" || protocol === "text";
    return answerTurn(c, request, protocolEncoders[protocol], {
      ...deps,
      protocol,
      ...(reduced && { readBack: demoProtocolAdapter(protocol) }),
    });
  });
  return chat.route("/", replyStreamRoute(deps));
}
