import { DatabaseUnavailableError, threadRoutes } from "@crayonai/server/threads";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { demoScripts } from "../agent/scripts";
import type { AnswerTurnDeps } from "../chat/answerTurn";
import { DEMO_USER } from "../store/demoUser";
import { chatRoute } from "./chatRoute";
import { openAIRoute } from "./openAIRoute";
import { openResponsesRoute } from "./openResponsesRoute";

/** What the demo agent's routes answer with: {@link AnswerTurnDeps} without a reply's own parts. */
export type DemoAgentRoutesDeps = Omit<AnswerTurnDeps, "readBack" | "protocol">;

/**
 * Mounts the demo agent's API on `app`, under `/api`: the thread REST routes of
 * `@crayonai/server` (every request as the demo's one user, once the threads have started),
 * `POST /api/chat`, the two OpenAI-compatible routes, their resume and stop routes,
 * `GET /api/scripts` (the commands of `deps.scripts`), the MCP routes when `deps.mcp` is set,
 * a body limit, and JSON for a route that is not there or a failure. Imports nothing of Node:
 * the server (`createDemoAgentServer`) and the in-page agent mount the same routes.
 */
export function mountDemoAgentRoutes(app: Hono, deps: DemoAgentRoutesDeps): Hono {
  const { threads, options, mcp } = deps;
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: options.maxBodyBytes,
      onError: (c) =>
        c.json({ error: `The request body is larger than ${options.maxBodyBytes} bytes.` }, 413),
    }),
  );
  const threadHandler = threadRoutes(threads.store, {
    authorize: () => ({ userId: DEMO_USER }),
    basePath: "/api/threads",
    maxMessageBytes: options.maxBodyBytes,
  });
  const serveThreads = async (c: Context) => {
    await threads.started;
    return threadHandler(c.req.raw);
  };
  app.all("/api/threads", serveThreads);
  app.all("/api/threads/*", serveThreads);
  if (mcp) app.all("/api/mcp/*", (c) => mcp.apps.handle(c.req.raw));
  app.route("/api/chat", chatRoute(deps));
  app.route("/api/openai", openAIRoute(deps));
  app.route("/api/openai", openResponsesRoute(deps));
  const scripts = deps.scripts ?? demoScripts;
  app.get("/api/scripts", (c) =>
    c.json(scripts.map(({ command, description }) => ({ command, description }))),
  );
  app.notFound((c) => c.json({ error: `Nothing at ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    // Postgres is down (the store logged it once): a typed 503 the client may retry.
    if (error instanceof DatabaseUnavailableError) {
      const message = "The thread database is unavailable. Try again in a moment.";
      c.header("Retry-After", "1");
      return c.req.path.startsWith("/api/openai/")
        ? c.json({ error: { message, type: "server_error", code: "database_unavailable" } }, 503)
        : c.json({ error: message, code: "database_unavailable" }, 503);
    }
    console.error("The demo agent failed:", error);
    return c.json({ error: "The demo agent failed; see its log." }, 500);
  });
  return app;
}
