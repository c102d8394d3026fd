import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { demoScripts } from "./agent/scripts";
import { type DemoAgentOptions, resolveOptions } from "./options";
import { chatRoute } from "./routes/chatRoute";
import { openAIRoute } from "./routes/openAIRoute";
import { threadRoutes } from "./routes/threadRoutes";
import { ThreadStore } from "./store/threadStore";

/**
 * The demo agent as a Hono app: the thread REST routes, `POST /api/chat` (every protocol but
 * OpenAI's), `POST /api/openai/chat/completions` (an OpenAI-compatible server) and
 * `GET /api/scripts`, all under `/api`. Mount it with `app.fetch` (any Fetch-API server),
 * `demoAgentPlugin` (Vite) or the CLI.
 *
 * @example
 * ```ts
 * import { serve } from "@hono/node-server";
 * import { createDemoAgentApp } from "@crayonai/demo-agent";
 *
 * serve({ fetch: createDemoAgentApp({ delayMs: 10 }).fetch, port: 8787 });
 * ```
 */
export function createDemoAgentApp(options: DemoAgentOptions = {}): Hono {
  const resolved = resolveOptions(options);
  // Opened on the first request: sql.js loads its WebAssembly asynchronously.
  let opened: Promise<ThreadStore> | undefined;
  const store = () => {
    opened ??= ThreadStore.open(resolved.dbFile);
    return opened;
  };

  const app = new Hono();
  // Only origins the operator named may call the API from a page of theirs.
  if (resolved.corsOrigins.length) app.use("/api/*", cors({ origin: [...resolved.corsOrigins] }));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: resolved.maxBodyBytes,
      onError: (c) =>
        c.json({ error: `The request body is larger than ${resolved.maxBodyBytes} bytes.` }, 413),
    }),
  );
  app.route("/api/threads", threadRoutes(store));
  app.route("/api/chat", chatRoute(store, resolved));
  app.route("/api/openai", openAIRoute(store, resolved));
  app.get("/api/scripts", (c) =>
    c.json(demoScripts.map(({ command, description }) => ({ command, description }))),
  );
  app.notFound((c) => c.json({ error: `Nothing at ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    console.error("The demo agent failed:", error);
    return c.json({ error: "The demo agent failed; see its log." }, 500);
  });
  return app;
}
