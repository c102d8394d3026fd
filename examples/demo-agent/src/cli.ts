#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { createDemoAgentApp } from "./app";
import { parsePort } from "./parsePort";

const port = parsePort(process.argv.slice(2));
if (port === undefined) {
  console.error("Usage: demo-agent [--port <1-65535>]");
  process.exit(1);
}

serve({ fetch: createDemoAgentApp().fetch, port }, (info) => {
  console.log(`Crayon demo agent: http://localhost:${info.port}/api`);
});
