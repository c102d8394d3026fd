import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { type ExampleServer, MCP_APP_PACE, serveExample } from "./exampleServer";
import { createThread, routeLongThread, scrollListTo } from "./longThread";

// An MCP App in a thread long enough for the message list to window its rows (render only those
// near the view): scrolled far away while its reply streams, the app stays mounted and is fed
// the rest of the call; once the reply has ended, it is told to tear down before its frame goes;
// scrolled back, it is shown again from its last state (input and result).

/** Earlier messages of the thread: long answers, so the app's row is screens away from the top. */
const SIZE = 40;

const PARTIAL = "ui/notifications/tool-input-partial";
const INPUT = "ui/notifications/tool-input";
const RESULT = "ui/notifications/tool-result";
const TEARDOWN = "ui/resource-teardown";

/**
 * In every frame, reports each MCP Apps message the frame receives (by method) to the test,
 * as it arrives: a frame that is removed cannot be read afterwards.
 */
const REPORT_APP_MESSAGES = () => {
  if (window === window.top) return;
  const report = (window as unknown as { mcpReport?: (method: string) => void }).mcpReport;
  window.addEventListener(
    "message",
    (event) => {
      const method = (event.data as { method?: unknown } | null)?.method;
      if (typeof method === "string") report?.(method);
    },
    true,
  );
};

describe.skipIf(noBrowser)("an MCP App in a windowed message list", () => {
  let browser: Browser;
  let server: ExampleServer;
  let threadId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      serveExample("chat", "vite", MCP_APP_PACE),
      launchBrowser(),
    ]);
    threadId = await createThread(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** The frames of the page's app cards, each with the methods it received in order. */
  async function open(): Promise<{ page: Page; errors: string[]; received: Map<Frame, string[]> }> {
    const { page, errors } = await openPage(browser, "about:blank");
    const received = new Map<Frame, string[]>();
    await page.exposeBinding("mcpReport", ({ frame }, method: string) => {
      received.set(frame, [...(received.get(frame) ?? []), method]);
    });
    await page.addInitScript(REPORT_APP_MESSAGES);
    await routeLongThread(page, threadId, SIZE);
    await page.goto(`${server.url}/?thread=${threadId}`);
    await page.locator(`.crayon-message-list__row[aria-posinset="${SIZE}"]`).waitFor();
    return { page, errors, received };
  }

  /** The frame of the (only) app card on the page, once it is there. */
  async function appFrame(page: Page): Promise<Frame> {
    const element = page.locator(".crayon-mcp-app").getByTitle("Get Time");
    await element.waitFor();
    return (await (await element.elementHandle())!.contentFrame()) as Frame;
  }

  async function waitFor(received: Map<Frame, string[]>, frame: Frame, method: string) {
    try {
      await expect
        .poll(() => received.get(frame) ?? [], { timeout: 30_000, interval: 50 })
        .toContain(method);
    } catch (error) {
      // Say what every app frame got and whether this one is still in the page: "nothing
      // arrived" and "another frame got it" are different bugs.
      const frames = [...received].map(([f, methods]) => ({
        this: f === frame,
        detached: f.isDetached(),
        methods,
      }));
      throw new Error(
        `${method} never reached the app frame. App frames: ${JSON.stringify(frames)}`,
        {
          cause: error,
        },
      );
    }
  }

  const appsInPage = (page: Page) => page.locator(".crayon-mcp-app iframe").count();

  it("keeps a live app mounted while scrolled away, tears it down after, restores it on return", async () => {
    const { page, errors, received } = await open();
    const chat = new ChatPage(page);
    await chat.waitForListAtEnd();
    await chat.send("/mcp");
    const frame = await appFrame(page);
    // The arguments stream in two pieces seconds apart: the app has the first.
    await waitFor(received, frame, PARTIAL);
    expect(received.get(frame)).not.toContain(RESULT);

    // Scrolled to the top of the thread, screens away, while the reply streams: the row the
    // list would drop stays, and so does the app, which gets the rest of the call.
    await scrollListTo(page, "top");
    await page.locator('.crayon-message-list__row[aria-posinset="1"]').waitFor();
    expect(await chat.stopButton.count()).toBe(1);
    await waitFor(received, frame, INPUT);
    await waitFor(received, frame, RESULT);
    expect(frame.isDetached()).toBe(false);
    expect(received.get(frame)).not.toContain(TEARDOWN);
    // It shows the result (the server's time) out of view.
    const time = frame.locator("code").first();
    await expect.poll(() => time.textContent(), { timeout: 10_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    const shownTime = await time.textContent();
    await chat.waitForReplyEnd();

    // The reply has ended and the app is far away: it is told it goes, then its frame goes.
    await waitFor(received, frame, TEARDOWN);
    await expect.poll(() => frame.isDetached(), { timeout: 10_000 }).toBe(true);
    expect(await appsInPage(page)).toBe(0);
    const before = received.get(frame)!;
    expect(before.indexOf(RESULT)).toBeLessThan(before.indexOf(TEARDOWN));

    // Scrolled back, the app is shown again in a new frame, fed its last state: the call's
    // input and result (no partial input: the arguments are complete).
    await scrollListTo(page, "bottom");
    const restored = await appFrame(page);
    expect(restored).not.toBe(frame);
    await waitFor(received, restored, RESULT);
    const again = received.get(restored)!;
    expect(again.indexOf(INPUT)).toBeLessThan(again.indexOf(RESULT));
    expect(again).not.toContain(PARTIAL);
    await expect
      .poll(() => restored.locator("code").first().textContent(), { timeout: 10_000 })
      .toBe(shownTime);
    await screenshot(page, "mcp-app-windowed-restored");
    expect(errors).toEqual([]);
    await page.close();
  });
});
