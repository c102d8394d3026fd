// Serves the built site (dist/) and runs axe-core (WCAG 2 A and AA) in Chromium on the home
// page, a guide, an API reference page and the playground (with a reply in its chat and
// inspector), light and dark; fails on any violation or console error. With
// DOCS_SCREENSHOTS=<dir> it also saves PNGs of those pages and of search results, on a desktop
// and on a 390×844 phone. Run `pnpm docs:build` first.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath, launchChromium, serveStatic } from "../../scripts/browserCheck.mjs";
import { siteRoot } from "./pages.mjs";
import { PLAYGROUND_PATH, playground } from "./playgroundPage.mjs";

const distDir = join(siteRoot, "dist");
const screenshotsDir = process.env.DOCS_SCREENSHOTS && resolve(process.env.DOCS_SCREENSHOTS);
/**
 * The pages checked: the home page, a guide a newcomer reads first, an API reference page, the
 * playground.
 */
const CHECKED_PAGES = {
  home: "/",
  guide: "/stream/backends/ag-ui/",
  reference: "/api/crayonai/react-core/functions/usechat/",
  playground: PLAYGROUND_PATH,
};
/** What a page shows before it is checked: the playground, a reply. */
const PREPARE = {
  playground: async (page) => {
    const view = playground(page);
    await view.composer.waitFor({ timeout: 30_000 });
    await view.ask("/markdown");
  },
};
const SEARCH_QUERY = "resumable";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

if (!existsSync(chromiumPath)) {
  console.log(`No Chromium at ${chromiumPath}: the docs accessibility check is skipped.`);
  process.exit(0);
}
if (!existsSync(join(distDir, "index.html"))) {
  console.error("dist/ has no site: run `pnpm docs:build` first.");
  process.exit(1);
}

const server = await serveStatic(distDir);
const origin = `http://127.0.0.1:${server.address().port}`;

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const browser = await launchChromium(chromium);
const problems = [];
try {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    // Axe once per page and theme on the desktop; the phone only for screenshots.
    if (viewportName === "phone" && !screenshotsDir) continue;
    for (const theme of ["light", "dark"]) {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      await context.addInitScript((value) => localStorage.setItem("starlight-theme", value), theme);
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`${page.url()}: console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
      for (const [name, path] of Object.entries(CHECKED_PAGES)) {
        await page.goto(origin + path, { waitUntil: "networkidle" });
        await PREPARE[name]?.(page);
        if (viewportName === "desktop") {
          await page.addScriptTag({ path: axeSource });
          const violations = await page.evaluate(async () => {
            const result = await globalThis.axe.run(document, {
              runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
            });
            return result.violations.map(
              (v) =>
                `${v.id} (${v.impact}): ${v.help}: ${v.nodes
                  .map((n) => n.target.join(" "))
                  .slice(0, 5)
                  .join(", ")}`,
            );
          });
          for (const violation of violations) problems.push(`${path} (${theme}): ${violation}`);
        }
        if (screenshotsDir && theme === "light") {
          await mkdir(screenshotsDir, { recursive: true });
          await page.screenshot({ path: join(screenshotsDir, `${name}-${viewportName}.png`) });
        }
      }
      if (screenshotsDir && theme === "light") {
        await page.goto(origin + CHECKED_PAGES.guide, { waitUntil: "networkidle" });
        await page.locator("site-search button[data-open-modal]").first().click();
        await page.locator("#starlight__search input").fill(SEARCH_QUERY);
        await page.locator(".pagefind-ui__result").first().waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(screenshotsDir, `search-${viewportName}.png`) });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}

if (problems.length > 0) {
  console.error(`Accessibility check of the docs failed:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `axe (WCAG 2.1 A/AA): no violations on ${Object.values(CHECKED_PAGES).join(", ")}, light and dark.`,
);
