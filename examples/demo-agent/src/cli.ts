#!/usr/bin/env node
import { serve } from "@hono/node-server";
import { createDemoAgentApp } from "./app";
import { parseHost, parsePort } from "./parsePort";

const args = process.argv.slice(2);
const port = parsePort(args);
if (port === undefined) {
  console.error("Usage: demo-agent [--port <1-65535>] [--host <address>]");
  process.exit(1);
}
// Loopback unless told otherwise: the API has no authentication.
const hostname = parseHost(args);

serve({ fetch: createDemoAgentApp().fetch, port, hostname }, (info) => {
  console.log(
    `Crayon demo agent: http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${info.port}/api`,
  );
});
