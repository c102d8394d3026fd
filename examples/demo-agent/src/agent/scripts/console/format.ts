/** "40 ms", "3.2 s", "7 min 3 s": durations for people. */
export function formatDuration(ms: number): string {
  if (ms < 100) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)} min${rest > 0 ? ` ${rest} s` : ""}`;
}

/** "$0.0123": four decimals, since single calls cost fractions of a cent. */
export function formatCost(usd: number): string {
  return `$${usd.toFixed(4)}`;
}

/** "1,234" (en-US grouping, fixed so output does not depend on the server's locale). */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
