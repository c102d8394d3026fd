/** "40 ms", "3.2 s", "1 min 14 s", "1 h 3 min": durations for people. */
export function formatDuration(ms: number): string {
  if (ms < 100) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** "$0.0123": four decimals, since single model calls cost fractions of a cent. */
export function formatCost(usd: number): string {
  return `$${usd.toFixed(4)}`;
}

/** "12,345". */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/** "3 tasks", "1 task". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
