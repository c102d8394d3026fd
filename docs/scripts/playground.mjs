// Serves the built site (dist/) and checks in Chromium that the playground answers with no
// server: every request is for the site's own files (anything else is refused, as offline), and
// for each protocol of the picker a command's reply is rendered in the chat while the inspector
// lists that protocol's request, its wire frames and the Crayon events they became. Fails on a
// console error too. With DOCS_SCREENSHOTS=<dir> it also saves the playground with a reply,
// light and dark, on a desktop (1280×800) and a 390×844 phone. Run `pnpm docs:build` first.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { chromiumPath, launchChromium, serveStatic } from "../../scripts/browserCheck.mjs";
import { siteRoot } from "./pages.mjs";
import { PLAYGROUND_FRAMES, PLAYGROUND_PATH, playground, requestLine } from "./playgroundPage.mjs";

const distDir = join(siteRoot, "dist");
const screenshotsDir = process.env.DOCS_SCREENSHOTS && resolve(process.env.DOCS_SCREENSHOTS);
/**
 * What is asked, and what the reply shows: `/help` on the first protocol (the page answers it
 * offline), then a short one, a tool call and its answer, on the others.
 */
const FIRST = { command: "/help", shows: "I am a scripted demo agent" };
const THEN = { command: "/tool Paris", shows: "Paris" };
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

if (!existsSync(chromiumPath)) {
  console.log(`No Chromium at ${chromiumPath}: the playground check is skipped.`);
  process.exit(0);
}
if (!existsSync(join(distDir, "playground", "index.html"))) {
  console.error("dist/ has no playground: run `pnpm docs:build` first.");
  process.exit(1);
}

const server = await serveStatic(distDir);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium(chromium);
const problems = [];
const started = Date.now();

/** A page on the site that may reach nothing else, recording what went wrong. */
async function openPlayground(viewport, theme = "light") {
  const context = await browser.newContext({ viewport, colorScheme: theme });
  await context.addInitScript((value) => localStorage.setItem("starlight-theme", value), theme);
  await context.route("**/*", (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("request", (request) => {
    const { origin: to, pathname } = new URL(request.url());
    if (to !== origin || pathname.startsWith("/api/"))
      problems.push(`a request left the page: ${request.method()} ${request.url()}`);
  });
  await page.goto(origin + PLAYGROUND_PATH);
  const view = playground(page);
  await view.composer.waitFor({ timeout: 30_000 });
  return { context, page, view };
}

/** Switches Starlight's theme as its picker does (the page, and the playground, follow). */
async function pickTheme(page, theme) {
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, theme);
}

async function shoot(page, name) {
  if (!screenshotsDir) return;
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`) });
}

try {
  const { context, page, view } = await openPlayground(VIEWPORTS.desktop);
  for (const [index, [protocol, frame]] of Object.entries(PLAYGROUND_FRAMES).entries()) {
    const { command, shows } = index === 0 ? FIRST : THEN;
    const request = requestLine(protocol);
    try {
      await view.protocol.selectOption(protocol);
      await view.inspector.getByText("No reply yet", { exact: false }).waitFor();
      await view.ask(command);
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered is what is compared
      const reply = await view.lastReply.innerText();
      if (!reply.includes(shows)) problems.push(`${protocol}: the reply to ${command}: ${reply}`);
      const requestText = await view.request.textContent();
      if (!requestText.includes(request))
        problems.push(`${protocol}: the inspector's request is not ${request}: ${requestText}`);
      const frames = await view.wire.getByRole("listitem").count();
      const wire = await view.wire.textContent();
      if (frames < 2 || !wire.includes(frame))
        problems.push(`${protocol}: the inspector lists ${frames} wire frames, without "${frame}"`);
      if ((await view.events.getByText("text-delta", { exact: true }).count()) === 0)
        problems.push(`${protocol}: the inspector lists no text-delta event`);
    } catch (error) {
      problems.push(`${protocol}: ${error.message}`);
    }
  }
  await shoot(page, "playground-desktop-light");
  await pickTheme(page, "dark");
  await shoot(page, "playground-desktop-dark");
  await context.close();

  if (screenshotsDir) {
    const phone = await openPlayground(VIEWPORTS.phone);
    await phone.view.ask("/markdown");
    await shoot(phone.page, "playground-phone-light");
    await pickTheme(phone.page, "dark");
    await shoot(phone.page, "playground-phone-dark");
    await phone.view.inspector.scrollIntoViewIfNeeded();
    await shoot(phone.page, "playground-phone-dark-inspector");
    await phone.context.close();
  }
} finally {
  await browser.close();
  server.close();
}

if (problems.length > 0) {
  console.error(`The playground check failed:\n${problems.join("\n")}`);
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `Playground: a reply rendered and its wire inspected on ${Object.keys(PLAYGROUND_FRAMES).length} protocols, no request beyond the site's files (${seconds} s).`,
);
