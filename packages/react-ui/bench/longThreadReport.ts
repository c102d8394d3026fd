import type { Failure } from "./measure";
import type { LongThreadSample } from "./measureLongThread";
import { int, longest, medianOf, ratio, ratiosBetween, runsCell, table } from "./report";
import { CONTENDER_NAMES, type Contender } from "./scenarios";

/** One contender's runs on one thread size, and their medians. */
export type LongThreadContenderResult = {
  samples: LongThreadSample[];
  failures: Failure[];
  median?: LongThreadSample;
};

/** Everything measured for one thread size. */
export type LongThreadResult = {
  messages: number;
  results: Partial<Record<Contender, LongThreadContenderResult>>;
  /** Crayon's median ÷ the peer's, per figure. */
  ratios?: Partial<Record<keyof LongThreadSample, number>>;
};

/** Growth targets: Crayon's cost from the middle to the largest thread, at most this. */
export const GROWTH_TARGET = 3.5;

/** The medians of a contender's runs, and Crayon ÷ peer once both are in. */
export function summarizeLongThread(
  messages: number,
  runs: Map<Contender, { samples: LongThreadSample[]; failures: Failure[] }>,
): LongThreadResult {
  const results: LongThreadResult["results"] = {};
  for (const [contender, { samples, failures }] of runs) {
    results[contender] = {
      samples,
      failures,
      ...(samples.length > 0 && { median: medianOf(samples) }),
    };
  }
  const crayon = results.crayon?.median;
  const peer = results.peer?.median;
  return { messages, results, ...(crayon && peer && { ratios: ratiosBetween(crayon, peer) }) };
}

type Column = {
  title: string;
  figure: (sample: LongThreadSample) => string;
  /** The ratio cell, when Crayon ÷ peer means something for this column. */
  ratio?: keyof LongThreadSample;
  /** A figure until idle: only a lower bound when the page was still busy at the timeout. */
  untilIdle?: boolean;
};

const px = (value: number) => int(value);
const kilo = (value: number) => `${(value / 1000).toFixed(1)}k`;

const OPENING: Column[] = [
  { title: "last visible ms", figure: (s) => int(s.lastVisibleMs), ratio: "lastVisibleMs" },
  { title: "in view formatted ms", figure: (s) => int(s.visibleFormattedMs), untilIdle: true },
  { title: "idle at ms", figure: (s) => int(s.idleMs), ratio: "idleMs", untilIdle: true },
  {
    title: "script ms to idle",
    figure: (s) => int(s.scriptMs),
    ratio: "scriptMs",
    untilIdle: true,
  },
  {
    title: "main-thread ms to idle",
    figure: (s) => int(s.taskMs),
    ratio: "taskMs",
    untilIdle: true,
  },
  { title: "long tasks", figure: (s) => int(s.longTasks) },
  { title: "longest task ms", figure: (s) => longest(s.longestTaskMs) },
  { title: "DOM elements", figure: (s) => kilo(s.domElements), ratio: "domElements" },
  { title: "heap MB", figure: (s) => s.heapMB.toFixed(1), ratio: "heapMB" },
];

const SCROLLING: Column[] = [
  { title: "scroll main-thread ms", figure: (s) => int(s.scrollTaskMs), ratio: "scrollTaskMs" },
  { title: "scroll script ms", figure: (s) => int(s.scrollScriptMs), ratio: "scrollScriptMs" },
  { title: "long tasks", figure: (s) => int(s.scrollLongTasks) },
  { title: "longest task ms", figure: (s) => longest(s.scrollLongestTaskMs) },
  { title: "max frame gap ms", figure: (s) => int(s.maxFrameGapMs), ratio: "maxFrameGapMs" },
  { title: "off bottom after sweep px", figure: (s) => px(s.offsetAfterSweepPx) },
  { title: "after jump px", figure: (s) => px(s.offsetAfterJumpPx) },
  { title: "top drift px", figure: (s) => px(s.topDriftPx) },
  {
    title: "scroll height visible → idle → end",
    figure: (s) =>
      `${kilo(s.scrollHeightAtVisible)} → ${kilo(s.scrollHeightAtIdle)} → ${kilo(s.scrollHeightAtEnd)}`,
  },
  {
    title: "during sweep",
    figure: (s) => `${kilo(s.sweepMinScrollHeight)}–${kilo(s.sweepMaxScrollHeight)}`,
  },
];

function formatColumns(results: LongThreadResult[], columns: Column[]): string {
  const header = ["messages", "contender", ...columns.map((c) => c.title), "runs"];
  const rows: string[][] = [];
  for (const { messages, results: byContender, ratios } of results) {
    let first = true;
    for (const contender of ["crayon", "peer"] as const) {
      const result = byContender[contender];
      if (!result) continue;
      const name = first ? int(messages) : "";
      first = false;
      const runs = runsCell(result);
      const m = result.median;
      const bound = (c: Column) => (c.untilIdle && m?.busyAtTimeout ? "≥ " : "");
      const figures = m
        ? columns.map((c) => bound(c) + c.figure(m))
        : columns.map((_, i) => (i ? "" : "failed"));
      rows.push([name, CONTENDER_NAMES[contender], ...figures, runs]);
    }
    if (ratios) {
      // Crayon's lower bound over the peer's figure is a lower bound too.
      const busy = byContender.crayon?.median?.busyAtTimeout;
      const cells = columns.map((c) =>
        c.ratio ? (c.untilIdle && busy ? "≥ " : "") + ratio(ratios[c.ratio]) : "",
      );
      rows.push(["", "Crayon / peer", ...cells, ""]);
    }
  }
  return table(header, rows);
}

/** Opening the thread: until the last message is visible and the page idle; DOM and heap. */
export function formatOpening(results: LongThreadResult[]): string {
  return formatColumns(results, OPENING);
}

/** The scroll sweep and the position after it and after jumps. */
export function formatScrolling(results: LongThreadResult[]): string {
  return formatColumns(results, SCROLLING);
}

const GROWTH_FIGURES: [string, keyof LongThreadSample][] = [
  ["script ms to idle", "scriptMs"],
  ["main-thread ms to idle", "taskMs"],
  ["scroll main-thread ms", "scrollTaskMs"],
  ["DOM elements", "domElements"],
  ["heap MB", "heapMB"],
];

/**
 * How each contender's cost grows from the second-largest thread to the largest (1,000 → 3,000
 * by default): three times the messages should cost at most {@link GROWTH_TARGET}×.
 */
export function formatLongThreadGrowth(results: LongThreadResult[]): string | undefined {
  const sized = [...results].sort((a, b) => a.messages - b.messages);
  const [from, to] = [sized.at(-2), sized.at(-1)];
  if (!from || !to) return undefined;
  const header = ["contender", "", ...GROWTH_FIGURES.map(([title]) => title)];
  const rows = (["crayon", "peer"] as const).flatMap((contender) => {
    const a = from.results[contender]?.median;
    const b = to.results[contender]?.median;
    if (!a || !b) return [];
    // A lower bound at the larger size makes the growth a lower bound.
    const bound = b.busyAtTimeout && !a.busyAtTimeout ? "≥ " : "";
    const cells = GROWTH_FIGURES.map(([, key]) =>
      a[key] > 0
        ? (key === "scriptMs" || key === "taskMs" ? bound : "") + ratio(b[key] / a[key])
        : "",
    );
    return [[CONTENDER_NAMES[contender], `${int(from.messages)} → ${int(to.messages)}`, ...cells]];
  });
  return rows.length > 0 ? table(header, rows) : undefined;
}
