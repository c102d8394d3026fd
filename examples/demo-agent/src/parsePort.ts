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
