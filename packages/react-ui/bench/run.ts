// Chromium benchmark: CrayonChat beside the AI SDK's useChat (its documented setup for Markdown),
// on the same replies from the same local server. Prints a table and writes
// bench/results/latest.json. See bench/README.md.
//
//   pnpm --filter @crayonai/react-ui bench [-- --quick] [--scenario tokens,event]
//     [--contender crayon|peer] [--runs N] [--timeout SECONDS] [--crayon-ref COMMIT]
//     [--compare FILE.json]
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildDir, buildPages } from "./buildPages";
import { crayonBuildAt, dependencyBuilds, packageDistBuild } from "./crayonBuild";
import { type Failure, launchChromium, measureRun, RunFailure, type Sample } from "./measure";
import { replyMarkdown } from "./replyMarkdown";
import {
  type BenchReport,
  formatComparison,
  formatFailures,
  formatGrowth,
  formatResults,
  ratiosOf,
  type ScenarioResult,
  summarize,
} from "./report";
import { CONTENDER_NAMES, type Contender, selectScenarios, streamDurationMs } from "./scenarios";
import { startBenchServer } from "./server";
import { encodeReply } from "./uiMessageStream";

const packageDir = fileURLToPath(new URL("../", import.meta.url));
const resultsDir = join(packageDir, "bench/results");

// `pnpm bench -- --quick` passes the `--` on: drop it.
const args = process.argv.slice(2).filter((arg) => arg !== "--");
const { values: options } = parseArgs({
  args,
  options: {
    quick: { type: "boolean", default: false },
    scenario: { type: "string" },
    contender: { type: "string" },
    runs: { type: "string" },
    compare: { type: "string" },
    "crayon-ref": { type: "string" },
    timeout: { type: "string", default: "120" },
  },
});

function contendersOf(value: string | undefined): Contender[] {
  if (value === undefined) return ["crayon", "peer"];
  if (value === "crayon" || value === "peer") return [value];
  throw new Error(`--contender must be crayon or peer, not ${value}`);
}

function runsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
  return runs;
}

function timeoutOf(value: string): number {
  const seconds = Number(value);
  if (!(seconds > 0)) throw new Error(`--timeout must be a number of seconds > 0, not ${value}`);
  return seconds * 1000;
}

async function versionOf(pkg: string): Promise<string> {
  const path = join(packageDir, "node_modules", pkg, "package.json");
  return JSON.parse(await readFile(path, "utf8")).version;
}

async function main() {
  const scenarios = selectScenarios(options.scenario);
  const contenders = contendersOf(options.contender);
  const runsOverride = runsOf(options.runs) ?? (options.quick ? 1 : undefined);
  // How long a reply may take to render after the server has sent it all.
  const renderTimeoutMs = timeoutOf(options.timeout);

  const crayon = options["crayon-ref"]
    ? await crayonBuildAt(options["crayon-ref"])
    : await packageDistBuild();
  console.log(`CrayonChat: ${crayon.source.build}; building the pages with Vite…`);
  // The pages bundle the Crayon build: once they are built, a temporary one can go.
  await buildPages(crayon.distDir).finally(() => crayon.dispose());
  const server = await startBenchServer(buildDir);
  // One browser per run (see measureRun); this one only says which Chromium it is.
  const probe = await launchChromium();
  const chromiumVersion = probe.version();
  await probe.close();
  const loadBefore = loadavg();
  const started = Date.now();
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of scenarios) {
      const text = replyMarkdown(scenario.length);
      server.serve({
        stream: encodeReply(text, scenario.deltaLength),
        eventsPerSecond: scenario.eventsPerSecond,
        history: Buffer.from(
          JSON.stringify([
            { id: "question", role: "user", parts: [{ type: "text", text: "Write the guide." }] },
            { id: "answer", role: "assistant", parts: [{ type: "text", text }] },
          ]),
        ),
      });
      const runs = runsOverride ?? scenario.runs;
      const samples = new Map<Contender, Sample[]>(contenders.map((c) => [c, []]));
      const failures = new Map<Contender, Failure[]>(contenders.map((c) => [c, []]));
      console.log(`\n${scenario.id}: ${scenario.title}, ${runs} run(s)`);
      for (let run = 0; run < runs; run++) {
        // Alternate who goes first, so a noisy moment on the shared machine hits both alike.
        const order = run % 2 === 0 ? contenders : [...contenders].reverse();
        for (const contender of order) {
          try {
            const timeoutMs = streamDurationMs(scenario) + renderTimeoutMs;
            const sample = await measureRun(server.url, scenario, contender, timeoutMs);
            samples.get(contender)!.push(sample);
            console.log(
              `  ${CONTENDER_NAMES[contender].padEnd(15)} run ${run + 1}: script ${Math.round(sample.scriptMs)} ms, ` +
                `longest task ${Math.round(sample.longestTaskMs)} ms, wall ${Math.round(sample.wallMs)} ms`,
            );
          } catch (error) {
            const failure: Failure =
              error instanceof RunFailure
                ? error.failure
                : {
                    message: error instanceof Error ? error.message.split("\n")[0]! : String(error),
                  };
            failures.get(contender)!.push(failure);
            console.log(
              `  ${CONTENDER_NAMES[contender].padEnd(15)} run ${run + 1}: FAILED ${failure.message}`,
            );
          }
        }
      }
      const result: ScenarioResult = {
        scenario,
        results: Object.fromEntries(
          contenders.map((c) => [c, summarize(scenario, samples.get(c)!, failures.get(c)!)]),
        ),
      };
      result.ratios = ratiosOf(result);
      results.push(result);
    }
  } finally {
    await server.close();
  }

  const minutes = (Date.now() - started) / 60_000;
  const report: BenchReport = {
    createdAt: new Date().toISOString(),
    command: `bench ${args.join(" ")}`.trim(),
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      cpus: cpus().length,
      memoryGB: Math.round(totalmem() / 2 ** 30),
      loadAverageBefore: loadBefore[0],
      loadAverageAfter: loadavg()[0],
      minutes,
      crayon: crayon.source,
      crayonDependencies: await dependencyBuilds(),
      peer: { ai: await versionOf("ai"), "@ai-sdk/react": await versionOf("@ai-sdk/react") },
    },
    scenarios: results,
  };

  console.log(`\nMedians (main-thread figures from the send until the reply is rendered):\n`);
  console.log(formatResults(results));
  const failures = formatFailures(results);
  if (failures) console.log(`\nFailed runs (not in the medians):\n${failures}`);
  const growth = formatGrowth(results);
  if (growth) console.log(`\nGrowth with reply length (flat = linear):\n\n${growth}`);
  if (options.compare) {
    const before = JSON.parse(await readFile(options.compare, "utf8")) as BenchReport;
    console.log(`\nCompared with ${options.compare} (${before.createdAt}):\n`);
    console.log(formatComparison(before, results));
  }

  await mkdir(resultsDir, { recursive: true });
  const latest = join(resultsDir, "latest.json");
  if (existsSync(latest)) await rename(latest, join(resultsDir, "previous.json"));
  await writeFile(latest, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${join("bench/results", "latest.json")} (${minutes.toFixed(1)} min).`);
}

await main();
