import { setTimeout as sleep } from "node:timers/promises";
import type { CDPSession } from "playwright-core";
import {
  jumpTo,
  type ListTarget,
  type PageState,
  readPageState,
  scrollPosition,
  startLongThread,
  sweepScroll,
} from "./longThreadPage";
import {
  type BenchPage,
  closeStuckBrowser,
  launchChromium,
  openBenchPage,
  RunFailure,
  readMetrics,
} from "./measure";
import type { Contender } from "./scenarios";

/** The figures of one contender opening one long thread, then scrolling it. */
export type LongThreadSample = {
  /** From opening the thread until the last message's last word is in the viewport. */
  lastVisibleMs: number;
  /** Until every row in the viewport shows formatted text (first seen by a 250 ms poll). */
  visibleFormattedMs: number;
  /** Until the main thread went quiet for good (the start of {@link QUIET_MS} without work). */
  idleMs: number;
  /**
   * 1 when the page was still busy (answering, but working) at the timeout: the figures until
   * idle (and until formatted, if it was not yet) are then those up to the timeout, lower
   * bounds, and the rest is measured on a page still working. 0 when it went idle.
   */
  busyAtTimeout: number;
  /** JavaScript time on the main thread from opening until idle, background work included. */
  scriptMs: number;
  /** All main-thread task time (script, style, layout, paint) from opening until idle. */
  taskMs: number;
  /** Tasks of 50 ms or more until idle, and the longest (0 if none). */
  longTasks: number;
  longestTaskMs: number;
  /** Elements in the document once idle. */
  domElements: number;
  /** JavaScript heap in use once idle, after a garbage collection. */
  heapMB: number;
  /** Main-thread and script time of the scroll sweep (bottom → top → bottom). */
  scrollTaskMs: number;
  scrollScriptMs: number;
  /** Tasks of 50 ms or more during the sweep, and the longest (0 if none). */
  scrollLongTasks: number;
  scrollLongestTaskMs: number;
  /** The longest time between two animation frames during the sweep. */
  maxFrameGapMs: number;
  /** Distance from the bottom 1.5 s after the sweep ended at the bottom. */
  offsetAfterSweepPx: number;
  /** Distance from the bottom 1.5 s after a jump from the top to the bottom. */
  offsetAfterJumpPx: number;
  /** Distance from the top 1.5 s after a jump to the top (rows above it resizing move it). */
  topDriftPx: number;
  /** The list's scroll height when the last message became visible, once idle, at the end. */
  scrollHeightAtVisible: number;
  scrollHeightAtIdle: number;
  scrollHeightAtEnd: number;
  /** The smallest and largest scroll height seen during the sweep. */
  sweepMinScrollHeight: number;
  sweepMaxScrollHeight: number;
};

/** The scrolling list of each contender's page. */
const LIST_SELECTORS: Record<Contender, string> = {
  crayon: ".crayon-message-list__scroll",
  peer: "#messages",
};

/** How long the main thread must stay quiet (no DOM change, no long task) to count as idle. */
const QUIET_MS = 2000;
/** Main-thread time allowed within the quiet window (the runner's own polls cost a little). */
const QUIET_TASK_MS = 60;
const POLL_MS = 250;
/** How long after the timeout a page busy in one task may take to answer before it counts as stuck. */
const ANSWER_GRACE_MS = 20_000;
/** Each way of the scroll sweep. */
const SWEEP_MS = 3000;
/** Time for rows to settle after a jump or a sweep, before the position is read. */
const SETTLE_MS = 1500;

/** A poll's page state with the main-thread totals so far, and when (runner's clock) it came. */
type Poll = PageState & { scriptMs: number; taskMs: number; answeredAt: number };

/**
 * The first poll after which the page stayed quiet for {@link QUIET_MS}: no DOM mutation, no
 * change of scroll height, no long task and at most {@link QUIET_TASK_MS} of main-thread time,
 * once the last message is visible and the rows in view are formatted. Undefined until then.
 */
function quietSince(polls: Poll[], longTasks: [number, number][]): Poll | undefined {
  const latest = polls.at(-1);
  if (!latest?.lastVisibleAt || !polls.some((p) => p.visibleFormatted)) return undefined;
  // The earliest poll from which everything up to the latest stayed the same.
  let since = latest;
  for (let i = polls.length - 2; i >= 0; i--) {
    const poll = polls[i]!;
    const same =
      poll.mutations === latest.mutations &&
      poll.scrollHeight === latest.scrollHeight &&
      latest.taskMs - poll.taskMs <= QUIET_TASK_MS &&
      poll.lastVisibleAt !== undefined;
    if (!same) break;
    since = poll;
  }
  if (latest.now - since.now < QUIET_MS) return undefined;
  const taskEnded = longTasks.some(([start, duration]) => start + duration > since.now);
  return taskEnded ? undefined : since;
}

/** Why a page that stopped answering failed, with what was known before it did. */
function stuckMessage(
  polls: Poll[],
  longTasks: [number, number][],
  {
    startedAt,
    openedAt,
    scriptBefore,
  }: { startedAt: number; openedAt: number; scriptBefore: number },
): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const last = polls.at(-1);
  const visible = last?.lastVisibleAt;
  const longest = Math.max(0, ...longTasksIn(longTasks, startedAt));
  return (
    `no answer from the page ${seconds(Date.now() - openedAt)} after opening, ` +
    `none for the last ${seconds(last ? performance.now() - last.answeredAt : Date.now() - openedAt)}; ` +
    `last message ${visible === undefined ? "never visible" : `visible at ${seconds(visible - startedAt)}`}; ` +
    `script ${seconds(last ? last.scriptMs - scriptBefore : 0)} by the last answer; longest finished task ${seconds(longest)}`
  );
}

async function poll(bench: BenchPage, listSelector: string, checkFormatting: boolean) {
  const [state, metrics] = await Promise.all([
    bench.page.evaluate(readPageState, { listSelector, checkFormatting }),
    readMetrics(bench.cdp),
  ]);
  return {
    ...state,
    scriptMs: metrics.scriptMs,
    taskMs: metrics.taskMs,
    answeredAt: performance.now(),
  };
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 2 ** 20;
}

const longTasksIn = (tasks: [number, number][], from: number, to = Infinity) =>
  tasks.filter(([start, duration]) => start + duration > from && start < to).map(([, d]) => d);

/**
 * One contender opening the stored thread (served at `/api/history`) in its own browser: the
 * time until the last message is visible, the main-thread time until every visible row is
 * formatted and the page is idle, DOM size and heap, then a scroll sweep and the position after
 * it and after jumps. `screenshots`: files to write of the thread's top and bottom.
 */
export async function measureLongThread(
  baseUrl: string,
  contender: Contender,
  target: Omit<ListTarget, "listSelector">,
  timeoutMs: number,
  screenshots?: { top: string; bottom: string },
): Promise<LongThreadSample> {
  const browser = await launchChromium();
  let stuck = false;
  try {
    const bench = await openBenchPage(browser, `${baseUrl}/${contender}.html?mode=history`);
    const { page, cdp, pageErrors, longTasks } = bench;
    const listSelector = LIST_SELECTORS[contender];
    const before = await readMetrics(cdp);
    const openedAt = Date.now();
    const startedAt = await page.evaluate(startLongThread, { ...target, listSelector });

    const polls: Poll[] = [];
    let visibleFormattedAt: number | undefined;
    let idle: Poll | undefined;
    let busyAtTimeout = 0;
    while (!idle) {
      if (pageErrors.length > 0) break;
      const left = openedAt + timeoutMs + ANSWER_GRACE_MS - Date.now();
      const next = poll(bench, listSelector, visibleFormattedAt === undefined);
      next.catch(() => {});
      // A page that stops answering is stuck in a task: given up once the timeout and the grace
      // after it have passed without an answer.
      const result = await Promise.race([next, sleep(Math.max(0, left), "timeout" as const)]);
      if (result === "timeout") {
        stuck = true;
        throw new RunFailure({
          message: stuckMessage(polls, longTasks, {
            startedAt,
            openedAt,
            scriptBefore: before.scriptMs,
          }),
        });
      }
      polls.push(result);
      if (result.visibleFormatted) visibleFormattedAt ??= result.now;
      idle = quietSince(polls, longTasks);
      if (idle) break;
      // Still working but answering at the timeout (background work): measure the rest from here.
      if (Date.now() >= openedAt + timeoutMs) {
        if (result.lastVisibleAt === undefined) break;
        idle = result;
        busyAtTimeout = 1;
        visibleFormattedAt ??= result.now;
        break;
      }
      await sleep(POLL_MS);
    }
    if (pageErrors.length > 0 || !idle) {
      const why = pageErrors.length > 0 ? `page errors: ${pageErrors.join(" | ")}` : "";
      throw new RunFailure({ message: why || "the last message was not visible by the timeout" });
    }
    const untilIdle = longTasksIn(longTasks, startedAt, idle.now);
    const domElements = await page.evaluate(() => document.getElementsByTagName("*").length);
    const heapMB = await heapAfterGc(cdp);

    // The sweep: bottom → top → bottom, every frame a new stretch of the thread.
    const sweepBefore = await readMetrics(cdp);
    const sweepStart = await page.evaluate(() => performance.now());
    const sweep = await page.evaluate(sweepScroll, { listSelector, durationMs: SWEEP_MS });
    const sweepEnd = await page.evaluate(() => performance.now());
    const sweepAfter = await readMetrics(cdp);
    const duringSweep = longTasksIn(longTasks, sweepStart, sweepEnd);
    await sleep(SETTLE_MS);
    const afterSweep = await page.evaluate(scrollPosition, listSelector);

    // Position: to the top and back to the bottom, as Home and End do.
    await page.evaluate(jumpTo, { listSelector, end: "top" as const });
    await sleep(SETTLE_MS);
    const atTop = await page.evaluate(scrollPosition, listSelector);
    if (screenshots) await page.screenshot({ path: screenshots.top });
    await page.evaluate(jumpTo, { listSelector, end: "bottom" as const });
    await sleep(SETTLE_MS);
    const atBottom = await page.evaluate(scrollPosition, listSelector);
    if (screenshots) await page.screenshot({ path: screenshots.bottom });
    const end = await page.evaluate(readPageState, { listSelector, checkFormatting: false });
    if (pageErrors.length > 0) {
      throw new RunFailure({ message: `page errors: ${pageErrors.join(" | ")}` });
    }

    const last = polls.at(-1)!;
    return {
      lastVisibleMs: last.lastVisibleAt! - startedAt,
      visibleFormattedMs: visibleFormattedAt! - startedAt,
      idleMs: idle.now - startedAt,
      busyAtTimeout,
      scriptMs: idle.scriptMs - before.scriptMs,
      taskMs: idle.taskMs - before.taskMs,
      longTasks: untilIdle.length,
      longestTaskMs: Math.max(0, ...untilIdle),
      domElements,
      heapMB,
      scrollTaskMs: sweepAfter.taskMs - sweepBefore.taskMs,
      scrollScriptMs: sweepAfter.scriptMs - sweepBefore.scriptMs,
      scrollLongTasks: duringSweep.length,
      scrollLongestTaskMs: Math.max(0, ...duringSweep),
      maxFrameGapMs: sweep.maxFrameGapMs,
      offsetAfterSweepPx: afterSweep.fromBottom,
      offsetAfterJumpPx: atBottom.fromBottom,
      topDriftPx: atTop.fromTop,
      scrollHeightAtVisible: last.scrollHeightAtVisible!,
      scrollHeightAtIdle: idle.scrollHeight,
      scrollHeightAtEnd: end.scrollHeight,
      sweepMinScrollHeight: sweep.minScrollHeight,
      sweepMaxScrollHeight: sweep.maxScrollHeight,
    };
  } finally {
    if (stuck) await closeStuckBrowser(browser);
    else await browser.close();
  }
}
