import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { type CuttableProxy, startCuttableProxy } from "./cuttableProxy";
import { type ExampleServer, serveExample } from "./exampleServer";

// A reply survives its connection: a reload, a network blink, a second tab. The chat example
// (built, served by `vite preview` with its demo agent) is reached through a proxy the test
// owns, so the test can cut the network. "Nothing lost" is the final rendered text equal, character
// for character, to an uninterrupted run of the same command.

const protocols = ["crayon", "ag-ui", "vercel", "open-responses"] as const;
type Protocol = (typeof protocols)[number];

/** The thread the page shows, from `?thread=` in its URL. */
function threadOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get("thread");
}

async function waitForThreadInUrl(page: Page): Promise<string> {
  await page.waitForFunction(() => new URL(location.href).searchParams.has("thread"));
  return threadOf(page)!;
}

/** Sends `/long` and waits until about `ms` of it has streamed. */
async function startLongReply(chat: ChatPage, ms: number) {
  await chat.send("/long");
  await chat.stopButton.waitFor();
  await chat.page.waitForTimeout(ms);
}

describe.skipIf(noBrowser)("a reply survives its connection (chat example)", () => {
  let server: ExampleServer;
  let proxy: CuttableProxy;
  let browser: Browser;
  const uninterrupted = new Map<Protocol, string>();

  beforeAll(async () => {
    // Half the demo agent's usual pace: `/long` still streams for about 8 s, time enough to
    // reload, open a second tab or cut the network mid-reply, and the file takes half as long.
    server = await serveExample("chat", "vite", { CRAYON_DEMO_DELAY_MS: "10" });
    proxy = await startCuttableProxy(server.port);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    server?.close();
  });

  const open = (protocol: Protocol, thread?: string) =>
    openPage(browser, `${proxy.url}/?protocol=${protocol}${thread ? `&thread=${thread}` : ""}`);

  describe.each(protocols)("over %s", (protocol) => {
    it("an uninterrupted run, to compare with", async () => {
      const { page } = await open(protocol);
      const chat = new ChatPage(page);
      await chat.ask("/long");
      const text = await chat.lastAssistantText();
      expect(text.length).toBeGreaterThan(3000);
      uninterrupted.set(protocol, text);
      await page.close();
    });

    it("reload 1.5 s into a reply: the same thread opens and the reply continues to the same text", async () => {
      const { page, errors } = await open(protocol);
      const chat = new ChatPage(page);
      await startLongReply(chat, 1500);
      const thread = await waitForThreadInUrl(page);
      const before = (await chat.lastAssistantText()).length;
      await page.reload();
      expect(threadOf(page)).toBe(thread);
      // Still running on the server: the page follows it (Stop shows) to its end.
      await chat.stopButton.waitFor({ timeout: 10_000 });
      await chat.waitForReplyEnd();
      const text = await chat.lastAssistantText();
      expect(text.length).toBeGreaterThan(before);
      expect(text).toBe(uninterrupted.get(protocol));
      await screenshot(page, `resume-after-reload-${protocol}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it("the network drops for 3 s: Reconnecting…, then the reply goes on to the same text", async () => {
      const { page } = await open(protocol);
      const chat = new ChatPage(page);
      await startLongReply(chat, 1000);
      const cut = proxy.cut(3000);
      await page.getByText("Reconnecting…").first().waitFor({ timeout: 5000 });
      await screenshot(page, `resume-reconnecting-${protocol}`);
      await cut;
      await chat.waitForReplyEnd();
      expect(await chat.lastAssistantText()).toBe(uninterrupted.get(protocol));
      await expect(page.getByText("Reconnecting…").count()).resolves.toBe(0);
      await page.close();
    });

    it("a second tab follows a running reply live", async () => {
      const first = await open(protocol);
      const chat = new ChatPage(first.page);
      await startLongReply(chat, 1000);
      const thread = await waitForThreadInUrl(first.page);
      const second = await open(protocol, thread);
      const follower = new ChatPage(second.page);
      await follower.stopButton.waitFor({ timeout: 10_000 });
      const early = (await follower.lastAssistantText()).length;
      await second.page.waitForTimeout(1000);
      // Live: it grew while the first tab's reply streamed.
      expect((await follower.lastAssistantText()).length).toBeGreaterThan(early);
      await follower.waitForReplyEnd();
      await chat.waitForReplyEnd();
      expect(await follower.lastAssistantText()).toBe(uninterrupted.get(protocol));
      expect(await chat.lastAssistantText()).toBe(uninterrupted.get(protocol));
      await first.page.close();
      await second.page.close();
    });

    it("Stop while Reconnecting… stops the reply on the server", async () => {
      const { page } = await open(protocol);
      const chat = new ChatPage(page);
      await startLongReply(chat, 1000);
      const thread = await waitForThreadInUrl(page);
      const cut = proxy.cut(3000);
      await page.getByText("Reconnecting…").first().waitFor({ timeout: 5000 });
      await chat.stopButton.click();
      await cut;
      // The stop reaches the server once the network is back: the stored reply ends stopped,
      // well before the uninterrupted text's end.
      let stored: { role: string; status?: string; content?: string } | undefined;
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const messages = (await (
          await fetch(`${server.url}/api/threads/${thread}/messages`)
        ).json()) as { role: string; status?: string; content?: string }[];
        stored = messages.filter((m) => m.role === "assistant").at(-1);
        if (stored?.status && stored.status !== "streaming") break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(stored?.status).toBe("stopped");
      expect(stored?.content?.length ?? 0).toBeLessThan(uninterrupted.get(protocol)!.length);
      await page.close();
    });
  });
});
