// `pnpm --filter @crayonai/e2e screenshots [dir]`: in Chromium, at 1280×800 and on a 390×844
// phone, PNGs of the chat example in the states a release note shows: a thread list of 30 threads
// over 10 days with a search typed in, a weather turn as one reply, an approved and a rejected
// card after a reload, a queued message sent after a reply, and (from the built Storybook) a
// tool UI typed from a zod schema. To look at, not compared: it never fails on what they show.
// Needs `pnpm build` and `pnpm --filter @crayonai/stories build-storybook` first.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, noBrowser, openPage } from "../src/browser";
import { ChatPage } from "../src/chatPage";
import { serveExample } from "../src/exampleServer";

const outDir = resolve(process.argv[2] ?? resolve(import.meta.dirname, "../test-artifacts/shots"));
const storybookDir = resolve(import.meta.dirname, "../../../stories/storybook-static");
const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Device = keyof typeof DEVICES;

const HOUR = 60 * 60 * 1000;
// What a month of support work in the example's order dashboard might leave behind.
const TOPICS: [string, string][] = [
  ["Refund for order #1042", "Refunded $120.00 to the card on file."],
  ["Late shipments this week", "Three orders wait on the carrier in Lyon."],
  ["Invoice for Grace Hopper", "The invoice lists VAT on its own line."],
  ["Discount code for returning buyers", "SPRING15 takes 15% off until Sunday."],
  ["Stock of the blue mugs", "Twelve left; the reorder arrives Friday."],
  ["Address change on #1040", "Updated before the label was printed."],
  ["Summary of yesterday's sales", "128 orders, $9,412, up 6% on last week."],
  ["Wording of the delay email", "Apologise first, then give the new date."],
  ["Duplicate charge on #1038", "The second charge was voided by the bank."],
  ["Gift wrapping option", "Adds $4 and a note field at checkout."],
];

/** 30 threads over the last 10 days, three a day, as the demo agent's `GET /threads` lists them. */
function threadsOverTenDays(now: number) {
  return Array.from({ length: 30 }, (_, index) => {
    const [title, preview] = TOPICS[index % TOPICS.length]!;
    const updatedAt = now - index * 8 * HOUR - (index % 3) * 25 * 60 * 1000;
    const round = Math.floor(index / TOPICS.length);
    return {
      threadId: `listed_${index + 1}`,
      title: round === 0 ? title : `${title} (${round + 1})`,
      createdAt: new Date(updatedAt - 2 * HOUR).toISOString(),
      updatedAt: new Date(updatedAt).toISOString(),
      preview,
    };
  });
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400); // a drawer's slide, a smooth scroll
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path });
  console.log(path);
}

async function openChat(browser: Browser, baseUrl: string, device: Device, query = "") {
  const { page, errors } = await openPage(browser, `${baseUrl}/${query}`);
  await page.setViewportSize(DEVICES[device]);
  const chat = new ChatPage(page);
  await chat.input.waitFor();
  return { page, errors, chat };
}

/** On a phone the thread list is a drawer the header's Conversations button opens. */
async function showThreadList(page: Page, device: Device) {
  if (device === "phone")
    await page.locator(".crayon-header").getByRole("button", { name: "Conversations" }).click();
}

async function threadListSearched(browser: Browser, baseUrl: string, device: Device) {
  const { page, errors } = await openPage(browser, "about:blank");
  await page.setViewportSize(DEVICES[device]);
  // The demo agent's list, replaced by one a month of use would give.
  const threads = threadsOverTenDays(Date.now());
  await page.route(
    (url) => url.pathname === "/api/threads",
    (route) =>
      route.request().method() === "GET" ? route.fulfill({ json: { threads } }) : route.fallback(),
  );
  await page.goto(baseUrl);
  const chat = new ChatPage(page);
  await chat.input.waitFor();
  await showThreadList(page, device);
  await shoot(page, `thread-list-30-${device}`);
  await chat.threadList.getByRole("searchbox", { name: "Search conversations" }).fill("order");
  await shoot(page, `thread-list-30-searched-${device}`);
  return { page, errors };
}

async function weatherTurn(browser: Browser, baseUrl: string, device: Device) {
  const { page, errors, chat } = await openChat(browser, baseUrl, device);
  await chat.ask("/tool Paris");
  await chat.waitForListAtEnd();
  await shoot(page, `weather-turn-${device}`);
  return { page, errors };
}

async function decidedCard(
  browser: Browser,
  baseUrl: string,
  device: Device,
  decision: "Approve" | "Reject",
) {
  const { page, errors, chat } = await openChat(browser, baseUrl, device);
  await chat.send("/approve");
  await page.getByRole("button", { name: decision, exact: true }).click();
  await chat.waitForReplyEnd();
  await page.reload();
  const card = page.locator(".crayon-tool-call").filter({ hasText: "schedule_meeting" });
  await card.getByText(decision === "Approve" ? "Approved by you" : "Rejected by you").waitFor();
  await card.locator("summary").click();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, `${decision === "Approve" ? "approved" : "rejected"}-after-reload-${device}`);
  return { page, errors };
}

async function queuedMessage(browser: Browser, baseUrl: string, device: Device) {
  const { page, errors, chat } = await openChat(browser, baseUrl, device);
  await chat.send("/long");
  await chat.stopButton.waitFor();
  const question = "And in one sentence?";
  await chat.send(question);
  const queued = page.getByRole("listitem", { name: `Queued: ${question}` });
  await queued.waitFor();
  await shoot(page, `queued-while-streaming-${device}`);
  await queued.waitFor({ state: "detached", timeout: 60_000 });
  await chat.stopButton.waitFor({ state: "detached", timeout: 30_000 });
  await chat.waitForListAtEnd();
  await shoot(page, `queued-sent-after-reply-${device}`);
  return { page, errors };
}

/** The Storybook story of a tool UI typed from a zod schema, served from the built Storybook. */
async function typedToolUI(browser: Browser, device: Device) {
  const { page, errors } = await openPage(browser, "about:blank");
  await page.setViewportSize(DEVICES[device]);
  await page.route("http://storybook.local/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(storybookDir, path === "/" ? "index.html" : path);
    return existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404 });
  });
  await page.goto(
    "http://storybook.local/iframe.html?id=crayonchat-tool-uis--typed-from-a-schema&viewMode=story",
  );
  await page.getByRole("region", { name: "Booking request" }).first().waitFor();
  await page.waitForFunction(
    () => document.documentElement.getAttribute("data-story-settled") !== "false",
  );
  await shoot(page, `typed-tool-ui-${device}`);
  return { page, errors };
}

if (noBrowser) {
  console.warn("No Chromium: no screenshots.");
  process.exit(0);
}
await mkdir(outDir, { recursive: true });
const server = await serveExample("chat");
const browser = await launchBrowser();
try {
  for (const device of Object.keys(DEVICES) as Device[]) {
    const shots = [
      () => threadListSearched(browser, server.url, device),
      () => weatherTurn(browser, server.url, device),
      () => decidedCard(browser, server.url, device, "Approve"),
      () => decidedCard(browser, server.url, device, "Reject"),
      () => queuedMessage(browser, server.url, device),
      ...(existsSync(storybookDir) ? [() => typedToolUI(browser, device)] : []),
    ];
    for (const take of shots) {
      const { page, errors } = await take();
      // Reported, not failed on: the picture is still worth looking at.
      for (const error of errors) console.warn(`  page error: ${error}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
