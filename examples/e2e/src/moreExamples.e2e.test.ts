import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { serveExample } from "./exampleServer";

// The other two examples: one conversation each, streamed and still there after a reload (and,
// in the Next.js app, an MCP App served by its route handler).
describe.skipIf(noBrowser)("custom-sidebar and nextjs examples", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("custom-sidebar: the hand-made sidebar lists, groups and finds the thread a reply streamed into", async () => {
    const server = await serveExample("custom-sidebar");
    try {
      const { page, errors } = await openPage(browser, server.url);
      const chat = new ChatPage(page);
      await chat.input.waitFor();
      await chat.ask("/tool");
      expect(await chat.lastAssistantText()).toMatch(/Berlin/);
      const sidebar = page.getByRole("navigation", { name: "Conversations" });
      // The thread is titled from its first exchange: a bare command by its name, not as typed.
      const rename = sidebar.getByRole("button", { name: /^Rename “.+”$/ }).first();
      await rename.waitFor();
      const title = (await rename.getAttribute("aria-label"))!.slice("Rename “".length, -1);
      expect(title).not.toBe("/tool");
      // A second conversation, for the search to tell apart.
      await page.getByTestId("new-thread").click();
      await chat.ask("/markdown");
      await expect(sidebar.getByRole("listitem").count()).resolves.toBe(2);
      await page.reload();
      await sidebar.getByText(title, { exact: true }).click();
      await chat
        .lastAssistant()
        .getByText(/Berlin/)
        .first()
        .waitFor();
      // Grouped by recency, with the time of its last activity.
      const today = sidebar.getByRole("region", { name: "Today" });
      await today.getByRole("heading", { name: "Today" }).waitFor();
      const row = today.getByRole("listitem").filter({ hasText: title });
      expect(await row.locator(".thread__time").textContent()).toMatch(/^(now|\d+ min)$/);
      await screenshot(page, "custom-sidebar-after-reload");

      // Found by a search, ignoring case; a word no thread has empties the list until Escape.
      const search = sidebar.getByRole("searchbox", { name: "Search conversations" });
      await search.fill("BERLIN");
      await sidebar.getByRole("listitem").nth(1).waitFor({ state: "detached" });
      expect(await sidebar.getByRole("listitem").allInnerTexts()).toEqual([
        expect.stringContaining(title),
      ]);
      await screenshot(page, "custom-sidebar-searched");
      await search.fill("berlin no-such-word");
      await sidebar.getByRole("status").getByText("No conversations match.").waitFor();
      expect(await sidebar.getByRole("listitem").count()).toBe(0);
      await search.press("Escape");
      await sidebar.getByRole("listitem").nth(1).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      server.close();
    }
  });

  it("nextjs: the route handler streams a reply that persists, and serves MCP Apps", async () => {
    const server = await serveExample("nextjs", "next");
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

      // The route handler runs the MCP App servers too: `/mcp` shows the server's own
      // interface, which calls its tool through /api/mcp and shows the server's time.
      await chat.send("/mcp");
      const app = page.locator(".crayon-mcp-app").last().getByTitle("Get Time");
      await app.waitFor({ timeout: 30_000 });
      await chat.waitForReplyEnd();
      const time = app.contentFrame().locator("code").first();
      await expect.poll(() => time.textContent(), { timeout: 30_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
      await screenshot(page, "nextjs-mcp-app");
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      server.close();
    }
  });
});
