// Chromium benchmark of a long conversation: CrayonChat and the AI SDK's useChat (its memoised
// Markdown recipe) open the same stored thread of N messages, then scroll it. Prints tables and
// writes bench/results/long-thread.json. See bench/README.md.
//
//   pnpm --filter @crayonai/react-ui bench:long [-- --sizes 200,1000,3000]
//     [--contender crayon|peer] [--runs N] [--timeout SECONDS] [--crayon-ref COMMIT]
//     [--no-screenshots]
import { join } from "node:path";
import { parseArgs } from "node:util";
import { contendersOf, runsOf, timeoutOf } from "./benchOptions";
import { benchEnvironment, prepareBench, resultsDir, writeResults } from "./benchSetup";
import { longThreadMessages } from "./longThread";
import {
  formatLongThreadGrowth,
  formatOpening,
  formatScrolling,
  GROWTH_TARGET,
  type LongThreadResult,
  summarizeLongThread,
} from "./longThreadReport";
import { type Failure, failureOf } from "./measure";
import { type LongThreadSample, measureLongThread } from "./measureLongThread";
import { END_MARKER } from "./replyMarkdown";
import { CONTENDER_NAMES, type Contender } from "./scenarios";
import { encodeReply } from "./uiMessageStream";

const args = process.argv.slice(2).filter((arg) => arg !== "--");
const { values: options } = parseArgs({
  args,
  options: {
    sizes: { type: "string", default: "200,1000,3000" },
    contender: { type: "string" },
    runs: { type: "string" },
    "crayon-ref": { type: "string" },
    // Crayon formatted 3,000 messages in the background for about 45 s before the list was
    // windowed: room for that, and for slower builds.
    timeout: { type: "string", default: "240" },
    "no-screenshots": { type: "boolean", default: false },
  },
});

function sizesOf(value: string): number[] {
  const sizes = value.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 2)) {
    throw new Error(`--sizes must be whole numbers of messages ≥ 2, not ${value}`);
  }
  return sizes;
}

/** Screenshots are taken of the largest thread only. */
function screenshotsFor(contender: Contender, messages: number) {
  const name = (end: string) => join(resultsDir, `long-thread-${messages}-${contender}-${end}.png`);
  return { top: name("top"), bottom: name("bottom") };
}

async function main() {
  const sizes = sizesOf(options.sizes);
  const contenders = contendersOf(options.contender);
  const runs = runsOf(options.runs) ?? 1;
  const timeoutMs = timeoutOf(options.timeout);
  const largest = Math.max(...sizes);

  const bench = await prepareBench(options["crayon-ref"]);
  const results: LongThreadResult[] = [];
  try {
    for (const size of sizes) {
      const messages = longThreadMessages(size);
      bench.server.serve({
        // Nothing is sent in this bench; the chat route still needs an answer to serve.
        stream: encodeReply(`Unused. ${END_MARKER}`, 4),
        eventsPerSecond: undefined,
        history: Buffer.from(JSON.stringify(messages)),
      });
      const target = { lastId: messages.at(-1)!.id, marker: END_MARKER };
      const byContender = new Map<Contender, { samples: LongThreadSample[]; failures: Failure[] }>(
        contenders.map((c) => [c, { samples: [], failures: [] }]),
      );
      console.log(`\n${size.toLocaleString("en")} messages, ${runs} run(s)`);
      for (let run = 0; run < runs; run++) {
        // Alternate who goes first, so a noisy moment on the shared machine hits both alike.
        const order = run % 2 === 0 ? contenders : [...contenders].reverse();
        for (const contender of order) {
          const name = CONTENDER_NAMES[contender].padEnd(15);
          const shots =
            size === largest && run === 0 && !options["no-screenshots"]
              ? screenshotsFor(contender, size)
              : undefined;
          try {
            const sample = await measureLongThread(
              bench.server.url,
              contender,
              target,
              timeoutMs,
              shots,
            );
            byContender.get(contender)!.samples.push(sample);
            console.log(
              `  ${name} run ${run + 1}: visible ${Math.round(sample.lastVisibleMs)} ms, ` +
                `script to idle ${Math.round(sample.scriptMs)} ms (idle at ${Math.round(sample.idleMs)} ms), ` +
                `scroll ${Math.round(sample.scrollTaskMs)} ms main thread`,
            );
          } catch (error) {
            const failure = failureOf(error);
            byContender.get(contender)!.failures.push(failure);
            console.log(`  ${name} run ${run + 1}: FAILED ${failure.message}`);
          }
        }
      }
      results.push(summarizeLongThread(size, byContender));
    }
  } finally {
    await bench.server.close();
  }

  console.log(`\nOpening the thread (medians; from the load until the page is idle):\n`);
  console.log(formatOpening(results));
  console.log(`\nScrolling bottom → top → bottom, then jumps to the top and back:\n`);
  console.log(formatScrolling(results));
  const growth = formatLongThreadGrowth(results);
  if (growth) console.log(`\nGrowth (target for Crayon ≤ ${GROWTH_TARGET}×):\n\n${growth}`);
  const failures = results.flatMap(({ messages, results: byContender }) =>
    contenders.flatMap((c) =>
      (byContender[c]?.failures ?? []).map(
        (f) => `  ${messages} messages, ${CONTENDER_NAMES[c]}: ${f.message}`,
      ),
    ),
  );
  if (failures.length > 0)
    console.log(`\nFailed runs (not in the medians):\n${failures.join("\n")}`);
  if (!options["no-screenshots"]) {
    console.log(`\nScreenshots of ${largest} messages: bench/results/long-thread-${largest}-*.png`);
  }

  await writeResults("long-thread", "long-thread.previous", {
    createdAt: new Date().toISOString(),
    command: `bench:long ${args.join(" ")}`.trim(),
    environment: await benchEnvironment(bench),
    threads: results,
  });
}

await main();
