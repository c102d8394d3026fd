// `pnpm bench`: throughput of every stream adapter against the floor and the protocol's own
// parser, and how the message accumulator scales against the AI SDK's and AG-UI's reducers.
// Prints figures and ratios; it never fails on them. See docs/src/content/docs/stream/benchmarks.md.
//
// Options: --only=<name>[,<name>…] runs only those protocols (by table name) and/or
// `accumulator`; --tsx imports src/ through tsx instead of bundling it; --wall times elapsed
// instead of CPU time. Each section runs in its own Node process.
import { execFile } from "node:child_process";
import { arch, cpus, loadavg, platform } from "node:os";
import { fileURLToPath } from "node:url";
import { type AccumulatorResult, benchAccumulator } from "./accumulatorBench";
import { sourceMode } from "./loadSource";
import { clock } from "./measure";
import { agUIBench } from "./protocols/agUI";
import { crayonBench } from "./protocols/crayon";
import { openAIChatBench } from "./protocols/openAIChat";
import { openResponsesBench } from "./protocols/openResponses";
import { plainTextSSEBench } from "./protocols/plainTextSSE";
import { textStreamBench } from "./protocols/textStream";
import { vercelBench } from "./protocols/vercel";
import { benchProtocol, type StreamResult } from "./streamBench";
import { count, duration, fixed, ratio, table } from "./table";

const MiB = 1024 * 1024;
const STREAM = { minBytes: 10 * MiB, warmup: 2, runs: 9 };
const ACCUMULATOR = { small: 40_000, large: 80_000, peerCapMs: 10_000 };
const TARGET = { floor: 1.3, growth: 2.2 };
const PROTOCOLS = [
  crayonBench,
  agUIBench,
  vercelBench,
  plainTextSSEBench,
  openAIChatBench,
  openResponsesBench,
  textStreamBench,
];

const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const child = process.argv.find((arg) => arg.startsWith("--child="))?.slice("--child=".length);
const selected = (name: string) => !only || only.includes(name);
const progress = (text: string) => process.stderr.write(`${text}\n`);

/** Runs one section (a protocol's name, or `accumulator`) in this process. */
function runSection(name: string): Promise<StreamResult | AccumulatorResult> {
  if (name === "accumulator") return benchAccumulator(ACCUMULATOR);
  return benchProtocol(PROTOCOLS.find((p) => p.name === name)!, STREAM);
}

if (child) {
  process.stdout.write(JSON.stringify(await runSection(child)));
  process.exit(0);
}

/**
 * Runs one section in a fresh Node process (same flags, `--child=<name>`), so that no section's
 * JIT state or heap shape affects another's figures.
 */
function runInChild<T>(name: string): Promise<T> {
  const args = process.argv.slice(2).filter((arg) => !arg.startsWith("--only="));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ...args, `--child=${name}`],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${name}: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as T);
      },
    );
  });
}

const started = performance.now();
const loadBefore = loadavg()[0]!;
const failures: string[] = [];
/** Runs a section in a child process; a section that crashes is reported, not fatal. */
async function section<T>(name: string): Promise<T | undefined> {
  const t = performance.now();
  try {
    return await runInChild<T>(name);
  } catch (error) {
    failures.push(`${name} failed: ${error instanceof Error ? error.message.trim() : error}`);
    return undefined;
  } finally {
    progress(`${name} (${duration(performance.now() - t)})`);
  }
}

const streamResults: StreamResult[] = [];
for (const protocol of PROTOCOLS.filter((p) => selected(p.name))) {
  const result = await section<StreamResult>(protocol.name);
  if (result) streamResults.push(result);
}
const accumulator = selected("accumulator")
  ? await section<AccumulatorResult>("accumulator")
  : undefined;

// ─── Report ───

const mark = (ok: boolean) => (ok ? "ok" : "MISSED");
/** Whether a ratio, as printed (2 decimals), meets its target. */
const meets = (value: number, target: number) => Number(value.toFixed(2)) <= target;
const cpu = cpus();
console.log(
  `@crayonai/stream bench · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC · ` +
    `Node ${process.version} ${platform()}-${arch()} · ${cpu.length} × ${cpu[0]?.model.trim() ?? "?"}`,
);
console.log(
  `src/ ${sourceMode === "bundle" ? "bundled with esbuild as in dist/" : "imported through tsx"} · ` +
    `times are ${clock === "cpu" ? "CPU time" : "elapsed time"} · ` +
    `load average ${fixed(loadBefore, 2)} → ${fixed(loadavg()[0]!, 2)}`,
);

if (streamResults.length > 0) {
  console.log(
    `\n1. Adapters: a ≥ ${STREAM.minBytes / MiB} MiB stream read in 16–64 KiB chunks; median of ` +
      `${STREAM.runs} runs (3 for runs over 1 s). MB = 10^6 bytes; events = frames on the wire.\n` +
      `   floor = eventsource-parser + JSON.parse of each JSON data, through the same for-await ` +
      `loop. Targets: adapter/floor ≤ ${TARGET.floor}×, adapter/peer < 1× (time ratios).`,
  );
  const rows: string[][] = [];
  for (const r of streamResults) {
    const a = r.adapter;
    const peers = r.peers.length > 0 ? r.peers : [undefined];
    peers.forEach((peer, i) => {
      const first = i === 0;
      rows.push([
        first ? r.protocol : "",
        first ? fixed(r.bytes / 1e6) : "",
        first ? count(r.frames) : "",
        first && a ? fixed(a.mbPerSecond) : first ? "–" : "",
        first && a ? count(a.eventsPerSecond) : first ? "–" : "",
        first ? fixed(r.floor.mbPerSecond) : "",
        first && a
          ? `${ratio(a.ms / r.floor.ms)} ${mark(meets(a.ms / r.floor.ms, TARGET.floor))}`
          : "",
        peer?.name ?? "–",
        peer ? fixed(peer.mbPerSecond) : "–",
        peer && a ? `${ratio(a.ms / peer.ms)} ${mark(a.ms < peer.ms)}` : "–",
      ]);
    });
  }
  console.log(
    table(
      [
        "protocol",
        "MB",
        "events",
        "MB/s",
        "events/s",
        "floor MB/s",
        "adapter/floor",
        "peer",
        "peer MB/s",
        "adapter/peer",
      ],
      rows,
    ),
  );
}

if (accumulator) {
  const k = (n: number) => `${n / 1000}k`;
  console.log(
    `\n2. Accumulator: one assistant message of N deltas after 10 history messages. text: text ` +
      `deltas only; tools: every other delta is tool-call arguments (4 calls in turn).\n` +
      `   Ours: median of 9 samples of 5 runs each. Peers: median of up to 5 runs; a peer whose next size would ` +
      `take over ${ACCUMULATOR.peerCapMs / 1000} s stops there (sizes in brackets)\n` +
      `   and its ${k(ACCUMULATOR.large)} time is extrapolated (~) as time ∝ N^k, k from those ` +
      `two sizes. Target for ours: growth ×2 = time(${k(ACCUMULATOR.large)}) / ` +
      `time(${k(ACCUMULATOR.small)}) ≤ ${TARGET.growth}×.`,
  );
  const rows = accumulator.rows.map(({ library, workload, ours, scaling: s }) => {
    const growth = s.largeMs / s.smallMs;
    return [
      workload,
      library,
      `${duration(s.smallMs)}${s.capped ? ` (${k(s.small)})` : ""}`,
      `${duration(s.largeMs)}${s.capped ? ` (${k(s.large)})` : ""}`,
      `${ratio(growth)}${ours ? ` ${mark(meets(growth, TARGET.growth))}` : ""}`,
      s.estimateMs !== undefined
        ? `~${duration(s.estimateMs)} (k=${fixed(s.exponent!, 2)})`
        : duration(s.largeMs),
    ];
  });
  console.log(
    table(
      [
        "workload",
        "library",
        k(ACCUMULATOR.small),
        k(ACCUMULATOR.large),
        "growth ×2",
        `at ${k(ACCUMULATOR.large)}`,
      ],
      rows,
    ),
  );
}

const warnings = [
  ...streamResults.flatMap((r) => [
    ...(r.adapter
      ? []
      : [`${r.protocol}: ${r.adapterName} not measured (placeholder or failed to load)`]),
    ...r.warnings.map((w) => `${r.protocol}: ${w}`),
  ]),
  ...(accumulator?.warnings ?? []),
  ...failures,
];
if (warnings.length > 0) console.log(`\nWarnings:\n${warnings.map((w) => `- ${w}`).join("\n")}`);
console.log(`\nTotal ${duration(performance.now() - started)} elapsed.`);
