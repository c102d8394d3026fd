import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "../../../packages/server/test/support/redisServer";

const examplesDir = resolve(import.meta.dirname, "../..");

/** A running example: its base URL, its port and how to stop it. */
export type ExampleServer = { url: string; port: number; close: () => void };

async function waitUntilServing(url: string, server: ChildProcess, log: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${url} exited early:\n${log.join("")}`);
    try {
      if ((await fetch(`${url}/api/scripts`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not start within 60 s:\n${log.join("")}`);
}

/**
 * The demo agent at a third of its usual pace, for a test that needs an MCP App to be fed a
 * partial input while other work delays the app's start (a long thread loading, a sandbox
 * proxy's handshake): `/mcp`'s arguments then stay open 9 s instead of 3, so the app has started
 * before the rest arrives even on a loaded machine (at load 13 an app once started after the
 * arguments had ended and was, correctly, fed the whole input at once).
 */
export const MCP_APP_PACE = { CRAYON_DEMO_DELAY_MS: "60" };

/** How an example is served once built: Vite's preview server, or Next's production server. */
const SERVERS = {
  vite: { built: "dist/index.html", bin: "vite", args: ["preview", "--strictPort", "--host"] },
  next: { built: ".next/BUILD_ID", bin: "next", args: ["start", "--hostname"] },
} as const;

/**
 * Serves a built example (its demo agent is mounted in the same server) on a fresh database (its
 * threads in PGlite in memory, never on a `DATABASE_URL` of the environment) and a free port, so
 * each test file starts with no threads and two runs of the suite can share the machine. `env`
 * adds to the server's environment (the demo agent's pace, say).
 */
export async function serveExample(
  name: string,
  kind: keyof typeof SERVERS = "vite",
  env: Record<string, string> = {},
): Promise<ExampleServer> {
  const dir = join(examplesDir, name);
  const { built, bin, args } = SERVERS[kind];
  if (!existsSync(join(dir, built)))
    throw new Error(`examples/${name} is not built: run \`pnpm build\` first.`);
  const port = await freePort();
  const log: string[] = [];
  const server = spawn(
    join(dir, "node_modules/.bin", bin),
    [...args, "127.0.0.1", "--port", String(port)],
    {
      cwd: dir,
      env: {
        ...process.env,
        CRAYON_DEMO_DATA_DIR: "",
        DATABASE_URL: "",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
    },
  );
  server.stdout?.on("data", (chunk) => log.push(String(chunk)));
  server.stderr?.on("data", (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const close = () => {
    server.kill();
  };
  try {
    await waitUntilServing(url, server, log);
  } catch (error) {
    close();
    throw error;
  }
  return { url, port, close };
}
