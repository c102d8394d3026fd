#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { createDemoAgentServer } from "./app";
import { cliUsage, parseCliOptions } from "./cliOptions";
import { resolveOptions } from "./options";

const options = parseCliOptions(process.argv.slice(2));
if (options === undefined) {
  console.error(cliUsage);
  process.exit(1);
}
// Loopback unless told otherwise: the API has no authentication.
const { port, hostname } = options;

const agent = createDemoAgentServer(options.app);
const server = serve({ fetch: agent.app.fetch, port, hostname }, (info) => {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  console.log(`Crayon demo agent: http://${host}:${info.port}/api (${stores()})`);
});

/** Where threads and replies are kept, for the start-up line (no credentials). */
function stores(): string {
  const { databaseUrl, dataDir, redisUrl } = resolveOptions(options!.app);
  const at = (url: string) => {
    try {
      const { host, pathname } = new URL(url);
      return `${host}${pathname}`;
    } catch {
      return "a URL that does not parse";
    }
  };
  const threads = databaseUrl
    ? `Postgres at ${at(databaseUrl)}`
    : `PGlite ${dataDir ? `in ${dataDir}` : "in memory"}`;
  return `threads: ${threads}; replies: ${redisUrl ? `Redis at ${at(redisUrl)}` : "in process"}`;
}

// SIGTERM / SIGINT: no new connections; the replies streaming are stopped and saved as
// interrupted (the UI offers Retry), the databases are closed, then exit 0. A second signal
// exits at once.
let closing = false;
const shutDown = (signal: NodeJS.Signals) => {
  if (closing) process.exit(1);
  closing = true;
  server.close();
  agent.close().then(
    () => process.exit(0),
    (error) => {
      console.error(`The demo agent could not shut down cleanly on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", shutDown);
process.on("SIGINT", shutDown);
