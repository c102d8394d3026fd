import type { Browser, Frame, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCELLED, INPUT, PARTIAL, RECORD_APP_MESSAGES, RESULT } from "./appMessages";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { type ExampleServer, serveExample } from "./exampleServer";

// MCP Apps in the chat example, against the published example servers the demo agent runs over
// stdio (`/mcp`: the React `get-time` app; `/mcp monitor`: the system monitor, which polls a
// tool only apps may call): the app's own interface in a sandboxed frame, fed while the
// arguments stream, then the result; its height following its content; its calls going through
// the host; a link it asks for opened only after the user says so; Stop; a reload.

/** The MCP routes' requests the page makes: path and JSON body. */
function recordMcpRequests(page: Page): { path: string; body: any }[] {
  const sent: { path: string; body: any }[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/mcp/"))
      sent.push({ path: pathname, body: request.method() === "POST" && request.postDataJSON() });
  });
  return sent;
}

describe.skipIf(noBrowser)("MCP Apps in the chat example", () => {
  let browser: Browser;
  let server: ExampleServer;

  beforeAll(async () => {
    server = await serveExample("chat");
    browser = await launchBrowser();
    // The page lists the MCP tools on load, which starts the servers: once, before the tests.
    const { page } = await openPage(browser, "about:blank");
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/mcp/tools");
    await page.goto(server.url);
    expect((await (await listed).json()).errors).toEqual([]);
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(protocol = "crayon", path = "/") {
    const { page, errors } = await openPage(browser, "about:blank");
    await page.addInitScript(RECORD_APP_MESSAGES);
    const requests = recordMcpRequests(page);
    await page.goto(`${server.url}${path}${path.includes("?") ? "&" : "?"}protocol=${protocol}`);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    return { page, errors, chat, requests };
  }

  /** The last app card of the page, its frame element and the frame's document. */
  async function lastApp(page: Page, title: string) {
    const card = page.locator(".crayon-mcp-app").last();
    const element = card.getByTitle(title);
    await element.waitFor();
    const frame = (await (await element.elementHandle())!.contentFrame()) as Frame;
    return { card, element, frame };
  }

  const received = (frame: Frame) =>
    frame.evaluate(() => (window as unknown as { mcpReceived?: string[] }).mcpReceived ?? []);

  async function waitForMessage(frame: Frame, method: string) {
    await frame.waitForFunction(
      (wanted) =>
        (window as unknown as { mcpReceived?: string[] }).mcpReceived?.includes(wanted) ?? false,
      method,
      { polling: 50, timeout: 30_000 },
    );
  }

  const frameHeight = (element: Locator) =>
    element.evaluate((frame) => frame.getBoundingClientRect().height);

  it("/mcp: the app renders, is fed partial input while the arguments stream, then the result", async () => {
    const { page, errors, chat, requests } = await open();
    await chat.send("/mcp");
    const { element, frame } = await lastApp(page, "Get Time");
    await chat.waitForReplyEnd();
    await waitForMessage(frame, RESULT);
    // The arguments streamed in two pieces: the app had the first (partial input) before the
    // whole (input), then the result, once.
    const order = (await received(frame)).filter((method) =>
      method.startsWith("ui/notifications/tool"),
    );
    expect(order.indexOf(PARTIAL)).toBeLessThan(order.indexOf(INPUT));
    expect(order.indexOf(INPUT)).toBeLessThan(order.indexOf(RESULT));
    expect(order.filter((method) => method === RESULT)).toHaveLength(1);
    // The result shows in the app: the server's time.
    const time = frame.locator("code").first();
    await expect.poll(() => time.textContent(), { timeout: 10_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Its height is its content's, not an iframe's default.
    const content = await frame.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height),
    );
    await expect.poll(() => frameHeight(element)).toBeGreaterThan(150);
    expect(Math.abs((await frameHeight(element)) - content)).toBeLessThanOrEqual(2);
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/mcp/tools", "/api/mcp/resources/read"]),
    );
    await screenshot(page, "mcp-app-get-time");
    expect(errors).toEqual([]);
    const shownTime = await time.textContent();

    // A reload opens the thread again: the finished app is shown with its input and result.
    await page.reload();
    const restored = await lastApp(page, "Get Time");
    await waitForMessage(restored.frame, RESULT);
    expect(await received(restored.frame)).not.toContain(CANCELLED);
    await expect.poll(() => restored.frame.locator("code").first().textContent()).toBe(shownTime);
    await page.close();
  });

  it("a link the app asks for opens only after the user confirms it", async () => {
    const { page, chat } = await open();
    await page
      .context()
      .route("https://modelcontextprotocol.io/**", (route) =>
        route.fulfill({ body: "opened", contentType: "text/plain" }),
      );
    await chat.ask("/mcp");
    const { card, frame } = await lastApp(page, "Get Time");
    await waitForMessage(frame, RESULT);
    const opened: string[] = [];
    page.context().on("page", (tab) => opened.push(tab.url()));

    await frame.getByRole("button", { name: "Open Link" }).click();
    const confirm = card.locator(".crayon-mcp-app__confirm");
    await confirm.getByText("https://modelcontextprotocol.io/").waitFor();
    expect(opened).toEqual([]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(opened).toEqual([]);

    await frame.getByRole("button", { name: "Open Link" }).click();
    const tab = page.context().waitForEvent("page");
    await confirm.getByRole("button", { name: "Open link" }).click();
    const newTab = await tab;
    await newTab.waitForLoadState();
    expect(newTab.url()).toBe("https://modelcontextprotocol.io/");
    // Opened without a way back to the chat.
    expect(await newTab.evaluate(() => window.opener)).toBeNull();
    await newTab.close();
    await page.close();
  });

  it("on a phone the card and its frame fit the message's width, and a link's question its buttons", async () => {
    const { page, errors, chat } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.ask("/mcp");
    const { card, element, frame } = await lastApp(page, "Get Time");
    await waitForMessage(frame, RESULT);
    const box = (locator: Locator) =>
      locator.evaluate((node) => {
        const { left, right } = node.getBoundingClientRect();
        return { left, right };
      });
    const cardBox = await box(card);
    expect(cardBox.right).toBeLessThanOrEqual(390);
    // The frame is as wide as the card inside its border.
    const frameBox = await box(element);
    expect(frameBox.left - cardBox.left).toBeLessThanOrEqual(1);
    expect(cardBox.right - frameBox.right).toBeLessThanOrEqual(1);

    await frame.getByRole("button", { name: "Open Link" }).click();
    const confirm = card.locator(".crayon-mcp-app__confirm");
    await confirm.waitFor();
    for (const name of ["Open link", "Cancel"]) {
      const button = await box(confirm.getByRole("button", { name }));
      expect(button.left).toBeGreaterThanOrEqual(cardBox.left);
      expect(button.right).toBeLessThanOrEqual(cardBox.right);
    }
    await screenshot(page, "mcp-app-phone-link");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/mcp monitor: the app's buttons call a tool only apps may call, through the host", async () => {
    const { page, errors, chat, requests } = await open();
    await chat.ask("/mcp monitor");
    const { frame } = await lastApp(page, "Get System Info");
    await waitForMessage(frame, RESULT);
    const polls = () =>
      requests.filter(
        (r) => r.path === "/api/mcp/tools/call" && r.body.name === "poll-system-stats",
      );
    // It starts polling by itself on the result; its memory bar fills from the polled stats.
    await expect.poll(() => polls().length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => frame.locator("#memory-percent").textContent()).toMatch(/^\d+%$/);
    expect(polls()[0]!.body).toMatchObject({ server: "system-monitor", arguments: {} });
    expect(polls()[0]!.body.threadId).toEqual(expect.any(String));

    await frame.getByRole("button", { name: "Stop" }).click();
    const before = polls().length;
    await frame.getByRole("button", { name: "Start" }).click();
    await expect.poll(() => polls().length).toBeGreaterThan(before);
    await frame.getByRole("button", { name: "Stop" }).click();
    await screenshot(page, "mcp-app-system-monitor");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Stop while the arguments stream cancels the call in the app", async () => {
    const { page, chat } = await open();
    await chat.send("/mcp");
    // Stop as soon as the call shows (its card, or already its app), while its arguments stream
    // (they stay open 3 s). The app may start before the Stop or, on a loaded machine, after it:
    // either way it is told the call was cancelled, and never given the input or a result.
    await page.locator(".crayon-tool-call, .crayon-mcp-app").last().waitFor();
    await chat.stopButton.click();
    const { frame } = await lastApp(page, "Get Time");
    await waitForMessage(frame, CANCELLED);
    const got = await received(frame);
    expect(got).not.toContain(INPUT);
    expect(got).not.toContain(RESULT);
    await page.close();
  });

  it("over Open Responses the app of an mcp_call shows its result (structuredContent)", async () => {
    const { page, errors, chat } = await open("open-responses");
    await chat.ask("/mcp vanilla");
    const { frame } = await lastApp(page, "Get Time");
    await waitForMessage(frame, RESULT);
    await expect
      .poll(() => frame.locator("#server-time").textContent())
      .toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
