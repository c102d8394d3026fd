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
 * A Vite plugin that serves the demo agent on `/api/*` from the Vite server itself, in both
 * `vite` (dev) and `vite preview`: one process, no proxy. Other URLs go on to Vite.
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
    listener ??= getRequestListener(createDemoAgentApp(options).fetch);
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
