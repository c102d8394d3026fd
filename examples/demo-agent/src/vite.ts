import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Connect, Plugin } from "vite";
import { createDemoAgentApp } from "./app";
import type { DemoAgentOptions } from "./options";

/** Whether the demo agent answers this request path. */
export function isDemoAgentPath(url: string | undefined): boolean {
  return url !== undefined && /^\/api(?:[/?#]|$)/.test(url);
}

/**
 * Where the plugin keeps threads unless told otherwise (`dataDir`, `CRAYON_DEMO_DATA_DIR`):
 * a PGlite directory under the Vite project, so they outlive a restart of the dev server.
 */
export const defaultPluginDataDir = "./.data/threads";

/**
 * A Vite plugin that serves the demo agent on `/api/*` from the Vite server itself, in both
 * `vite` (dev) and `vite preview`: one process, no proxy. Other URLs go on to Vite. Threads are
 * kept in {@link defaultPluginDataDir} unless `dataDir`, `databaseUrl` or the environment
 * (`CRAYON_DEMO_DATA_DIR`, empty for memory; `DATABASE_URL`) say otherwise.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * import react from "@vitejs/plugin-react";
 * import { demoAgentPlugin } from "@crayonai/demo-agent/vite";
 *
 * export default { plugins: [react(), demoAgentPlugin()] };
 * ```
 */
export function demoAgentPlugin(options: DemoAgentOptions = {}): Plugin {
  let listener: ReturnType<typeof getRequestListener> | undefined;
  const middleware: Connect.NextHandleFunction = (
    req: IncomingMessage,
    res: ServerResponse,
    next: Connect.NextFunction,
  ) => {
    if (!isDemoAgentPath(req.url)) return next();
    listener ??= getRequestListener(
      createDemoAgentApp({
        ...options,
        dataDir: options.dataDir ?? process.env.CRAYON_DEMO_DATA_DIR ?? defaultPluginDataDir,
      }).fetch,
    );
    listener(req, res).catch(next);
  };
  return {
    name: "crayon-demo-agent",
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
