/** The default port of the standalone server. */
export const defaultPort = 8787;

/**
 * The port from CLI arguments (`--port 9000` or `--port=9000`); {@link defaultPort} when absent,
 * undefined when the value is not a port.
 */
export function parsePort(args: readonly string[]): number | undefined {
  let value: string | undefined;
  args.forEach((arg, index) => {
    if (arg === "--port") value = args[index + 1] ?? "";
    else if (arg.startsWith("--port=")) value = arg.slice("--port=".length);
  });
  if (value === undefined) return defaultPort;
  const port = Number(value);
  return Number.isInteger(port) && port >= 1 && port <= 65_535 ? port : undefined;
}

/** The default address: loopback only, since the API has no authentication. */
export const defaultHost = "127.0.0.1";

/** The address from CLI arguments (`--host 0.0.0.0` or `--host=::`), else `HOST`, else loopback. */
export function parseHost(args: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  let value: string | undefined;
  args.forEach((arg, index) => {
    if (arg === "--host") value = args[index + 1];
    else if (arg.startsWith("--host=")) value = arg.slice("--host=".length);
  });
  return value || env.HOST || defaultHost;
}
