import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { noBrowser, openPage, screenshot } from "./browser";
import { ChatPage } from "./chatPage";
import { exampleSuite } from "./exampleSuite";
import {
  ALTERNATIVE_REPLY,
  createThread,
  LIST,
  routeLongThread,
  scrollListTo,
  WORD_IN_MESSAGE_10,
} from "./longThread";

const SIZE = 3000;

/** The row at 1-based `position` of the feed. */
const row = (page: Page, position: number) =>
  page.locator(`.crayon-message-list__row[aria-posinset="${position}"]`);

/** Whether the row at `position` is rendered and inside the list's viewport. */
function rowInView(page: Page, position: number): Promise<boolean> {
  return page.evaluate(
    ([list, position]) => {
      const scroll = document.querySelector(list as string)!.getBoundingClientRect();
      const found = document.querySelector(`[aria-posinset="${position}"]`);
      const box = found?.getBoundingClientRect();
      return !!box && box.bottom > scroll.top && box.top < scroll.bottom;
    },
    [LIST, position] as const,
  );
}

// A 3,000-message thread in the chat example: its stored history is served to the page as the
// demo agent's `/tree` of the thread (the demo agent only stores what it was sent).
describe.skipIf(noBrowser)("a 3,000-message thread", () => {
  const example = exampleSuite("chat");
  let threadId: string;

  beforeAll(async () => {
    threadId = await createThread(example.url);
  });

  async function open() {
    const { page, errors } = await openPage(example.browser, "about:blank");
    await routeLongThread(page, threadId, SIZE);
    await page.goto(`${example.url}/?thread=${threadId}`);
    const chat = new ChatPage(page);
    await row(page, SIZE).waitFor();
    return { page, errors, chat };
  }

  it("opens at the bottom, with a bounded number of rows in the page", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    expect(await rowInView(page, SIZE)).toBe(true);
    const rendered = await page.locator(".crayon-message-list__row").count();
    expect(rendered).toBeLessThan(40);
    const nodes = await page.evaluate(() => document.querySelectorAll("*").length);
    console.info(`3,000 messages: ${rendered} rows rendered, ${nodes} DOM nodes in the page`);
    expect(nodes).toBeLessThan(5000);
    await screenshot(page, "long-thread-bottom");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("scrolls to the top and back without losing its place", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    await scrollListTo(page, "top");
    await row(page, 1).waitFor();
    expect(await rowInView(page, 1)).toBe(true);
    await screenshot(page, "long-thread-top");

    // Halfway down, the row at the top of the view stays where it is while rows around it
    // are measured.
    await page.evaluate((list) => {
      const element = document.querySelector(list) as HTMLElement;
      element.scrollTop = element.scrollHeight / 2;
    }, LIST);
    // The row at the top of the view, once rows are rendered there.
    const topRow = await page.waitForFunction((list) => {
      const scroll = document.querySelector(list)!.getBoundingClientRect();
      const rows = [...document.querySelectorAll(".crayon-message-list__row")];
      const first = rows.find(
        (r) =>
          r.getBoundingClientRect().bottom > scroll.top + 40 &&
          r.getBoundingClientRect().top < scroll.bottom,
      );
      return (
        first && {
          position: first.getAttribute("aria-posinset"),
          top: first.getBoundingClientRect().top,
        }
      );
    }, LIST);
    await page.waitForTimeout(300);
    const before = (await topRow.jsonValue()) as { position: string; top: number };
    before.top = await page.evaluate(
      (position) =>
        document.querySelector(`[aria-posinset="${position}"]`)!.getBoundingClientRect().top,
      before.position,
    );
    await page.waitForTimeout(1000);
    const after = await page.evaluate(
      (position) =>
        document.querySelector(`[aria-posinset="${position}"]`)?.getBoundingClientRect().top,
      before.position,
    );
    expect(Math.abs((after ?? Number.NaN) - before.top)).toBeLessThanOrEqual(2);

    await scrollListTo(page, "bottom");
    await page.waitForTimeout(500);
    await chat.waitForListAtEnd();
    expect(await rowInView(page, SIZE)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("skips the rows a fling passes, then renders the rows where it stops, in place", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    // A fling at two viewports per 60 Hz frame, moving by its speed times the time each frame
    // took (a loaded machine draws fewer frames; a momentum scroll still covers its distance).
    // Rows are counted in frames that came within 100 ms of the two before: a longer gap is a
    // pause, after which the list rightly renders where it is.
    const fling = await page.evaluate(
      (list) =>
        new Promise<{ most: number; counted: number }>((resolve) => {
          const element = document.querySelector(list) as HTMLElement;
          const speed = (element.clientHeight * 2) / 16.7;
          const gaps: number[] = [];
          let last = performance.now();
          let most = 0;
          let counted = 0;
          const step = (now: number) => {
            gaps.push(now - last);
            element.scrollTop -= speed * Math.min(now - last, 100);
            last = now;
            if (gaps.length > 5 && gaps.slice(-3).every((gap) => gap <= 100)) {
              counted++;
              most = Math.max(most, document.querySelectorAll(".crayon-message-list__row").length);
            }
            if (counted < 30 && gaps.length < 400) requestAnimationFrame(step);
            else resolve({ most, counted });
          };
          requestAnimationFrame(step);
        }),
      LIST,
    );
    expect(fling.counted).toBe(30);
    expect(fling.most).toBeLessThanOrEqual(1);

    // Once it settles, the rows in view render and the one at the top of the view stays put.
    const topRow = await page.waitForFunction((list) => {
      const scroll = document.querySelector(list)!.getBoundingClientRect();
      const first = [...document.querySelectorAll(".crayon-message-list__row")].find(
        (r) =>
          r.getBoundingClientRect().bottom > scroll.top + 40 &&
          r.getBoundingClientRect().top < scroll.bottom,
      );
      return first?.getAttribute("aria-posinset");
    }, LIST);
    const position = (await topRow.jsonValue()) as string;
    const topOf = () =>
      page.evaluate(
        (position) =>
          document.querySelector(`[aria-posinset="${position}"]`)?.getBoundingClientRect().top,
        position,
      );
    const before = await topOf();
    await page.waitForTimeout(1000);
    const after = await topOf();
    expect(Math.abs((after ?? Number.NaN) - (before ?? Number.NaN))).toBeLessThanOrEqual(2);
    expect(await row(page, Number(position)).textContent()).not.toBe("");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows rows again while a fling slows down, before the list stops", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    // A fling (two viewports a frame for 10 frames), then its slow tail: 3 px a frame, never
    // pausing. The tail's rows render while it still moves.
    const rowsInTail = await page.evaluate(
      (list) =>
        new Promise<number>((resolve) => {
          const element = document.querySelector(list) as HTMLElement;
          let frames = 0;
          const step = () => {
            frames++;
            element.scrollTop -= frames <= 10 ? element.clientHeight * 2 : 3;
            if (frames < 40) requestAnimationFrame(step);
            else resolve(document.querySelectorAll(".crayon-message-list__row").length);
          };
          requestAnimationFrame(step);
        }),
      LIST,
    );
    expect(rowsInTail).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("finds a word from message 10 with the in-thread search, scrolls to it and highlights it", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    await page.locator(LIST).focus();
    await page.keyboard.press("Control+f");
    const search = page.getByRole("searchbox", { name: "Search this conversation" });
    await search.fill(WORD_IN_MESSAGE_10);
    await page.getByRole("status").filter({ hasText: "1 of 1" }).waitFor();
    await page.waitForFunction(() => {
      const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
        "crayon-search",
      );
      return highlight?.size === 1;
    });
    expect(await rowInView(page, 10)).toBe(true);
    // The word itself is on screen (it ends a reply taller than the view).
    const wordInView = await page.evaluate((list) => {
      const highlight = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
        "crayon-search",
      )!;
      const word = [...highlight][0]!.getBoundingClientRect();
      const view = document.querySelector(list)!.getBoundingClientRect();
      return word.top >= view.top && word.bottom <= view.bottom;
    }, LIST);
    expect(wordInView).toBe(true);
    await expect(
      row(page, 10).evaluate((r) => r.classList.contains("crayon-message-list__row--match")),
    ).resolves.toBe(true);
    await screenshot(page, "long-thread-search");
    await search.press("Escape");
    await expect(search.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("streams a reply at its end, then switches a branch in its middle", async () => {
    const { page, errors, chat } = await open();
    await chat.waitForListAtEnd();
    await chat.send("/markdown");
    await chat.stopButton.waitFor();
    await chat.waitForReplyEnd();
    await chat.waitForListAtEnd();
    // The question and its reply are the thread's last rows, and on screen.
    await row(page, SIZE + 2).waitFor();
    expect(await rowInView(page, SIZE + 2)).toBe(true);
    await expect(
      row(page, SIZE + 2)
        .locator("pre code")
        .count(),
    ).resolves.toBeGreaterThan(0);

    // The reply in the middle has a second version: reach it, then switch to it.
    await page.locator(LIST).focus();
    await page.keyboard.press("Control+f");
    await page
      .getByRole("searchbox", { name: "Search this conversation" })
      .fill(`Answer ${SIZE / 2 + 2}`);
    const middle = row(page, SIZE / 2 + 2);
    await middle.waitFor();
    await middle.getByRole("button", { name: "Next version" }).click();
    await page.getByText(ALTERNATIVE_REPLY).waitFor();
    await expect(row(page, SIZE / 2 + 2).getAttribute("aria-setsize")).resolves.toBe(
      String(SIZE / 2 + 2),
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
