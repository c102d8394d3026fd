// What the MCP App stories (src/McpApp.stories.tsx) must show in a real browser, checked by
// screenshots.mjs after each story settles: the host side of the protocol with an honest app,
// and one rule per hostile fixture app (src/mcpApps/hostile-*.html) that the host must enforce.
// Each check returns the problems it found.

const TIMEOUT = 5_000;
/** The fake routes' request log, kept by the story page (src/mcpApps/fakeEndpoint.ts). */
const requests = (page) => page.evaluate(() => window.__mcpAppRequests ?? []);
const frameOf = (page, title) => page.frameLocator(`iframe[title="${title}"]`);
/** The app frame titled `title`, to run code in. */
const frameNamed = async (page, title) =>
  (await page.locator(`iframe[title="${title}"]`).elementHandle()).contentFrame();
/** The notifications the fixture app titled `title` received, in order. */
const received = async (page, title) =>
  (await frameNamed(page, title)).evaluate(() => window.mcpApp.received);

/** Runs `step`; a failure (a timeout, say) becomes a problem rather than ending the check. */
async function expectTo(problems, what, step) {
  try {
    const outcome = await step();
    if (outcome === false) problems.push(what);
  } catch (error) {
    problems.push(`${what}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
  }
}

const textIs = (locator, text) => locator.filter({ hasText: text }).waitFor({ timeout: TIMEOUT });

/** The sandbox of every app frame: scripts and forms, never the host's origin. */
async function sandboxed(page, problems) {
  const sandboxes = await page
    .locator(".crayon-mcp-app__frame")
    .evaluateAll((frames) => frames.map((frame) => frame.getAttribute("sandbox")));
  if (sandboxes.length === 0) problems.push("no app frame");
  for (const sandbox of sandboxes) {
    if (sandbox !== "allow-scripts allow-forms") problems.push(`frame sandbox is "${sandbox}"`);
  }
}

/** The order of what a finished call's app received: input once, then its result once. */
function inputThenResult(methods, problems, { partials }) {
  const input = methods.indexOf("ui/notifications/tool-input");
  const result = methods.indexOf("ui/notifications/tool-result");
  const count = (method) => methods.filter((m) => m === method).length;
  if (count("ui/notifications/tool-input") !== 1 || count("ui/notifications/tool-result") !== 1) {
    problems.push(`expected one tool-input and one tool-result, got ${methods.join(", ")}`);
  }
  if (!(input >= 0 && result > input)) problems.push(`tool-result before tool-input: ${methods}`);
  const partial = methods.lastIndexOf("ui/notifications/tool-input-partial");
  if (partials === 0 && partial >= 0) problems.push("partial input for a finished call");
  if (
    partials > 0 &&
    (count("ui/notifications/tool-input-partial") < partials || partial > input)
  ) {
    problems.push(
      `expected ${partials}+ partial inputs before the input, got ${methods.join(", ")}`,
    );
  }
}

async function clockChecks(page, theme) {
  const problems = [];
  const app = frameOf(page, "World clock");
  await sandboxed(page, problems);
  await expectTo(problems, "the app shows its input and result", async () => {
    await textIs(app.locator("#zone"), "Time zone: Europe/Paris");
    await textIs(app.locator("#time"), "14:05");
    await textIs(app.locator("#status"), "Done");
  });
  const methods = (await received(page, "World clock")).map((m) => m.method);
  inputThenResult(methods, problems, { partials: 0 });
  const frame = await frameNamed(page, "World clock");
  const context = await frame.evaluate(() => window.mcpApp.hostContext);
  if (context?.theme !== theme) problems.push(`host context theme ${context?.theme}, not ${theme}`);
  if (context?.displayMode !== "inline") problems.push("not shown inline");
  if (context?.containerDimensions?.maxHeight !== 600) problems.push("no 600 px height cap");
  if (!context?.locale) problems.push("no locale");
  if (!context?.styles?.variables?.["--color-background-primary"]) problems.push("no colours");
  // Its size follows its content: the frame is as tall as the app's document.
  const sizes = await page
    .locator('iframe[title="World clock"]')
    .evaluate((frame) => frame.clientHeight);
  const content = await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  );
  if (Math.abs(sizes - content) > 2) problems.push(`frame ${sizes} px for ${content} px of app`);
  if (theme === "dark") return problems;

  // A button in the app calls an app-only tool through the host.
  await app.getByRole("button", { name: "Refresh" }).click();
  await expectTo(problems, "Refresh calls refresh_time", async () => {
    await textIs(app.locator("#status"), "Refreshed");
    const call = (await requests(page)).find((r) => r.path === "/tools/call");
    return (
      call?.body?.name === "refresh_time" &&
      call.body.server === "clock" &&
      call.body.threadId === "t_clock"
    );
  });
  // A link asks first; Cancel opens nothing and tells the app.
  await app.getByRole("button", { name: "Time zone database" }).click();
  await expectTo(problems, "a link asks before opening", async () => {
    await page
      .getByRole("group", { name: /World clock wants to open/ })
      .waitFor({ timeout: TIMEOUT });
    await page.getByRole("button", { name: "Cancel" }).click();
    await textIs(app.locator("#status"), "Link not opened");
    return page.context().pages().length === 1;
  });
  // Full screen and back.
  await app.getByRole("button", { name: "Full screen" }).click();
  await expectTo(problems, "full screen covers the window", async () => {
    const card = page.locator(".crayon-mcp-app--fullscreen");
    await card.waitFor({ timeout: TIMEOUT });
    const box = await card.boundingBox();
    await textIs(app.locator("#status"), "Display: fullscreen");
    return box?.width === 1280 && box?.height === 800;
  });
  await page.getByRole("button", { name: "Exit full screen" }).click();
  await expectTo(problems, "back inline", () =>
    page.locator(".crayon-mcp-app--fullscreen").waitFor({ state: "detached", timeout: TIMEOUT }),
  );
  // A message from the app is a user message, said to come from it.
  await app.getByRole("button", { name: "Ask about this zone" }).click();
  await expectTo(problems, "the app's message shows as the user's, from the app", () =>
    textIs(page.locator(".crayon-message--user"), "Sent from the World clock app"),
  );
  return problems;
}

const never = /$^/;
const CSP_BLOCKED = /violates the following Content Security Policy|Refused to connect because/;
const POPUP_BLOCKED = /Blocked opening .* 'allow-popups' permission is not set/;

export const MCP_APP_CHECKS = {
  "tool-uis-mcp-app--clock": { consoleError: never, check: (page) => clockChecks(page, "light") },
  "tool-uis-mcp-app--clock-dark": {
    consoleError: never,
    check: (page) => clockChecks(page, "dark"),
  },
  "tool-uis-mcp-app--streams-its-arguments": {
    consoleError: never,
    async check(page) {
      const problems = [];
      const app = frameOf(page, "World clock");
      await expectTo(problems, "the app shows the streamed call", async () => {
        await textIs(app.locator("#zone"), "Time zone: Asia/Tokyo");
        await textIs(app.locator("#status"), "Done");
      });
      const messages = await received(page, "World clock");
      inputThenResult(
        messages.map((m) => m.method),
        problems,
        { partials: 3 },
      );
      const zones = messages
        .filter((m) => m.method === "ui/notifications/tool-input-partial")
        .map((m) => m.params.arguments.timezone ?? "");
      if (!zones.some((zone) => zone && zone !== "Asia/Tokyo" && "Asia/Tokyo".startsWith(zone))) {
        problems.push(`no partial time zone among ${JSON.stringify(zones)}`);
      }
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-read-the-host-page": {
    consoleError: CSP_BLOCKED,
    async check(page) {
      const problems = [];
      const app = frameOf(page, "Snooper");
      await expectTo(problems, "the app finished trying", () =>
        app.locator('[data-attempt="done"]').waitFor({ timeout: TIMEOUT }),
      );
      const outcomes = await app
        .locator("li")
        .evaluateAll((items) => items.map((item) => item.textContent));
      for (const outcome of outcomes) {
        if (!outcome.endsWith(": done") && !/: blocked \(/.test(outcome)) problems.push(outcome);
      }
      if (outcomes.length < 8) problems.push(`only ${outcomes.length} attempts reported`);
      const background = await page.evaluate(() => document.body.style.background);
      if (background) problems.push(`the host page's background became ${background}`);
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-navigate-the-top-window": {
    consoleError: new RegExp(
      `Unsafe attempt to initiate navigation|${POPUP_BLOCKED.source}|Blocked form submission`,
    ),
    async check(page) {
      const problems = [];
      const before = page.url();
      await expectTo(problems, "the app finished trying", () =>
        frameOf(page, "Hijacker").locator('[data-attempt="done"]').waitFor({ timeout: TIMEOUT }),
      );
      await page.waitForTimeout(300);
      if (page.url() !== before) problems.push(`the page went to ${page.url()}`);
      if (page.context().pages().length !== 1) problems.push("a window opened");
      return problems;
    },
  },
  "tool-uis-mcp-app--opens-links-only-when-confirmed": {
    consoleError: POPUP_BLOCKED,
    async check(page) {
      const problems = [];
      const app = frameOf(page, "Link opener");
      await expectTo(problems, "window.open is blocked and a script link refused", async () => {
        await textIs(app.locator("#direct"), "window.open: blocked");
        await textIs(app.locator("#script-link"), "javascript: link: refused");
      });
      if (page.context().pages().length !== 1) problems.push("a window opened without asking");
      await page
        .context()
        .route("http://link.example/**", (route) =>
          route.fulfill({ contentType: "text/html", body: "<title>Linked</title>" }),
        );
      await expectTo(problems, "Open link opens it without an opener", async () => {
        const [popup] = await Promise.all([
          page.waitForEvent("popup", { timeout: TIMEOUT }),
          page.getByRole("button", { name: "Open link" }).click(),
        ]);
        await popup.waitForLoadState();
        const url = popup.url();
        const opener = await popup.evaluate(() => window.opener === null);
        await popup.close();
        await textIs(app.locator("#asked"), "open-link: opened");
        return url === "http://link.example/asked" && opener;
      });
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-post-for-another-call": {
    consoleError: never,
    async check(page) {
      const problems = [];
      const clock = frameOf(page, "World clock");
      await expectTo(problems, "the impostor sent its messages", () =>
        textIs(frameOf(page, "Impostor").locator("#sent"), "forged messages sent"),
      );
      await page.waitForTimeout(300);
      await expectTo(problems, "the clock shows its own call", async () => {
        await textIs(clock.locator("#zone"), "Time zone: Asia/Tokyo");
        await textIs(clock.locator("#time"), "14:05");
      });
      const methods = (await received(page, "World clock")).map((m) => m.method);
      inputThenResult(methods, problems, { partials: 0 });
      if ((await page.getByText("FORGED").count()) > 0) problems.push("FORGED shows in the page");
      if ((await requests(page)).some((r) => r.path === "/tools/call")) {
        problems.push("a tool was called");
      }
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-grow-without-bound": {
    consoleError: never,
    async check(page) {
      const problems = [];
      await page.waitForTimeout(300);
      const height = await page
        .locator('iframe[title="Balloon"]')
        .evaluate((frame) => frame.getBoundingClientRect().height);
      if (height > 600) problems.push(`the frame is ${height} px tall (cap 600)`);
      const row = await page.locator(".crayon-message-list__row").last().boundingBox();
      if (!row || row.height > 800) problems.push(`its row is ${row?.height} px tall`);
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-flood-the-chat": {
    consoleError: never,
    async check(page) {
      const problems = [];
      await expectTo(problems, "the app was told 7 were refused", () =>
        textIs(frameOf(page, "Flood").locator("#outcome"), "3 accepted, 7 refused"),
      );
      const notice = await page.locator(".crayon-mcp-app__notice").textContent();
      if (!notice?.includes("7 were not sent")) problems.push(`notice: ${notice}`);
      const sent = await page.getByText("Sent from the Flood app").count();
      if (sent !== 3) problems.push(`${sent} messages in the thread from the app, not 3`);
      return problems;
    },
  },
  "tool-uis-mcp-app--cannot-call-model-only-tools": {
    consoleError: never,
    async check(page) {
      const problems = [];
      const app = frameOf(page, "Escalator");
      await expectTo(problems, "the app finished trying", () =>
        app.locator('[data-tool="done"]').waitFor({ timeout: TIMEOUT }),
      );
      for (const tool of ["delete_everything", "read_mail", "unlisted_tool"]) {
        const outcome = await app.locator(`[data-tool="${tool}"]`).textContent();
        if (!outcome?.includes("refused")) problems.push(outcome ?? `${tool}: no outcome`);
      }
      if ((await requests(page)).some((r) => r.path === "/tools/call")) {
        problems.push("a refused tool reached the server");
      }
      return problems;
    },
  },
  "tool-uis-mcp-app--interfaces-that-cannot-load": {
    consoleError: never,
    async check(page) {
      const problems = [];
      const codes = await page
        .locator("[data-error-code]")
        .evaluateAll((notes) => notes.map((note) => note.getAttribute("data-error-code")));
      const expected = ["resource_unavailable", "resource_not_app", "resource_too_large"];
      if (JSON.stringify(codes) !== JSON.stringify(expected)) {
        problems.push(`error codes ${JSON.stringify(codes)}, expected ${JSON.stringify(expected)}`);
      }
      for (const text of ["Plain result one.", "Plain result two.", "Plain result three."]) {
        if ((await page.getByText(text).count()) !== 1)
          problems.push(`plain result missing: ${text}`);
      }
      if ((await page.locator("iframe").count()) !== 0) problems.push("a frame was shown");
      return problems;
    },
  },
};
