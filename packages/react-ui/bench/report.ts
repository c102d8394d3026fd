import type { Failure, Sample } from "./measure";
import { CONTENDER_NAMES, type Contender, type Scenario } from "./scenarios";

/** The runs of one contender in one scenario, and their medians. */
export type ContenderResult = {
  samples: Sample[];
  /** Why runs failed (timeouts, page errors); the medians are of the other runs. */
  failures: Failure[];
  median?: Sample;
  /** Median script time per token, for replies measured in tokens. */
  scriptMsPerToken?: number;
};

/** Everything measured for one scenario. */
export type ScenarioResult = {
  scenario: Scenario;
  results: Partial<Record<Contender, ContenderResult>>;
  /** Crayon's median divided by the peer's, per figure (when both have one). */
  ratios?: Partial<Record<keyof Sample, number>>;
};

/** What `results/latest.json` holds. */
export type BenchReport = {
  createdAt: string;
  command: string;
  environment: Record<string, unknown>;
  scenarios: ScenarioResult[];
};

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of every figure across the samples, each figure on its own. */
export function medianOf<T extends Record<string, number>>(samples: T[]): T {
  const keys = Object.keys(samples[0]!) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, median(samples.map((s) => s[key]))])) as T;
}

/** Crayon ÷ peer for every figure the peer has above 0. */
export function ratiosBetween<T extends Record<string, number>>(
  crayon: T,
  peer: T,
): Partial<Record<keyof T, number>> {
  const keys = Object.keys(crayon) as (keyof T)[];
  return Object.fromEntries(
    keys.filter((key) => peer[key]! > 0).map((key) => [key, crayon[key]! / peer[key]!]),
  ) as Partial<Record<keyof T, number>>;
}

/** The runs of one contender in one scenario, with their medians. */
export function summarize(
  scenario: Scenario,
  samples: Sample[],
  failures: Failure[],
): ContenderResult {
  if (samples.length === 0) return { samples, failures };
  const result: ContenderResult = { samples, failures, median: medianOf(samples) };
  if (scenario.tokens) result.scriptMsPerToken = result.median!.scriptMs / scenario.tokens;
  return result;
}

/** Crayon ÷ peer for every figure both contenders have. */
export function ratiosOf(result: ScenarioResult): ScenarioResult["ratios"] {
  const crayon = result.results.crayon?.median;
  const peer = result.results.peer?.median;
  return crayon && peer ? ratiosBetween(crayon, peer) : undefined;
}

/** A whole number with thousands separators. */
export const int = (value: number) => Math.round(value).toLocaleString("en");
/** A ratio as `1.23×`, empty when there is none. */
export const ratio = (value: number | undefined) =>
  value === undefined ? "" : `${value.toFixed(2)}×`;
/** Long tasks are only reported from 50 ms up: below that the longest is "< 50". */
export const longest = (value: number) => (value === 0 ? "< 50" : int(value));

/** How many runs gave figures, and how many failed. */
export function runsCell(result: { samples: unknown[]; failures: unknown[] }): string {
  const failed = result.failures.length;
  return `${result.samples.length}${failed ? ` (${failed} failed)` : ""}`;
}

/** A plain-text table: the first two columns left-aligned, the figures right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Marks a bound taken from how long the page went without answering (see the README). */
const UNANSWERED = "*";

// A contender with no finished run: for timeouts, the bounds that are known. The page's last
// silence counts as a task still running: the runner's probe waits in the main thread's queue.
function failedRow(name: string, contender: Contender, failures: Failure[], runs: string) {
  const timeouts = failures.flatMap((f) => (f.timedOut ? [f.timedOut] : []));
  if (timeouts.length === 0) {
    return [name, CONTENDER_NAMES[contender], "failed", "", "", "", "", "", "", runs];
  }
  const ended = Math.max(...timeouts.map((t) => t.longestTaskMs));
  const silent = Math.max(...timeouts.map((t) => t.unansweredForMs));
  const after = Math.min(...timeouts.map((t) => t.afterMs));
  const longestBound = silent > ended ? `≥ ${int(silent)}${UNANSWERED}` : `≥ ${int(ended)}`;
  return [
    name,
    CONTENDER_NAMES[contender],
    "timed out",
    "",
    longestBound,
    "",
    `> ${int(after)}`,
    "",
    "",
    runs,
  ];
}

/** The main table: per scenario and contender the medians, then Crayon/peer. */
export function formatResults(results: ScenarioResult[]): string {
  const header = [
    "scenario",
    "contender",
    "script ms",
    "main-thread ms",
    "longest task ms",
    "long tasks",
    "wall ms",
    "heap MB",
    "script ms/token",
    "runs",
  ];
  const rows: string[][] = [];
  for (const { scenario, results: byContender, ratios } of results) {
    let first = true;
    for (const contender of ["crayon", "peer"] as const) {
      const result = byContender[contender];
      if (!result) continue;
      const name = first ? scenario.id : "";
      first = false;
      const m = result.median;
      const runs = runsCell(result);
      rows.push(
        m
          ? [
              name,
              CONTENDER_NAMES[contender],
              int(m.scriptMs),
              int(m.taskMs),
              longest(m.longestTaskMs),
              int(m.longTasks),
              int(m.wallMs),
              int(m.heapMB),
              result.scriptMsPerToken === undefined ? "" : result.scriptMsPerToken.toFixed(2),
              runs,
            ]
          : failedRow(name, contender, result.failures, runs),
      );
    }
    if (ratios) {
      rows.push([
        "",
        "Crayon / peer",
        ratio(ratios.scriptMs),
        ratio(ratios.taskMs),
        ratio(ratios.longestTaskMs),
        ratio(ratios.longTasks),
        ratio(ratios.wallMs),
        ratio(ratios.heapMB),
        ratio(ratios.scriptMs),
        "",
      ]);
    }
  }
  const note = rows.some((row) => row[4]!.endsWith(UNANSWERED))
    ? `\n${UNANSWERED} the page had not answered for this long when the run was given up: a task still running.`
    : "";
  return table(header, rows) + note;
}

/** How script time per token grows with the reply: flat is linear, rising is worse. */
export function formatGrowth(results: ScenarioResult[]): string | undefined {
  const sized = results
    .filter((r) => r.scenario.tokens)
    .sort((a, b) => a.scenario.tokens! - b.scenario.tokens!);
  if (sized.length < 2) return undefined;
  const header = [
    "contender",
    "",
    ...sized.map((r) => `${r.scenario.tokens! / 1000}k tokens`),
    "largest ÷ smallest",
  ];
  const rows = (["crayon", "peer"] as const).flatMap((contender) => {
    const perToken = sized.map((r) => r.results[contender]?.scriptMsPerToken);
    if (perToken.every((v) => v === undefined)) return [];
    const [firstValue, lastValue] = [perToken[0], perToken.at(-1)];
    return [
      [
        CONTENDER_NAMES[contender],
        "script ms/token",
        ...perToken.map((v) => (v === undefined ? "" : v.toFixed(2))),
        firstValue && lastValue ? ratio(lastValue / firstValue) : "",
      ],
    ];
  });
  return table(header, rows);
}

/** Before and after for every scenario and contender in both reports. */
export function formatComparison(before: BenchReport, after: ScenarioResult[]): string {
  const header = [
    "scenario",
    "contender",
    "script ms before",
    "after",
    "after/before",
    "longest task before",
    "after",
    "main-thread before",
    "after",
  ];
  const rows: string[][] = [];
  for (const now of after) {
    const then = before.scenarios.find((s) => s.scenario.id === now.scenario.id);
    for (const contender of ["crayon", "peer"] as const) {
      const a = now.results[contender]?.median;
      const b = then?.results[contender]?.median;
      if (!a || !b) continue;
      rows.push([
        now.scenario.id,
        CONTENDER_NAMES[contender],
        int(b.scriptMs),
        int(a.scriptMs),
        ratio(a.scriptMs / b.scriptMs),
        longest(b.longestTaskMs),
        longest(a.longestTaskMs),
        int(b.taskMs),
        int(a.taskMs),
      ]);
    }
  }
  return table(header, rows);
}

/** One line per failed run: a timeout (the reply was not rendered in time) or a page error. */
export function formatFailures(results: ScenarioResult[]): string | undefined {
  const lines = results.flatMap(({ scenario, results: byContender }) =>
    (["crayon", "peer"] as const).flatMap((contender) =>
      (byContender[contender]?.failures ?? []).map(
        (failure) => `  ${scenario.id}, ${CONTENDER_NAMES[contender]}: ${failure.message}`,
      ),
    ),
  );
  return lines.length > 0 ? lines.join("\n") : undefined;
}
