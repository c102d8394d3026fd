import {
  createResumableReplies,
  inProcessReplyStore,
  type ResumableReplies,
  redisReplyStore,
} from "@crayonai/server/resumable";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { createDemoMcp, demoMcpServers } from "./mcp/demoMcp";
import { type DemoAgentOptions, resolveOptions } from "./options";
import { mountDemoAgentRoutes } from "./routes/demoAgentRoutes";
import { openDemoThreads } from "./store/demoThreads";
import { DEMO_USER } from "./store/demoUser";

/** The demo agent app, and how to shut it down. */
export type DemoAgentServer = {
  app: Hono;
  /**
   * Shuts down gracefully (on SIGTERM): stops the replies this process is generating, saves each
   * partial reply as interrupted (status `error`, the UI offers Retry), then closes the thread
   * database and the reply store. Stop listening first; the app must not be used afterwards.
   */
  close(): Promise<void>;
};

/**
 * The demo agent as a Hono app: the thread REST routes, `POST /api/chat` (every protocol but
 * OpenAI's two), `POST /api/openai/chat/completions` and `POST /api/openai/responses` (an
 * OpenAI-compatible server), their `GET`/`DELETE …/:threadId/stream` (resume or stop a
 * thread's reply) and `GET /api/scripts`,
 * all under `/api`. Mount it with `app.fetch` (any Fetch-API server), `demoAgentPlugin` (Vite)
 * or the CLI. See {@link createDemoAgentServer} for a graceful shutdown.
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
  return createDemoAgentServer(options).app;
}

/**
 * {@link createDemoAgentApp}, with `close()` for a graceful shutdown.
 *
 * @example
 * ```ts
 * const agent = createDemoAgentServer();
 * const server = serve({ fetch: agent.app.fetch, port: 8787 });
 * process.once("SIGTERM", async () => {
 *   server.close();
 *   await agent.close();
 *   process.exit(0);
 * });
 * ```
 */
export function createDemoAgentServer(options: DemoAgentOptions = {}): DemoAgentServer {
  const resolved = resolveOptions(options);
  // Opened at once, in the background (PGlite takes about a second to start): the server
  // listens meanwhile, and the first requests wait for it.
  const threads = openDemoThreads(resolved);
  const replyStore = resolved.redisUrl
    ? redisReplyStore({ url: resolved.redisUrl })
    : inProcessReplyStore();
  const replies: ResumableReplies = createResumableReplies({ store: replyStore });

  const app = new Hono();
  // Only origins the operator named may call the API from a page of theirs.
  // A resuming client reads where the reply resumed from (`X-Crayon-Resume-Position`).
  if (resolved.corsOrigins.length) {
    const exposeHeaders = ["X-Crayon-Resume-Position", "X-Crayon-Reply-Id"];
    app.use("/api/*", cors({ origin: [...resolved.corsOrigins], exposeHeaders }));
  }
  // The MCP servers /mcp calls (started when first used), and their routes for the chat's UI:
  // an app's HTML and the tools apps may call, in a thread of the demo's one user.
  const mcp =
    options.mcpServers === null
      ? undefined
      : createDemoMcp(options.mcpServers ?? demoMcpServers(), {
          basePath: "/api/mcp",
          authorize: async (_request, threadId) => {
            if (threadId === undefined) return true;
            await threads.started;
            return (await threads.store.getThread(DEMO_USER, threadId)) !== undefined;
          },
        });
  // The thread routes wait for the threads to start (the replies a previous run was cut off in
  // are marked first).
  mountDemoAgentRoutes(app, { threads, options: resolved, replies, ...(mcp && { mcp }) });
  const close = async () => {
    await replies.shutdown();
    await threads.store.close();
    await replyStore.close();
    await mcp?.apps.close();
  };
  return { app, close };
}
