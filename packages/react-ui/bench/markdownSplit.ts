/**
 * How the cost of formatting one reply grows with its length, in Node (no browser): the block
 * splitter on a finished reply, the splitter fed as a stream (a version every 40 characters, as
 * MarkdownStream takes them at 200 four-character tokens a second), and MarkdownStream
 * formatting a finished reply to the end and a streamed one (healing and formatting the growing
 * block at each version). Prints milliseconds, microseconds per 1,000
 * characters, and each length's per-character cost as a ratio to the shortest's: linear work
 * keeps the ratio near 1. Times are this process's CPU time (user and system, GC threads
 * included), not wall time, so that other work on a shared machine does not count.
 *
 *   npx tsx packages/react-ui/bench/markdownSplit.ts [--lengths 10000,40000,160000] [--runs 5]
 */
import { parseArgs } from "node:util";
import { advanceMarkdownSplit, type MarkdownSplit } from "../src/internal/markdown/markdownBlocks";
import { MarkdownStream } from "../src/internal/markdown/markdownStream";
import { replyMarkdown } from "./replyMarkdown";

const { values } = parseArgs({
  options: {
    lengths: { type: "string", default: "10000,40000,160000" },
    runs: { type: "string", default: "5" },
  },
});
const lengths = values.lengths.split(",").map(Number);
const runs = Number(values.runs);

/** Characters per streamed version: 50 ms of 4-character tokens at 200 events a second. */
const STREAM_STEP = 40;

function splitWhole(text: string): void {
  let split: MarkdownSplit | undefined;
  do split = advanceMarkdownSplit(split, text);
  while (!split.caughtUp);
}

function splitStreamed(text: string): void {
  let split: MarkdownSplit | undefined;
  for (let end = STREAM_STEP; end < text.length + STREAM_STEP; end += STREAM_STEP) {
    split = advanceMarkdownSplit(split, text.slice(0, Math.min(end, text.length)));
  }
  while (!split!.caughtUp) split = advanceMarkdownSplit(split, text);
}

async function formatWhole(text: string): Promise<void> {
  const stream = new MarkdownStream();
  // Each update formats within one task's budget; the budget resets after a microtask.
  while (stream.update(text, undefined, true).busy) await Promise.resolve();
}

async function formatStreamed(text: string): Promise<void> {
  const stream = new MarkdownStream({ minVersionIntervalMs: 0 });
  for (let end = STREAM_STEP; end < text.length; end += STREAM_STEP) {
    stream.update(text.slice(0, end), undefined);
    await Promise.resolve();
  }
  while (stream.update(text, undefined, true).busy) await Promise.resolve();
}

/** CPU milliseconds this process has used. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The median CPU time of `runs` runs. */
async function median(run: () => void | Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = cpuMs();
    await run();
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const cases: [string, (text: string) => void | Promise<void>][] = [
  ["split, finished reply", splitWhole],
  [`split, streamed (a version every ${STREAM_STEP} chars)`, splitStreamed],
  ["format, finished reply (MarkdownStream)", formatWhole],
  [`format, streamed (a version every ${STREAM_STEP} chars)`, formatStreamed],
];

const rows: string[][] = [["case", "chars", "CPU ms", "µs / 1k chars", "per char vs shortest"]];
const texts = lengths.map((length) => replyMarkdown(length));
for (const [name, run] of cases) {
  // One untimed run of every length first: the code is compiled and optimised for all of them
  // before any is timed, so the first length timed is not favoured or penalised.
  for (const text of texts) await run(text);
  let base: number | undefined;
  for (const text of texts) {
    const ms = await median(() => run(text));
    const perKilo = (ms * 1000) / (text.length / 1000);
    base ??= perKilo;
    rows.push([
      name,
      text.length.toLocaleString("en"),
      ms.toFixed(1),
      perKilo.toFixed(0),
      `${(perKilo / base).toFixed(2)}×`,
    ]);
  }
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) {
  console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
}
