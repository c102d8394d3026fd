import { parseArgs } from "node:util";
import type { DemoAgentOptions } from "./options";

/** The default port of the standalone server. */
export const defaultPort = 8787;

/** The default address of the standalone server: loopback only, as the API has no authentication. */
export const defaultHost = "127.0.0.1";

/** How to call the CLI, printed when the arguments are wrong. */
export const cliUsage = [
  "Usage: demo-agent [--port <1-65535>] [--host <address>] [--cors-origin <origin>]...",
  "                  [--max-body-bytes <n>] [--database-url <postgres://…> | --data-dir <dir>]",
  "                  [--redis-url <redis://…>]",
].join("\n");

/** What the CLI runs: where it listens, and the app options its flags set. */
export type CliOptions = { port: number; hostname: string; app: DemoAgentOptions };

/**
 * The CLI's options from its arguments: `--port` (default 8787), `--host` (else the `HOST`
 * environment variable, else 127.0.0.1), `--cors-origin` (repeatable; else
 * `CRAYON_DEMO_CORS_ORIGINS`), `--max-body-bytes` (else `CRAYON_DEMO_MAX_BODY_BYTES`), and
 * where threads and replies are kept: `--database-url` (else `DATABASE_URL`), `--data-dir`
 * (else `CRAYON_DEMO_DATA_DIR`) and `--redis-url` (else `REDIS_URL`). Undefined when an
 * argument is unknown or its value is not valid.
 */
export function parseCliOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): CliOptions | undefined {
  let values: Record<string, string | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "cors-origin": { type: "string", multiple: true },
        "max-body-bytes": { type: "string" },
        "database-url": { type: "string" },
        "data-dir": { type: "string" },
        "redis-url": { type: "string" },
      },
    }));
  } catch {
    return undefined;
  }
  const port = Number(values.port ?? defaultPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return undefined;
  const hostname = (values.host as string | undefined) ?? (env.HOST || defaultHost);
  if (hostname === "") return undefined;
  const app: DemoAgentOptions = {};
  if (values["cors-origin"]) app.corsOrigins = values["cors-origin"] as string[];
  if (values["max-body-bytes"] !== undefined) {
    const bytes = Number(values["max-body-bytes"]);
    if (!Number.isInteger(bytes) || bytes < 1) return undefined;
    app.maxBodyBytes = bytes;
  }
  const databaseUrl = values["database-url"] as string | undefined;
  const dataDir = values["data-dir"] as string | undefined;
  const redisUrl = values["redis-url"] as string | undefined;
  // Threads are in one place: a Postgres server or a PGlite directory.
  if (databaseUrl !== undefined && dataDir !== undefined) return undefined;
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\/./.test(databaseUrl)) return undefined;
    app.databaseUrl = databaseUrl;
  }
  if (dataDir !== undefined) {
    if (dataDir === "") return undefined;
    // A directory named here wins over a `DATABASE_URL` in the environment.
    app.dataDir = dataDir;
    app.databaseUrl = "";
  }
  if (redisUrl !== undefined) {
    if (!/^rediss?:\/\/./.test(redisUrl)) return undefined;
    app.redisUrl = redisUrl;
  }
  return { port, hostname, app };
}
