// `pnpm --filter @crayonai/server bench:resume`: what a resumable reply costs against a plain
// one (throughput and time to first byte, in-process and Redis store), how soon a resume
// answers, and 200 concurrent replies on one instance with Redis, each cut and resumed. Real
// HTTP over loopback and a real redis-server of its own (skipped, saying so, without one).
// CPU ms is this process's (it runs both the server and the reader). Prints figures and
// ratios; it never fails on them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Readable } from "node:stream";
import { fixed, ratio, table } from "../../stream/bench/table";
import { inProcessReplyStore } from "../src/resumable/inProcessReplyStore";
import { redisReplyStore } from "../src/resumable/redisReplyStore";
import type { ReplyStore } from "../src/resumable/replyStore";
import { createResumableReplies } from "../src/resumable/resumableReplies";
import { redisServerPath, startRedisServer } from "../test/support/redisServer";

const EVENTS = 4000; // one SSE event per chunk, as a model's tokens arrive
const RUNS = 15;
const frame = (i: number) => `data: {"type":"text","text":"token ${i} of a long reply — ✓"}\n\n`;
const fullBody = Array.from({ length: EVENTS }, (_, i) => frame(i)).join("");

/** A reply as fast as it can go (`paceMs` 0), or one event every `paceMs`. */
function reply(signal: AbortSignal, paceMs = 0, events = EVENTS): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (paceMs) await new Promise((resolve) => setTimeout(resolve, paceMs));
      else if (i % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted || i === events) return controller.close();
      controller.enqueue(encoder.encode(frame(i++)));
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

type Handler = (request: Request) => Promise<Response> | Response;

/** A Node HTTP server for a Fetch-API handler (what Hono's or Next's adapters do). */
async function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      signal: abort.signal,
    });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return res.end();
    Readable.fromWeb(response.body as never)
      .on("error", () => res.destroy())
      .pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let nextThread = 0;

/** Routes: `/plain` and `/resumable` start a reply; `/t/:id/stream` resumes or stops. */
function handlerFor(
  store: ReplyStore,
  paceMs = 0,
  events = EVENTS,
  keepProducedText = true,
): Handler {
  const replies = createResumableReplies({ store, keepProducedText });
  return (request) => {
    const url = new URL(request.url);
    const abort = new AbortController();
    if (url.pathname === "/plain") return reply(abort.signal, paceMs, events);
    if (url.pathname === "/resumable") {
      const threadId = url.searchParams.get("thread") ?? `t${nextThread++}`;
      return replies.start({ threadId, generate: (signal) => reply(signal, paceMs, events) });
    }
    const match = /^\/t\/([^/]+)\/stream$/.exec(url.pathname);
    if (match) return replies.handle(request, { threadId: match[1]! });
    return new Response(null, { status: 404 });
  };
}

/** Reads a whole response: time to first byte and to the end, and the text. */
async function read(url: string, init?: RequestInit) {
  const start = performance.now();
  const response = await fetch(url, init);
  if (!response.body) return { firstByte: 0, total: 0, text: "", status: response.status };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let firstByte = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - start;
    text += decoder.decode(value, { stream: true });
  }
  return { firstByte, total: performance.now() - start, text, status: response.status };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** A reply through `path`, `runs` times; paced replies (`paceMs`) show the cost at a model's speed. */
async function throughput(store: ReplyStore, path: string, keepProducedText = true) {
  const events = EVENTS;
  const expected = Array.from({ length: events }, (_, i) => frame(i)).join("");
  const runs = RUNS;
  const { url, server } = await serve(handlerFor(store, 0, events, keepProducedText));
  const firstBytes: number[] = [];
  const totals: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs + 3; run++) {
    const cpu = process.cpuUsage();
    const result = await read(`${url}${path}`);
    const used = process.cpuUsage(cpu);
    if (result.text !== expected) throw new Error(`${path}: the body differs`);
    if (run < 3) continue;
    firstBytes.push(result.firstByte);
    totals.push(result.total);
    cpus.push((used.user + used.system) / 1000);
  }
  server.close();
  const ms = median(totals);
  const cpu = median(cpus);
  return { ttfb: median(firstBytes), ms, cpu, mbps: expected.length / 1e6 / (ms / 1000) };
}

/** A way to serve a reply, compared at a model's pace. */
type Variant = { name: string; store: ReplyStore; path: string; keepProducedText?: boolean };

/**
 * The CPU (ms, this process) of one reply of `events` events, one every `paceMs`, for each
 * variant: rounds of one reply per variant in turn (so a machine loaded by other work weighs on
 * all of them alike), one warm-up round, then the median of `runs`.
 */
async function atPace(
  variants: Variant[],
  paceMs: number,
  events: number,
  runs: number,
  redisCpu: () => Promise<number>,
) {
  const expected = Array.from({ length: events }, (_, i) => frame(i)).join("");
  const served = await Promise.all(
    variants.map(({ store, keepProducedText }) =>
      serve(handlerFor(store, paceMs, events, keepProducedText)),
    ),
  );
  const cpus = variants.map((): number[] => []);
  const redisCpus = variants.map((): number[] => []);
  const totals = variants.map((): number[] => []);
  for (let round = 0; round <= runs; round++) {
    for (const [n, { url }] of served.entries()) {
      const redisBefore = await redisCpu();
      const cpu = process.cpuUsage();
      const result = await read(`${url}${variants[n]!.path}`);
      const used = process.cpuUsage(cpu);
      const redisUsed = (await redisCpu()) - redisBefore;
      if (result.text !== expected) throw new Error(`${variants[n]!.name}: the body differs`);
      if (round === 0) continue;
      cpus[n]!.push((used.user + used.system) / 1000);
      redisCpus[n]!.push(redisUsed);
      totals[n]!.push(result.total);
    }
  }
  for (const { server } of served) server.close();
  return variants.map((variant, n) => ({
    name: variant.name,
    cpu: median(cpus[n]!),
    redis: median(redisCpus[n]!),
    ms: median(totals[n]!),
  }));
}

/** Starts a reply, reads it until `enough(text)`, then disconnects; returns what was read. */
async function readThenDisconnect(url: string, enough: (text: string) => boolean) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let head = "";
  while (!enough(head)) {
    const { value, done } = await reader.read();
    if (done) break;
    head += decoder.decode(value, { stream: true });
  }
  abort.abort();
  return head;
}

/** From a reader's reconnect to the first resumed byte, for a reply cut 300 ms in. */
async function resumeLatency(store: ReplyStore) {
  const { url, server } = await serve(handlerFor(store, 5, 400));
  const times: number[] = [];
  for (let run = 0; run < 20; run++) {
    const thread = `latency-${run}-${Math.random()}`;
    const until = Date.now() + 300;
    const head = await readThenDisconnect(
      `${url}/resumable?thread=${thread}`,
      () => Date.now() >= until,
    );
    const result = await read(`${url}/t/${thread}/stream?position=${head.length}`, {});
    times.push(result.firstByte);
    if (head + result.text !== Array.from({ length: 400 }, (_, i) => frame(i)).join("")) {
      throw new Error("a resumed reply differs");
    }
  }
  server.close();
  return median(times);
}

/** 200 paced replies at once, each read in part, cut, and resumed from its position. */
async function concurrent(store: ReplyStore, keepProducedText: boolean, count = 200) {
  const events = 600;
  const expected = Array.from({ length: events }, (_, i) => frame(i)).join("");
  const { url, server } = await serve(handlerFor(store, 10, events, keepProducedText));
  const start = performance.now();
  const results = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const thread = `many-${n}-${Math.random()}`;
      const head = await readThenDisconnect(
        `${url}/resumable?thread=${thread}`,
        (text) => text.length >= 1000 + n * 5,
      );
      const rest = await read(`${url}/t/${thread}/stream?position=${head.length}`, {}).catch(
        (error: Error) => ({ text: "", status: error.message }),
      );
      if (head + rest.text !== expected) {
        console.warn(`reply ${n}: resume answered ${rest.status} at ${head.length}`);
      }
      return head + rest.text === expected;
    }),
  );
  server.close();
  return { lost: results.filter((ok) => !ok).length, ms: performance.now() - start };
}

const stores: { name: string; make: () => ReplyStore; stop?: () => Promise<void> }[] = [
  { name: "in-process", make: inProcessReplyStore },
];
/** The redis-server's own CPU so far, in ms (`INFO cpu`, to the microsecond); 0 without one. */
let redisCpu = async () => 0;
if (redisServerPath()) {
  const redis = await startRedisServer();
  const { createClient } = await import("redis");
  const info = createClient({ url: redis.url });
  await info.connect();
  redisCpu = async () => {
    const text = await info.info("cpu");
    const seconds = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(text)?.[1] ?? 0);
    return (seconds("used_cpu_user") + seconds("used_cpu_sys")) * 1000;
  };
  const stop = async () => {
    info.destroy();
    await redis.stop();
  };
  stores.push({ name: "redis", make: () => redisReplyStore({ url: redis.url }), stop });
} else {
  console.warn("redis-server is not installed: the Redis rows are left out.");
}

const loadBefore = os.loadavg();
const loads = (averages: number[]) => averages.map((load) => fixed(load, 2)).join(" ");
const rows: string[][] = [];
const plain = await throughput(inProcessReplyStore(), "/plain");
rows.push([
  "plain",
  fixed(plain.ttfb, 2),
  fixed(plain.ms),
  fixed(plain.mbps),
  "1.00×",
  fixed(plain.cpu),
  "1.00×",
  "—",
]);
const extra: string[][] = [];
const paced: string[][] = [];
/** The kit as it was before it kept the produced text (its length only), and as it is. */
const kitVariants = (name: string) =>
  name === "redis"
    ? [
        { label: `resumable (${name}, length only)`, keepProducedText: false },
        { label: `resumable (${name}, text kept)`, keepProducedText: true },
      ]
    : [{ label: `resumable (${name})`, keepProducedText: true }];
const pacedVariants: Variant[] = [{ name: "plain", store: inProcessReplyStore(), path: "/plain" }];
for (const { name, make } of stores) {
  const store = make();
  for (const { label, keepProducedText } of kitVariants(name)) {
    pacedVariants.push({ name: label, store, path: "/resumable", keepProducedText });
  }
}
const PACES = [
  { paceMs: 1, events: 1000, runs: 7 },
  { paceMs: 15, events: 300, runs: 7 },
];
for (const { paceMs, events, runs } of PACES) {
  const results = await atPace(pacedVariants, paceMs, events, runs, redisCpu);
  const plainCpu = results[0]!.cpu;
  const lengthOnly = results.find((result) => result.name.endsWith("length only)"));
  const both = (result: { cpu: number; redis: number }) => result.cpu + result.redis;
  for (const result of results) {
    const kept = lengthOnly && result.name.endsWith("text kept)");
    paced.push([
      `${paceMs} ms × ${events}`,
      result.name,
      fixed(result.ms),
      fixed(result.cpu),
      fixed(result.redis, 2),
      ratio(result.cpu / plainCpu),
      kept ? ratio(result.cpu / lengthOnly.cpu) : "—",
      kept ? ratio(both(result) / both(lengthOnly)) : "—",
    ]);
  }
}
console.log(
  `\nAt a model's pace: one event every 1 ms (at most) or 15 ms, the variants in turn, median of 7; load average (1, 5, 15 min) ${loads(loadBefore)} at the start, ${loads(os.loadavg())} at the end\n`,
);
console.log(
  table(
    [
      "pace × events",
      "reply",
      "whole reply ms",
      "CPU ms",
      "redis-server CPU ms",
      "CPU vs plain",
      "CPU vs length only",
      "with redis-server's",
    ],
    paced,
  ),
);
for (const { name, make } of stores) {
  const store = make();
  for (const { label, keepProducedText } of kitVariants(name)) {
    const kit = await throughput(store, "/resumable", keepProducedText);
    rows.push([
      label,
      fixed(kit.ttfb, 2),
      fixed(kit.ms),
      fixed(kit.mbps),
      ratio(plain.mbps / kit.mbps),
      fixed(kit.cpu),
      ratio(kit.cpu / plain.cpu),
      `${fixed(kit.ttfb - plain.ttfb, 2)} ms`,
    ]);
  }
  const latency = await resumeLatency(store);
  extra.push([name, fixed(latency, 2), "—"]);
  if (name === "redis") {
    // The kit before it kept the text, then as it is, each of the 200 a 6-second reply.
    for (const keep of [false, true]) {
      const many = await concurrent(store, keep);
      extra.push([
        keep ? "redis, text kept" : "redis, length only",
        "",
        `${200 - many.lost}/200 complete, ${many.lost} lost (${fixed(many.ms / 1000, 1)} s)`,
      ]);
    }
  }
  await store.close();
}
for (const { store } of pacedVariants) await store.close();
for (const { stop } of stores) await stop?.();

console.log(
  `\nResumable replies: ${EVENTS} SSE events (${fixed(fullBody.length / 1e6, 2)} MB) over loopback HTTP, median of ${RUNS}\n`,
);
console.log(
  table(
    [
      "reply",
      "first byte ms",
      "whole reply ms",
      "MB/s",
      "time vs plain",
      "CPU ms",
      "CPU vs plain",
      "first byte overhead",
    ],
    rows,
  ),
);
console.log(
  "\nResume: reconnect → first resumed byte (median of 20), and 200 concurrent replies cut and resumed\n",
);
console.log(table(["store", "resume first byte ms", "200 concurrent (Redis)"], extra));
console.log(`\nLoad average (1, 5, 15 min) at the end: ${loads(os.loadavg())}`);
process.exit(0);
