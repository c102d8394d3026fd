// Chromium benchmark: CrayonChat beside the AI SDK's useChat (its documented setup for Markdown),
// on the same replies from the same local server. Prints a table and writes
// bench/results/latest.json. See bench/README.md.
//
//   pnpm --filter @crayonai/react-ui bench [-- --quick] [--scenario tokens,event]
//     [--contender crayon|peer] [--runs N] [--timeout SECONDS] [--crayon-ref COMMIT]
//     [--compare FILE.json] [--profile DIR]
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { contendersOf, runsOf, timeoutOf } from "./benchOptions";
import { benchEnvironment, prepareBench, writeResults } from "./benchSetup";
import { type Failure, failureOf, measureRun, type Sample } from "./measure";
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
import { encodeReply } from "./uiMessageStream";

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
    profile: { type: "string" },
  },
});

async function main() {
  const scenarios = selectScenarios(options.scenario);
  const contenders = contendersOf(options.contender);
  const runsOverride = runsOf(options.runs) ?? (options.quick ? 1 : undefined);
  // How long a reply may take to render after the server has sent it all.
  const renderTimeoutMs = timeoutOf(options.timeout);

  const profileDir = options.profile;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  // Readable function names in the profiles.
  const bench = await prepareBench(options["crayon-ref"], { minify: !profileDir });
  const { server } = bench;
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
            const profilePath = profileDir
              ? join(profileDir, `${scenario.id}-${contender}-${run + 1}`)
              : undefined;
            const sample = await measureRun(
              server.url,
              scenario,
              contender,
              timeoutMs,
              profilePath,
            );
            samples.get(contender)!.push(sample);
            console.log(
              `  ${CONTENDER_NAMES[contender].padEnd(15)} run ${run + 1}: script ${Math.round(sample.scriptMs)} ms, ` +
                `longest task ${Math.round(sample.longestTaskMs)} ms, wall ${Math.round(sample.wallMs)} ms`,
            );
          } catch (error) {
            const failure = failureOf(error);
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

  const report: BenchReport = {
    createdAt: new Date().toISOString(),
    command: `bench ${args.join(" ")}`.trim(),
    environment: await benchEnvironment(bench),
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

  await writeResults("latest", "previous", report);
}

await main();
