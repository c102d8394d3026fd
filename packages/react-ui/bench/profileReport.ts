// Which functions filled a profiled run's longest tasks (see `--profile` in bench/README.md).
//
//   npx tsx bench/profileReport.ts DIR/tiny-50k-crayon-1 [--tasks 3] [--top 25]
//
// For each of the longest tasks: its length, then the functions by self time (their own code)
// and by total time (with what they called), in ms of samples inside the task.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { ProfiledTasks } from "./cpuProfile";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tasks: { type: "string", default: "3" }, top: { type: "string", default: "25" } },
});
const path = positionals[0];
if (!path)
  throw new Error("usage: profileReport.ts PATH (without .cpuprofile) [--tasks N] [--top N]");
const profile = JSON.parse(await readFile(`${path}.cpuprofile`, "utf8")) as Profile;
const { longTasks } = JSON.parse(await readFile(`${path}.tasks.json`, "utf8")) as ProfiledTasks;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);
const nameOf = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").pop()}:${callFrame.lineNumber + 1}`;
// Sample i covers [times[i], times[i + 1]).
const times: number[] = [];
let clock = profile.startTime;
for (const delta of profile.timeDeltas) {
  clock += delta;
  times.push(clock);
}

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(8)}  ${name}`)
    .join("\n");

const longest = [...longTasks].sort((a, b) => b[1] - a[1]).slice(0, Number(values.tasks));
console.log(
  `${longTasks.length} long tasks: ${longTasks.map(([, d]) => Math.round(d / 1000)).join(", ")} ms`,
);
for (const [start, duration] of longest) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (let i = 0; i < times.length - 1; i++) {
    if (times[i]! < start || times[i]! >= start + duration) continue;
    const length = times[i + 1]! - times[i]!;
    let id: number | undefined = profile.samples[i]!;
    const leaf = nameOf(nodes.get(id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + length);
    const seen = new Set<string>();
    for (; id !== undefined; id = parents.get(id)) {
      const name = nameOf(nodes.get(id)!);
      if (seen.has(name)) continue; // a recursive function counts once per sample
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + length);
    }
  }
  console.log(
    `\nTask of ${(duration / 1000).toFixed(0)} ms\nself:\n${top(self, Number(values.top))}`,
  );
  console.log(`total:\n${top(total, Number(values.top))}`);
}
