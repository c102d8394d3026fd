import { parseArgs } from "node:util";
import type { DemoAgentOptions } from "./options";

/** The default port of the standalone server. */
export const defaultPort = 8787;

/** The default address of the standalone server: loopback only, as the API has no authentication. */
export const defaultHost = "127.0.0.1";

/** How to call the CLI, printed when the arguments are wrong. */
export const cliUsage =
  "Usage: demo-agent [--port <1-65535>] [--host <address>] [--cors-origin <origin>]... [--max-body-bytes <n>]";

/** What the CLI runs: where it listens, and the app options its flags set. */
export type CliOptions = { port: number; hostname: string; app: DemoAgentOptions };

/**
 * The CLI's options from its arguments: `--port` (default 8787), `--host` (else the `HOST`
 * environment variable, else 127.0.0.1), `--cors-origin` (repeatable; else
 * `CRAYON_DEMO_CORS_ORIGINS`) and `--max-body-bytes` (else `CRAYON_DEMO_MAX_BODY_BYTES`).
 * Undefined when an argument is unknown or its value is not valid.
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
  return { port, hostname, app };
}
