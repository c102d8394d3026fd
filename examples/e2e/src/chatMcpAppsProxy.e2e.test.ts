import { createServer, type Server } from "node:http";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpAppSandboxProxy } from "../../../packages/server/src/mcp/sandboxProxy";
import { INPUT, RECORD_APP_MESSAGES, RESULT } from "./appMessages";
import { noBrowser, openPage } from "./browser";
import { ChatPage } from "./chatPage";
import { MCP_APP_PACE } from "./exampleServer";
import { exampleSuite } from "./exampleSuite";

// MCP Apps in the chat example shown through a sandbox proxy on another origin
// (`?sandboxProxyPort=`): the proxy page of `mcpAppSandboxProxy`, served on a second loopback
// port, framed by the card; the published `get-time` app in the proxy's own sandboxed frame,
// fed its partial input, input and result through the proxy; and what an app there still cannot reach.

const RESOURCE_READY = "ui/notifications/sandbox-resource-ready";

/** Serves the proxy page for pages on `hostOrigin`, on a free loopback port. */
async function serveProxy(hostOrigin: string): Promise<{ url: string; server: Server }> {
  const proxy = mcpAppSandboxProxy({ hostOrigins: [hostOrigin] });
  const server = createServer(async (request, response) => {
    const answer = proxy(
      new Request(`http://127.0.0.1${request.url}`, { method: request.method ?? "GET" }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

const received = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { mcpReceived?: string[] }).mcpReceived ?? []);

describe.skipIf(noBrowser)("MCP Apps through a sandbox proxy in the chat example", () => {
  // The proxy's handshake comes before the app starts: at the usual pace, on a loaded machine,
  // the arguments had ended by then (the app was, correctly, fed the whole input at once, and
  // the test saw no partial input). At a third of the pace they stay open 9 s.
  const suite = exampleSuite("chat", MCP_APP_PACE);
  let proxy: { url: string; server: Server };

  beforeAll(async () => {
    proxy = await serveProxy(suite.url);
    // The page lists the MCP tools on load, which starts the servers: once, before the tests.
    const { page } = await openPage(suite.browser, "about:blank");
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/mcp/tools");
    await page.goto(suite.url);
    expect((await (await listed).json()).errors).toEqual([]);
    await page.close();
  });
  afterAll(() => {
    proxy?.server.close();
  });

  /** The chat through the proxy, `/mcp` asked: the card's frame (the proxy) and the app's. */
  async function getTime() {
    const { page, errors } = await openPage(suite.browser, "about:blank");
    await page.addInitScript(RECORD_APP_MESSAGES);
    const port = new URL(proxy.url).port;
    await page.goto(`${suite.url}/?protocol=crayon&sandboxProxyPort=${port}`);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    await chat.send("/mcp");
    const element = page.locator(".crayon-mcp-app").last().getByTitle("Get Time");
    await element.waitFor();
    const outer = (await (await element.elementHandle())!.contentFrame()) as Frame;
    const inner = await waitForChild(outer);
    await chat.waitForReplyEnd();
    await inner.waitForFunction(
      (wanted) =>
        (window as unknown as { mcpReceived?: string[] }).mcpReceived?.includes(wanted) ?? false,
      RESULT,
      { polling: 50, timeout: 30_000 },
    );
    return { page, errors, chat, element, outer, inner };
  }

  async function waitForChild(frame: Frame): Promise<Frame> {
    await expect.poll(() => frame.childFrames().length, { timeout: 30_000 }).toBe(1);
    return frame.childFrames()[0]!;
  }

  it("/mcp: the app renders in the proxy's frame and receives its input and tool-result through it", async () => {
    const { page, errors, element, outer, inner } = await getTime();
    // The card frames the proxy on its own origin; the proxy frames the app without one.
    expect(await element.getAttribute("sandbox")).toBe(
      "allow-scripts allow-same-origin allow-forms",
    );
    expect(new URL(outer.url()).origin).toBe(proxy.url);
    expect(new URL(outer.url()).origin).not.toBe(suite.url);
    const innerSandbox = await outer.evaluate(() =>
      document.querySelector("iframe")?.getAttribute("sandbox"),
    );
    expect(innerSandbox).toBe("allow-scripts allow-forms");
    // The proxy was sent the app's HTML (after saying it is ready); the app, only the protocol.
    expect(await received(outer)).toContain(RESOURCE_READY);
    expect(await received(inner)).not.toContain(RESOURCE_READY);
    // Relayed in the protocol's order: partial input while the arguments streamed, the input,
    // then the result once.
    const order = (await received(inner)).filter((method) =>
      method.startsWith("ui/notifications/tool"),
    );
    expect(order.indexOf("ui/notifications/tool-input-partial")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("ui/notifications/tool-input-partial")).toBeLessThan(order.indexOf(INPUT));
    expect(order.indexOf(INPUT)).toBeLessThan(order.indexOf(RESULT));
    expect(order.filter((method) => method === RESULT)).toHaveLength(1);
    // The result shows in the app: the server's time.
    await expect
      .poll(() => inner.locator("code").first().textContent(), { timeout: 10_000 })
      .toMatch(/^\d{4}-\d\d-\d\dT/);
    // The app's size reaches the card through the proxy.
    await expect
      .poll(() => element.evaluate((frame) => frame.getBoundingClientRect().height))
      .toBeGreaterThan(150);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an app behind the proxy still cannot read the host page, nor talk to it past the proxy", async () => {
    const { page, chat, outer, inner } = await getTime();
    const attempts = await inner.evaluate(async (host) => {
      const outcome = (run: () => unknown) => {
        try {
          run();
          return "allowed";
        } catch (error) {
          return `blocked (${(error as Error).name})`;
        }
      };
      const request = (url: string) =>
        fetch(url).then(
          () => "allowed",
          (error: Error) => `blocked (${error.name})`,
        );
      return {
        hostDocument: outcome(() => window.top!.document.title),
        hostAddress: outcome(() => window.top!.location.href),
        proxyDocument: outcome(() => window.parent.document.title),
        storage: outcome(() => localStorage.length),
        cookies: outcome(() => document.cookie),
        hostRoutes: await request(`${host}/api/mcp/tools`),
      };
    }, suite.url);
    expect(attempts.hostDocument).toMatch(/^blocked/);
    expect(attempts.hostAddress).toMatch(/^blocked/);
    expect(attempts.proxyDocument).toMatch(/^blocked/);
    expect(attempts.storage).toMatch(/^blocked/);
    expect(attempts.cookies).toMatch(/^blocked/);
    expect(attempts.hostRoutes).toMatch(/^blocked/);
    // The proxy itself, on its own origin, cannot read the host page either.
    expect(
      await outer.evaluate(() => {
        try {
          return window.top!.document.title;
        } catch (error) {
          return `blocked (${(error as Error).name})`;
        }
      }),
    ).toMatch(/^blocked/);

    // A message posted straight to the host page, around the proxy, is not heard: no message
    // from the app reaches the thread.
    const before = await chat.page.locator(".crayon-message--user").count();
    await inner.evaluate(() =>
      window.top!.postMessage(
        {
          jsonrpc: "2.0",
          id: 900,
          method: "ui/message",
          params: { role: "user", content: [{ type: "text", text: "sent around the proxy" }] },
        },
        "*",
      ),
    );
    await page.waitForTimeout(1000);
    expect(await chat.page.locator(".crayon-message--user").count()).toBe(before);
    expect(await page.getByText("sent around the proxy").count()).toBe(0);
    await page.close();
  });

  it("the proxy page runs only framed, and only the listed host may frame it", async () => {
    const page: Page = await suite.browser.newPage();
    await page.goto(`${proxy.url}/#host=${encodeURIComponent(suite.url)}`);
    await expect.poll(() => page.textContent("body")).toContain("it is not framed");
    expect(await page.locator("iframe").count()).toBe(0);
    // Framed by a page of another origin, it does not load at all (frame-ancestors): the frame
    // shows the browser's error page instead.
    await page.goto("about:blank");
    await page.setContent(`<iframe src="${proxy.url}/#host=${encodeURIComponent(suite.url)}">`);
    const framed = page.frames()[1]!;
    await expect.poll(() => framed.url()).toMatch(/^chrome-error:/);
    await page.close();
  });
});
