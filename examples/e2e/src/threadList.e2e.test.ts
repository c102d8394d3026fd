import { describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";

// The thread list of the chat example: titles made from the first exchange, threads ordered by
// last activity (kept by the demo agent across a reload), and a search.
describe.skipIf(noBrowser)("thread list", () => {
  const example = exampleSuite("chat");

  it("titles threads, orders them by last activity and finds them by search", async () => {
    const { page, errors } = await openPage(example.browser, example.url);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    await chat.ask("Plan a trip to Rome. A week in May, museums first.");
    await chat.newChat();
    await chat.ask("/tool Paris");
    await chat.newChat();
    await chat.ask("Café ideas near the Pantheon");

    // Titles: the first sentence; a slash command dropped.
    const titles = () => chat.threadTitles();
    await expect(titles()).resolves.toEqual([
      "Café ideas near the Pantheon",
      "Paris",
      "Plan a trip to Rome",
    ]);
    await expect(
      chat.threadList.getByRole("heading", { name: "Today", exact: true }).count(),
    ).resolves.toBe(1);

    // A message in the oldest thread moves it to the top, and a reload keeps the order.
    await chat.thread("Plan a trip to Rome").click();
    await chat.ask("And what about June?");
    await expect(titles()).resolves.toEqual([
      "Plan a trip to Rome",
      "Café ideas near the Pantheon",
      "Paris",
    ]);
    await page.reload();
    await chat.input.waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll(".crayon-thread-list__select").length === 3,
    );
    await expect(titles()).resolves.toEqual([
      "Plan a trip to Rome",
      "Café ideas near the Pantheon",
      "Paris",
    ]);

    // Search ignores case and accents.
    const search = chat.threadList.getByRole("searchbox", { name: "Search conversations" });
    await search.fill("CAFE");
    await expect(titles()).resolves.toEqual(["Café ideas near the Pantheon"]);
    await screenshot(page, "chat-thread-list-search-desktop");

    // Keyboard: Arrow Down from the search enters the list, Enter opens the thread.
    await search.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByText("Café ideas near the Pantheon", { exact: true }).last().waitFor();
    await search.fill("");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".crayon-header").getByRole("button", { name: "Conversations" }).click();
    await search.waitFor({ state: "visible" });
    await search.fill("rome");
    await expect(titles()).resolves.toEqual(["Plan a trip to Rome"]);
    await page.waitForTimeout(300); // the drawer's slide
    await screenshot(page, "chat-thread-list-search-phone");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("titles a thread a bare command started with the command's name, for good", async () => {
    const { page, errors } = await openPage(example.browser, example.url);
    const chat = new ChatPage(page);
    await chat.input.waitFor();
    await chat.send("/markdown");
    const latest = chat.threadList.getByRole("listitem").first();
    const title = latest.locator(".crayon-thread-list__title");
    // Titled at once, while the reply streams, not from the reply's first words when it ends.
    await expect.poll(() => title.textContent()).toBe("Markdown");
    await chat.waitForReplyEnd();
    await expect(title.textContent()).resolves.toBe("Markdown");
    // The reply's words are the preview, as plain text: the title does not repeat them.
    const preview = latest.locator(".crayon-thread-list__preview");
    await expect.poll(() => preview.textContent()).toMatch(/^Markdown tour Crayon renders/);
    await page.reload();
    await chat.input.waitFor();
    await expect.poll(() => title.textContent()).toBe("Markdown");
    expect(errors).toEqual([]);
    await page.close();
  });
});
