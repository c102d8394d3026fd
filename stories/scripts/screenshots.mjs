// Opens every story of the built Storybook (storybook-static) in Chromium, fails on any console
// error, page error or axe-core WCAG A/AA violation, and saves a PNG of each to screenshots/.
// Stories tagged "phone" are opened a second time on a 390×844 touch phone (<id>--phone.png).
// Run `pnpm build-storybook` first.
//
//   node scripts/screenshots.mjs [id-substring ...]   (only stories whose id contains one)
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import {
  chromiumPath as executablePath,
  launchChromium,
  serveStatic,
} from "../../scripts/browserCheck.mjs";
import { MCP_APP_CHECKS } from "./mcpAppChecks.mjs";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
// Both can be moved (e.g. to check one build while another is being made).
const staticDir = resolve(root, process.env.STORYBOOK_STATIC_DIR ?? "storybook-static");
const outDir = resolve(root, process.env.STORYBOOK_SCREENSHOTS_DIR ?? "screenshots");
const SETTLE_TIMEOUT_MS = 15_000;
// Stories where a reply is streamed after settling, to measure responsiveness (informational).
const RESPONSIVENESS_STORIES = ["crayonchat-states--long-thread", "crayonchat-layouts--standalone"];
// The scripted chat streams a long answer to this prompt (stories/src/chatScripts.ts).
const LONG_REPLY_PROMPT = "Write a long guide to streaming UIs";
const STREAM_TIMEOUT_MS = 60_000;
// Stories that show failures on purpose: the console errors they log are expected, and what
// the user must see is checked instead.
const EXPECTED = {
  ...MCP_APP_CHECKS,
  "crayonchat-states--malformed-messages": {
    // Each bad part logs its render error (React's report, then the boundary's, once).
    consoleError: /^(Crayon: .+ could not be displayed\.|TypeError: )/,
    async check(page) {
      const problems = [];
      const notes = (await page.locator(".crayon-render-error").allTextContents()).sort();
      const expectedNotes = [
        "1 message could not be displayed",
        ...["bad-object", "bad-parts", "bad-image"].map(
          (id) => `This message could not be displayed (user message ${id})`,
        ),
        ...["bad-tools", "bad-sources", "bad-files"].map(
          (id) => `This message could not be displayed (assistant message ${id})`,
        ),
        // bad-call and bad-call-list: the reply stays, its broken tool call does not.
        "This tool call could not be displayed (unknown)",
        "This tool call could not be displayed (unknown)",
        "This activity could not be displayed (plan)",
      ].sort();
      if (JSON.stringify(notes) !== JSON.stringify(expectedNotes))
        problems.push(
          `compact errors: expected ${JSON.stringify(expectedNotes)}, got ${JSON.stringify(notes)}`,
        );
      for (const text of [
        "Here is what the old backend stored.",
        "This reply's text stays; only its broken tool call is replaced.",
        "And a chart, please.",
        "The valid messages still show.",
      ])
        if ((await page.getByText(text).count()) === 0)
          problems.push(`valid message missing: ${text}`);
      if ((await page.getByRole("textbox", { name: "Message" }).count()) !== 1)
        problems.push("the composer is gone");
      const logo = page.getByRole("img", { name: "Crayon logo" });
      if (!(await logo.count()) || !(await logo.evaluate((img) => img.naturalWidth > 0)))
        problems.push("the same-origin image did not load");
      const placeholder = page.getByRole("button", {
        name: /Load image from charts\.example\.com/,
      });
      if ((await placeholder.count()) !== 1) problems.push("the remote image is not held back");
      if ((await page.locator('img[src^="https://charts.example.com"]').count()) !== 0)
        problems.push("the remote image loaded without a click");
      return problems;
    },
  },
};

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const DESKTOP = { width: 1280, height: 800 };
// Stories tagged "phone" are also checked on a 390×844 touch phone (a second screenshot, axe too).
const PHONE = { width: 390, height: 844 };

/** The shots to take: every story on a desktop, and those tagged "phone" on a phone as well. */
async function storyShots(filters) {
  const index = JSON.parse(await readFile(join(staticDir, "index.json"), "utf8"));
  return Object.values(index.entries)
    .filter((entry) => entry.type === "story")
    .filter(({ id }) => filters.length === 0 || filters.some((f) => id.includes(f)))
    .flatMap(({ id, tags = [] }) => [
      { id, name: id, viewport: DESKTOP },
      ...(tags.includes("phone") ? [{ id, name: `${id}--phone`, viewport: PHONE }] : []),
    ]);
}

/**
 * Sends a prompt through the composer and, while the reply streams, records frame gaps
 * (requestAnimationFrame) and long tasks (PerformanceObserver). Returns the figures.
 */
async function measureStreaming(page) {
  await page.evaluate(() => {
    const stats = { frames: 0, longestGap: 0, longTasks: 0, longTaskTotal: 0, running: true };
    window.__crayonStreamStats = stats;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!stats.running || entry.duration <= 50) continue;
        stats.longTasks += 1;
        stats.longTaskTotal += entry.duration;
      }
    });
    observer.observe({ type: "longtask" });
    let last = performance.now();
    const tick = (now) => {
      if (!stats.running) return observer.disconnect();
      stats.frames += 1;
      stats.longestGap = Math.max(stats.longestGap, now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const started = Date.now();
  const input = page.getByRole("textbox", { name: "Message" });
  await input.fill(LONG_REPLY_PROMPT);
  await input.press("Enter");
  // Streaming: the stop button shows until the reply ends. A CSS selector, not a role query:
  // Playwright computes accessible names of every element in a role query, and polling one
  // across a 2,000-message page would itself take most of each frame being measured.
  const stop = page.locator('button[aria-label="Stop generating"]');
  await stop.waitFor({ timeout: 5_000 });
  await stop.waitFor({ state: "detached", timeout: STREAM_TIMEOUT_MS });
  const stats = await page.evaluate(() => {
    const s = window.__crayonStreamStats;
    s.running = false;
    return s;
  });
  return { ...stats, seconds: (Date.now() - started) / 1000 };
}

/**
 * Runs axe-core's WCAG 2 A and AA rules on the rendered story in the real browser, where
 * (unlike jsdom) colour contrast can be computed from layout and styles.
 */
async function accessibilityViolations(page) {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document.querySelector("#storybook-root"), {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
      count: v.nodes.length,
    }));
  });
  return violations.map(
    (v) => `axe ${v.id}: ${v.help} (${v.count} element(s), e.g. ${v.targets.join(", ")})`,
  );
}

async function shoot(browser, baseUrl, { id, name, viewport }) {
  const page = await browser.newPage({
    viewport,
    ...(viewport === PHONE && { isMobile: true, hasTouch: true }),
  });
  const problems = [];
  const expected = EXPECTED[id];
  page.on("console", (message) => {
    if (message.type() === "error" && !expected?.consoleError.test(message.text()))
      problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on("requestfailed", (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  try {
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, {
      waitUntil: "load",
    });
    // Rendered, and (for stories driven by the scripted chat) in the state the story shows.
    await page.waitForFunction(
      () => {
        const rendered = document.querySelector("#storybook-root")?.childElementCount > 0;
        const settled = document.documentElement.getAttribute("data-story-settled");
        const errorShown = document.body.classList.contains("sb-show-errordisplay");
        return errorShown || (rendered && settled !== "false");
      },
      undefined,
      { timeout: SETTLE_TIMEOUT_MS, polling: 50 },
    );
    if (await page.evaluate(() => document.body.classList.contains("sb-show-errordisplay"))) {
      const text = await page.locator("#error-message").textContent();
      problems.push(`story failed to render: ${text}`);
    }
    // Let fonts and the last layout pass land.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(outDir, `${name}.png`) });
    if (expected) problems.push(...(await expected.check(page)));
    if (RESPONSIVENESS_STORIES.includes(id) && viewport === DESKTOP) {
      const m = await measureStreaming(page);
      console.log(
        `perf  ${id}: streamed ${m.seconds.toFixed(1)} s, ${m.frames} frames, longest frame gap ` +
          `${m.longestGap.toFixed(1)} ms, ${m.longTasks} long tasks (> 50 ms) totalling ` +
          `${m.longTaskTotal.toFixed(0)} ms`,
      );
    }
    // After the measurement: axe's own work must not count as the chat's.
    problems.push(...(await accessibilityViolations(page)));
  } catch (error) {
    problems.push(`could not settle: ${error instanceof Error ? error.message : String(error)}`);
    await page.screenshot({ path: join(outDir, `${name}.png`) }).catch(() => {});
  } finally {
    await page.close();
  }
  return problems;
}

async function main() {
  // The check needs a real browser. CI installs Debian's Chromium; a machine with only Node and
  // npm skips the check (saying so) instead of failing the test command.
  if (!existsSync(executablePath)) {
    console.log(`Browser check skipped: no Chromium at ${executablePath} (set CHROMIUM_PATH).`);
    return;
  }
  const filters = process.argv.slice(2);
  await mkdir(outDir, { recursive: true });
  const shots = await storyShots(filters);
  if (shots.length === 0) throw new Error("No stories matched. Run `pnpm build-storybook` first.");

  const server = await serveStatic(staticDir);
  const { port } = server.address();
  const browser = await launchChromium(chromium);
  let failures = 0;
  try {
    for (const shot of shots) {
      const problems = await shoot(browser, `http://127.0.0.1:${port}`, shot);
      if (problems.length === 0) {
        console.log(`ok    ${shot.name}`);
      } else {
        failures += 1;
        console.log(`FAIL  ${shot.name}`);
        for (const problem of problems) console.log(`        ${problem}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`\n${shots.length - failures}/${shots.length} shots clean; screenshots in ${outDir}`);
  if (failures > 0) process.exitCode = 1;
}

await main();
