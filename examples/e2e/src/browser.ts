import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

import { chromiumPath, launchChromium } from "../../../scripts/browserCheck.mjs";

export { chromiumPath };

/** True when there is no browser to drive: the suites are skipped, saying so. */
export const noBrowser = !existsSync(chromiumPath);

/** Where screenshots are written (a test artifact, not committed). */
export const artifactsDir = resolve(import.meta.dirname, "../test-artifacts");

export function launchBrowser(): Promise<Browser> {
  return launchChromium(chromium);
}

/**
 * A page that records console errors, uncaught exceptions and failed responses, so a test can
 * assert there were none.
 */
export async function openPage(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // Say which request failed (the console message alone does not).
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  return { page, errors };
}

export async function screenshot(page: Page, name: string) {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}
