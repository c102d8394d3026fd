// `--profile DIR`: a CPU profile of each run (Chrome DevTools opens the `.cpuprofile`), with the
// run's long tasks in the profile's clock beside it, so `profileReport.ts` can say which
// functions filled the longest tasks. Profiling slows the page: figures of a profiled run are not
// comparable with others.
import { writeFile } from "node:fs/promises";
import type { CDPSession } from "playwright-core";

type Profile = {
  nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

/** When (profile clock) the first sample inside a function named `name` was taken. */
function firstSampleIn(profile: Profile, name: string): number {
  const inside = new Set<number>();
  const mark = (id: number, within: boolean) => {
    const node = profile.nodes.find((candidate) => candidate.id === id)!;
    const now = within || node.callFrame.functionName === name;
    if (now) inside.add(id);
    for (const child of node.children ?? []) mark(child, now);
  };
  mark(profile.nodes[0]!.id, false);
  let time = profile.startTime;
  for (const [i, id] of (profile.samples ?? []).entries()) {
    time += profile.timeDeltas![i]!;
    if (inside.has(id)) return time;
  }
  throw new Error(`the profile has no sample in ${name}: raise the sampling rate`);
}

/** What `profileReport.ts` reads beside a `.cpuprofile`. */
export type ProfiledTasks = {
  /** The run's long tasks, `[start, duration]` in microseconds of the profile's clock. */
  longTasks: [number, number][];
};

/** Sampling interval in microseconds: fine enough to split a 50 ms task into 250 samples. */
const INTERVAL_US = 200;

/**
 * Starts profiling the page's main thread. `stop(path)` writes `path.cpuprofile` and
 * `path.tasks.json` with the long tasks (page clock) that began after the start.
 */
export async function startProfile(cdp: CDPSession) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
  await cdp.send("Profiler.start");
  return {
    /**
     * `startedAt`: the page's clock when the run's first function, `startRun`, began. The
     * profile's clock differs from the page's by a constant, read off the first sample taken in
     * `startRun` (within one sampling interval).
     */
    async stop(
      path: string,
      startedAt: number,
      longTasks: readonly [number, number][],
    ): Promise<void> {
      const { profile } = await cdp.send("Profiler.stop");
      const offset = firstSampleIn(profile, "startRun") - startedAt * 1000;
      const tasks: ProfiledTasks = {
        longTasks: longTasks
          .filter(([start, duration]) => start + duration > startedAt)
          .map(([start, duration]) => [start * 1000 + offset, duration * 1000]),
      };
      await writeFile(`${path}.cpuprofile`, JSON.stringify(profile));
      await writeFile(`${path}.tasks.json`, JSON.stringify(tasks));
    },
  };
}
