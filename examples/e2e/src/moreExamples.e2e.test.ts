import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { serveExample } from "./exampleServer";

// The other two examples: one conversation each, streamed and still there after a reload.
describe.skipIf(noBrowser)("custom-sidebar and nextjs examples", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("custom-sidebar: the hand-made sidebar lists the thread a reply streamed into", async () => {
    const server = await serveExample("custom-sidebar", 4174);
    try {
      const { page, errors } = await openPage(browser, server.url);
      const chat = new ChatPage(page);
      await chat.input.waitFor();
      await chat.ask("/tool");
      expect(await chat.lastAssistantText()).toMatch(/Berlin/);
      const sidebar = page.getByRole("navigation", { name: "Conversations" });
      // The thread is titled from its first exchange (a bare command is no title).
      const rename = sidebar.getByRole("button", { name: /^Rename “.+”$/ }).first();
      await rename.waitFor();
      const title = (await rename.getAttribute("aria-label"))!.slice("Rename “".length, -1);
      expect(title).not.toBe("/tool");
      await page.reload();
      await sidebar.getByText(title, { exact: true }).click();
      await chat
        .lastAssistant()
        .getByText(/Berlin/)
        .first()
        .waitFor();
      await screenshot(page, "custom-sidebar-after-reload");
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      server.close();
    }
  });

  it("nextjs: the route handler streams a reply that persists", async () => {
    const server = await serveExample("nextjs", 3100, "next");
    try {
      const { page, errors } = await openPage(browser, server.url);
      const chat = new ChatPage(page);
      await chat.input.waitFor();
      await chat.send("/markdown");
      await chat.stopButton.waitFor();
      await chat.waitForReplyEnd();
      await expect(chat.lastAssistant().locator("table").count()).resolves.toBe(1);
      await page.reload();
      await chat.latestThread().click();
      await chat.lastAssistant().locator("table").waitFor();
      await chat.waitForListAtEnd();
      await screenshot(page, "nextjs-after-reload");
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      server.close();
    }
  });
});
