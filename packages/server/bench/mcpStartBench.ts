// How long the published MCP App example servers take to start over stdio: from spawning the
// process to its tool list (initialize, tools/list, resources/list), each server alone and the
// three at once (as the first `GET /api/mcp/tools` starts them). Run: pnpm bench:mcp
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { createMcpApps } from "../src/mcp";

const require = createRequire(import.meta.url);
const SERVERS = ["server-basic-react", "server-basic-vanillajs", "server-system-monitor"];
const RUNS = Number(process.env.RUNS ?? 5);

const stdio = (name: string) => ({
  command: process.execPath,
  args: [join(dirname(require.resolve(`@modelcontextprotocol/${name}`)), "index.js"), "--stdio"],
});

async function timeToTools(names: string[]): Promise<number> {
  const apps = createMcpApps({
    servers: Object.fromEntries(names.map((name) => [name.replace("server-", ""), stdio(name)])),
  });
  const start = performance.now();
  const { errors } = await apps.tools();
  const elapsed = performance.now() - start;
  await apps.close();
  if (errors.length) throw new Error(JSON.stringify(errors));
  return elapsed;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, ${RUNS} runs, median ms`);
for (const set of [...SERVERS.map((name) => [name]), SERVERS]) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await timeToTools(set));
  console.log(
    `${set.join(" + ").padEnd(70)} ${median(times).toFixed(0)} (min ${Math.min(...times).toFixed(0)})`,
  );
}
