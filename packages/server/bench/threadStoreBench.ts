// `pnpm --filter @crayonai/server bench`: what the thread store costs on PGlite (in memory) and
// on a real Postgres of its own (skipped, saying so, without one). One user with 10,000
// threads: how long the first page of the list takes through the routes (p50 / p99 over 200
// requests), and how many message upserts a second go through, one at a time and 8 at once.
// Prints figures; it never fails on them.
import type { Message } from "@crayonai/stream";
import { fixed, table } from "../../stream/bench/table";
import { pgliteDatabase } from "../src/threads/pgliteDatabase";
import { postgresDatabase } from "../src/threads/postgresDatabase";
import type { SqlDatabase } from "../src/threads/sqlDatabase";
import { threadRoutes } from "../src/threads/threadRoutes";
import { createThreadStore, type ThreadStore } from "../src/threads/threadStore";
import { canStartPostgres, startPostgresServer } from "../test/support/postgresServer";

const THREADS = 10_000;
const PAGE_REQUESTS = 200;
const UPSERTS = 2_000;
const CONCURRENCY = 8;
const OWNER = "bench-user";

// A reply of about 1 KB, the size of a short answer with some markdown.
const replyText = "The weather in Lisbon is sunny, 24°C, with a light breeze. ".repeat(17);

/** Runs `task(i)` for i < count with at most `width` in flight. */
async function pooled(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function seed(store: ThreadStore, width: number): Promise<number> {
  const started = performance.now();
  await pooled(THREADS, width, (i) =>
    store.createThread(OWNER, {
      title: `Thread ${i}`,
      messages: [{ id: `q${i}`, role: "user", content: `Question number ${i}?` }],
    }),
  );
  return performance.now() - started;
}

/** First-page latencies through the route handler, as a browser's `fetchThreadList()` asks. */
async function firstPage(store: ThreadStore): Promise<number[]> {
  const handler = threadRoutes(store, { authorize: () => ({ userId: OWNER }) });
  const ask = async () => {
    const response = await handler(new Request("http://bench.test/api/threads"));
    const page = (await response.json()) as { threads: unknown[] };
    if (page.threads.length !== 20) throw new Error(`a page of ${page.threads.length}`);
  };
  for (let i = 0; i < 20; i++) await ask(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    const started = performance.now();
    await ask();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Upserts a second: a new reply then its final version, alternating, over `width` threads. */
async function upserts(store: ThreadStore, width: number): Promise<number> {
  const threads = (await store.listThreads(OWNER, { limit: width })).threads;
  const started = performance.now();
  await pooled(UPSERTS, width, (i) => {
    const thread = threads[i % width]!;
    const message: Message = {
      id: `r${width}-${Math.floor(i / 2)}`,
      role: "assistant",
      content: i % 2 ? replyText : replyText.slice(0, 200),
    };
    return store.upsertMessage(OWNER, thread.threadId, message);
  });
  return UPSERTS / ((performance.now() - started) / 1000);
}

async function measure(name: string, db: SqlDatabase): Promise<string[]> {
  const store = createThreadStore({ db });
  await store.ready();
  // PGlite has one connection: more in flight only queue.
  const width = name === "PGlite" ? 1 : CONCURRENCY;
  const seedMs = await seed(store, width);
  const pages = await firstPage(store);
  const oneAtATime = await upserts(store, 1);
  const atOnce = await upserts(store, CONCURRENCY);
  await store.close();
  return [
    name,
    fixed(THREADS / (seedMs / 1000), 0),
    fixed(percentile(pages, 50), 2),
    fixed(percentile(pages, 99), 2),
    fixed(oneAtATime, 0),
    fixed(atOnce, 0),
  ];
}

const rows = [await measure("PGlite", pgliteDatabase())];
if (canStartPostgres()) {
  const server = await startPostgresServer();
  try {
    rows.push(await measure("Postgres", postgresDatabase({ connectionString: server.url })));
  } finally {
    await server.remove();
  }
} else console.warn("Postgres is not installed: only PGlite is measured.");

console.log(
  `${THREADS.toLocaleString("en")} threads of one user; first page p50/p99 over ${PAGE_REQUESTS} requests through the routes; ${UPSERTS.toLocaleString("en")} upserts of ~1 KB replies\n`,
);
console.log(
  table(
    [
      "database",
      "threads created/s",
      "first page p50 ms",
      "first page p99 ms",
      "upserts/s (1 at a time)",
      `upserts/s (${CONCURRENCY} at once)`,
    ],
    rows,
  ),
);
