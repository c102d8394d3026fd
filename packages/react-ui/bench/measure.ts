import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { launchChromium as launchHeadless } from "../../../scripts/browserCheck.mjs";
import { startProfile } from "./cpuProfile";
import type { Contender, Scenario } from "./scenarios";

/** The figures of one run, from the send (or the history load) until the reply is rendered. */
export type Sample = {
  /** JavaScript time on the page's main thread (CDP `ScriptDuration`). */
  scriptMs: number;
  /** All main-thread task time: script, style, layout, paint (CDP `TaskDuration`). */
  taskMs: number;
  /** Layout and style recalculation, part of `taskMs`. */
  layoutMs: number;
  /** The longest task of 50 ms or more, 0 if there was none (the long task API's threshold). */
  longestTaskMs: number;
  /** Tasks of 50 ms or more. */
  longTasks: number;
  /** Send to reply rendered to its last word. */
  wallMs: number;
  /** JavaScript heap in use at the end. */
  heapMB: number;
  /** Characters of text in the rendered reply (a check that all of it arrived). */
  renderedChars: number;
};

/** A run that did not produce a sample. */
export type Failure = {
  message: string;
  /** Set when the reply was not rendered in time. */
  timedOut?: {
    /** How long after the send the run was given up. */
    afterMs: number;
    /** The longest long task that had ended by then (0 if none). */
    longestTaskMs: number;
    /** How long the page had not answered the runner by then (busy to the end). */
    unansweredForMs: number;
  };
};

/** Thrown by {@link measureRun}: why the run failed. */
export class RunFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = "RunFailure";
  }
}

/** What a failed run says: its {@link RunFailure}, or the first line of any other error. */
export function failureOf(error: unknown): Failure {
  if (error instanceof RunFailure) return error.failure;
  return { message: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
}

type Outcome = { error?: string; renderedAt?: number };

declare global {
  interface Window {
    /** Hands a long task to the runner (a Playwright binding: works while the page is stuck). */
    benchReportLongTask?: (startTime: number, duration: number) => Promise<void>;
    /** Set by the watcher once the reply is rendered (or the page reported an error). */
    benchOutcome?: Outcome;
  }
}

// Registered before any page script, so no long task is missed. Each one goes to the runner as
// it is observed, so a run given up while the page is still busy knows the tasks that ended.
function observeLongTasks() {
  // tsx compiles this file keeping function names, through a `__name` helper that functions
  // sent to the page (as `startRun`) call: the page needs one too.
  (globalThis as { __name?: unknown }).__name ??= (fn: unknown) => fn;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      void window.benchReportLongTask?.(entry.startTime, entry.duration);
    }
  }).observe({ type: "longtask", buffered: true });
}

/**
 * Sends (or opens the history) and watches every frame for the reply to be rendered, noting
 * when. Checking in the page, per frame, keeps the end time exact and the check cheap.
 */
function startRun(kind: Scenario["kind"]): number {
  const bench = window.bench!;
  const watch = () => {
    if (bench.error) window.benchOutcome = { error: bench.error };
    else if (bench.finished && bench.rendered()) {
      window.benchOutcome = { renderedAt: performance.now() };
    } else requestAnimationFrame(watch);
  };
  const startedAt = performance.now();
  if (kind === "history") bench.loadHistory();
  else bench.send("Write the migration guide, with code and tables.");
  requestAnimationFrame(watch);
  return startedAt;
}

/** Main-thread time so far (CDP `Performance.getMetrics`), in ms, and the JS heap in MB. */
export async function readMetrics(cdp: CDPSession) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    scriptMs: value("ScriptDuration") * 1000,
    taskMs: value("TaskDuration") * 1000,
    layoutMs: (value("LayoutDuration") + value("RecalcStyleDuration")) * 1000,
    heapMB: value("JSHeapUsedSize") / 2 ** 20,
  };
}

/** Time after the reply is rendered for trailing work (status updates, announcements). */
const SETTLE_MS = 500;
/** How often the runner asks the page whether the reply is rendered. */
const POLL_MS = 200;

/** Headless Chromium with the flags the e2e tests use. */
export function launchChromium(): Promise<Browser> {
  return launchHeadless(chromium);
}

/**
 * Closes a browser whose page may be stuck in a task of minutes: its renderer processes are
 * ended first (they would not answer a close), then the browser.
 */
export async function closeStuckBrowser(browser: Browser) {
  try {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as {
      processInfo: { type: string; id: number }[];
    };
    for (const { type, id } of processInfo) if (type === "renderer") process.kill(id, "SIGKILL");
  } catch {
    // Already gone.
  }
  await browser.close();
}

/** A contender's page as the runner watches it. */
export type BenchPage = {
  page: Page;
  cdp: CDPSession;
  /** Errors the page logged, threw or got as HTTP answers, and crashes. */
  pageErrors: string[];
  /** Every long task so far, as `[startTime, duration]` in the page's clock. */
  longTasks: [number, number][];
};

/**
 * Opens `url` in a new 1280×800 page of `browser` with the runner's instruments (long tasks
 * observed before any page script, page errors collected, CDP metrics on), and waits until the
 * page is mounted and its mount-time work is done.
 */
export async function openBenchPage(browser: Browser, url: string): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) pageErrors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  page.on("crash", () => pageErrors.push("the page crashed (out of memory?)"));
  const longTasks: [number, number][] = [];
  await page.exposeFunction("benchReportLongTask", (startTime: number, duration: number) => {
    longTasks.push([startTime, duration]);
  });
  await page.addInitScript(observeLongTasks);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url);
  await page.waitForFunction(() => window.bench?.ready === true);
  // Let mount-time work (the thread list fetch, fonts) finish before the clock starts.
  await page.waitForTimeout(300);
  return { page, cdp, pageErrors, longTasks };
}

/**
 * One run in its own browser: loads the contender's page, sends (or opens the stored
 * conversation), waits until the contender reports the reply finished and its last word is in
 * the DOM, lets trailing work settle, and reads the main-thread figures. A reply not rendered
 * within `timeoutMs` of the send fails the run with a {@link RunFailure} saying how long the
 * main thread had been busy.
 */
export async function measureRun(
  baseUrl: string,
  scenario: Scenario,
  contender: Contender,
  timeoutMs: number,
  /** With `--profile`: where to write the run's CPU profile (see `cpuProfile.ts`). */
  profilePath?: string,
): Promise<Sample> {
  const browser = await launchChromium();
  let stuck = false;
  try {
    const { page, cdp, pageErrors, longTasks } = await openBenchPage(
      browser,
      `${baseUrl}/${contender}.html?mode=${scenario.kind}`,
    );

    const profile = profilePath ? await startProfile(cdp) : undefined;
    const before = await readMetrics(cdp);
    const sentAt = Date.now();
    const startedAt = await page.evaluate(startRun, scenario.kind);
    const runTasks = () =>
      longTasks.filter(([start, duration]) => start + duration > startedAt).map(([, d]) => d);
    // Poll from here: an answer also shows the main thread is free; no answer, that it is not.
    let lastAnswerAt = Date.now();
    let outcome: Outcome | undefined;
    while (!outcome) {
      const left = sentAt + timeoutMs - Date.now();
      const answer = page.evaluate(() => window.benchOutcome ?? null);
      answer.catch(() => {});
      const result = await Promise.race([answer, sleep(Math.max(0, left), "timeout" as const)]);
      if (result === "timeout") {
        stuck = true;
        const timedOut = {
          afterMs: Date.now() - sentAt,
          longestTaskMs: Math.max(0, ...runTasks()),
          unansweredForMs: Date.now() - lastAnswerAt,
        };
        const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
        throw new RunFailure({
          message:
            `not rendered within ${seconds(timedOut.afterMs)} of the send; longest finished ` +
            `task ${seconds(timedOut.longestTaskMs)}; no answer from the page for the last ` +
            `${seconds(timedOut.unansweredForMs)}`,
          timedOut,
        });
      }
      lastAnswerAt = Date.now();
      if (result) outcome = result;
      else await sleep(Math.min(POLL_MS, Math.max(0, sentAt + timeoutMs - Date.now())));
    }
    if (outcome.error) throw new RunFailure({ message: `the page reported: ${outcome.error}` });
    await page.waitForTimeout(SETTLE_MS);
    const after = await readMetrics(cdp);
    await profile?.stop(profilePath!, startedAt, longTasks);

    const renderedChars = await page.evaluate((contender) => {
      const root =
        contender === "crayon"
          ? document.querySelector(".crayon-message--assistant .crayon-markdown")
          : document.getElementById("messages")?.lastElementChild?.querySelector(".prose");
      return root?.textContent?.length ?? 0;
    }, contender);
    const tasks = runTasks();
    if (pageErrors.length > 0) {
      throw new RunFailure({ message: `page errors: ${pageErrors.join(" | ")}` });
    }
    return {
      scriptMs: after.scriptMs - before.scriptMs,
      taskMs: after.taskMs - before.taskMs,
      layoutMs: after.layoutMs - before.layoutMs,
      longestTaskMs: Math.max(0, ...tasks),
      longTasks: tasks.length,
      wallMs: outcome.renderedAt! - startedAt,
      heapMB: after.heapMB,
      renderedChars,
    };
  } finally {
    if (stuck) await closeStuckBrowser(browser);
    else await browser.close();
  }
}
