import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// Test support: the CLI in a child process of its own, as it runs in production.

// One free-port probe for every test that starts servers of its own.
export { freePort } from "../../../packages/server/test/support/redisServer";

/**
 * The CLI from source, on `port` with its threads in PGlite in `dataDir` (undefined: in memory)
 * and 40 ms between streamed pieces, once it listens. `env` adds to (or overrides) its
 * environment, e.g. `REDIS_URL` or `DATABASE_URL` (which wins over `dataDir`); neither is taken
 * from this process's environment.
 */
export async function startCli(
  port: number,
  dataDir: string | undefined,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
  const argv = ["--import", "tsx", cli, "--port", String(port), ...args];
  const child = spawn(process.execPath, argv, {
    env: {
      ...process.env,
      CRAYON_DEMO_DATA_DIR: dataDir ?? "",
      CRAYON_DEMO_DELAY_MS: "40",
      OPENAI_API_KEY: "",
      HOST: "",
      REDIS_URL: "",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The demo agent exited with ${code}.`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Crayon demo agent")) resolve();
    });
  });
  return child;
}

/** Waits for the process to exit: its exit code, or the signal that ended it. */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal as NodeJS.Signals))),
  );
}
