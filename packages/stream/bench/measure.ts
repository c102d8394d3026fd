import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// A full GC before every timed run keeps one contestant's garbage from being collected on the
// next one's clock. `--expose-gc` is switched on from here so `tsx bench/run.ts` needs no flags.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * What a timing measures. `cpu` (default): CPU time of this process (user + system), which
 * leaves out the time the OS gave to other processes, so figures stay comparable on a busy
 * machine; for this single-threaded work it equals wall time on an idle one. `wall`
 * (`--wall`): elapsed time.
 */
export const clock: "cpu" | "wall" = process.argv.includes("--wall") ? "wall" : "cpu";

const now =
  clock === "cpu"
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();

const SETTLE_MS = 50;

/** Milliseconds taken by `task` (see {@link clock}), after a full garbage collection. */
export async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  collectGarbage();
  // Let the collector's background threads (concurrent sweeping) finish first: their CPU time
  // would otherwise be charged to the task.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const start = now();
  const value = await task();
  return { ms: now() - start, value };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Runs every task `warmup` times untimed, then `runs` times timed, round-robin (so slow drift of
 * the machine affects all of them alike), and returns the median milliseconds of each. A task
 * whose first warm-up takes longer than `slowMs` gets one warm-up and 3 timed runs instead, to
 * keep the whole benchmark short.
 */
export async function medians(
  tasks: ReadonlyArray<() => Promise<unknown>>,
  { warmup, runs, slowMs = 1000 }: { warmup: number; runs: number; slowMs?: number },
): Promise<number[]> {
  const plannedRuns: number[] = [];
  for (const task of tasks) {
    const first = (await timed(task)).ms;
    plannedRuns.push(first > slowMs ? Math.min(3, runs) : runs);
    if (first <= slowMs) for (let i = 1; i < warmup; i++) await task();
  }
  const samples: number[][] = tasks.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, task] of tasks.entries()) {
      if (i < plannedRuns[index]!) samples[index]!.push((await timed(task)).ms);
    }
  }
  return samples.map(median);
}
