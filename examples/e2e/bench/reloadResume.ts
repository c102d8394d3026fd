// `pnpm --filter @crayonai/e2e bench:resume`: in Chromium, the chat example (built, served by
// `vite preview` with its demo agent): how long from a reload, 1.5 s into `/long`, until the page
// shows text beyond what it showed before the reload (the first resumed token), per protocol.
// Prints figures; it never fails on them. Needs `pnpm build` first.
import { launchBrowser, noBrowser, openPage } from "../src/browser";
import { ChatPage } from "../src/chatPage";
import { serveExample } from "../src/exampleServer";

const RUNS = 5;
const protocols = ["crayon", "ag-ui", "vercel"] as const;

if (noBrowser) {
  console.warn("No Chromium: nothing measured.");
  process.exit(0);
}
const server = await serveExample("chat");
const browser = await launchBrowser();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const rows: string[] = [];
try {
  for (const protocol of protocols) {
    const toFirst: number[] = [];
    const toShown: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { page } = await openPage(browser, `${server.url}/?protocol=${protocol}`);
      const chat = new ChatPage(page);
      await chat.send("/long");
      await chat.stopButton.waitFor();
      await page.waitForTimeout(1500);
      const before = (await chat.lastAssistantText()).length;
      const started = Date.now();
      await page.reload({ waitUntil: "commit" });
      // The stored checkpoint shows first; then the resumed reply goes past what was seen.
      await page.waitForFunction(
        () => document.querySelectorAll(".crayon-message--assistant").length > 0,
        undefined,
        { polling: "raf" },
      );
      toShown.push(Date.now() - started);
      await page.waitForFunction(
        (length) => {
          const replies = document.querySelectorAll<HTMLElement>(".crayon-message--assistant");
          const last = replies[replies.length - 1];
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as compared before the reload
          return (last?.innerText.trim().length ?? 0) > length;
        },
        before,
        { polling: "raf", timeout: 10_000 },
      );
      toFirst.push(Date.now() - started);
      await chat.waitForReplyEnd();
      await page.close();
    }
    rows.push(
      `${protocol.padEnd(8)}  ${String(median(toShown)).padStart(18)}  ${String(median(toFirst)).padStart(26)}   (runs: ${toFirst.join(", ")})`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`\nReload 1.5 s into /long, Chromium, median of ${RUNS} (ms from reload)\n`);
console.log("protocol  reply shown (stored)  first resumed token beyond it");
for (const row of rows) console.log(row);
