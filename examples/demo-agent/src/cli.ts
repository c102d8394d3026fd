#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { createDemoAgentApp } from "./app";
import { cliUsage, parseCliOptions } from "./cliOptions";

const options = parseCliOptions(process.argv.slice(2));
if (options === undefined) {
  console.error(cliUsage);
  process.exit(1);
}
// Loopback unless told otherwise: the API has no authentication.
const { port, hostname } = options;

serve({ fetch: createDemoAgentApp(options.app).fetch, port, hostname }, (info) => {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  console.log(`Crayon demo agent: http://${host}:${info.port}/api`);
});
