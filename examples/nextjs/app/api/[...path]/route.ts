import { join } from "node:path";
import { createDemoAgentApp, demoMcpServers } from "@crayonai/demo-agent";

// The agent keeps threads in PGlite (or Postgres with DATABASE_URL) and streams replies:
// Node.js, never cached.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Created on the first request, not while `next build` loads this module; one per process,
// since it owns its PGlite database.
let app: ReturnType<typeof createDemoAgentApp> | undefined;

/** Hands every /api/* request to the demo agent's Hono app (its routes start with /api). */
function handle(request: Request): Response | Promise<Response> {
  // The MCP App servers (`/mcp`) run over stdio from their packages, which this bundled route
  // cannot find from where it sits: they resolve from the demo agent's package directory.
  app ??= createDemoAgentApp({
    mcpServers: demoMcpServers({
      from: join(process.cwd(), "node_modules/@crayonai/demo-agent"),
    }),
  });
  return app.fetch(request);
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
