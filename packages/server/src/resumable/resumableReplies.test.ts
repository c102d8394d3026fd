import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type RedisServer,
  redisServerPath,
  startRedisServer,
} from "../../test/support/redisServer";
import { replyPrefix } from "../../test/support/replyFrames";
import { inProcessReplyStore } from "./inProcessReplyStore";
import { redisReplyStore } from "./redisReplyStore";
import type { ReplyStore } from "./replyStore";
import { createResumableReplies } from "./resumableReplies";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SSE frames with multi-byte text, so positions are characters, not bytes. */
const frames = Array.from({ length: 40 }, (_, i) => `data: {"text":"part ${i} — ✓ 🦀"}\n\n`);
const fullText = frames.join("");

/** A generated reply: one frame every `ms`, ended early (keeping what was sent) on abort. */
function generator(ms = 5) {
  const seen: { signal?: AbortSignal } = {};
  const generate = (signal: AbortSignal) => {
    seen.signal = signal;
    const encoder = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await sleep(ms);
        if (signal.aborted || i === frames.length) return controller.close();
        controller.enqueue(encoder.encode(frames[i++]!));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
  return { generate, seen };
}

/** Reads `count` characters (at least) of a response, then disconnects. */
async function readSome(response: Response, count: number): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

const get = (position?: number) =>
  new Request(
    `http://x/api/chat/t1/stream${position === undefined ? "" : `?position=${position}`}`,
  );
const del = () => new Request("http://x/api/chat/t1/stream", { method: "DELETE" });

type StoreKind = { name: string; make: () => ReplyStore };
let redis: RedisServer | undefined;
const kinds: StoreKind[] = [{ name: "in-process", make: inProcessReplyStore }];
const hasRedis = redisServerPath() !== undefined;
if (hasRedis) kinds.push({ name: "redis", make: () => redisReplyStore({ url: redis!.url }) });
else console.warn("redis-server is not installed: the Redis store tests are skipped.");

beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

describe.each(kinds)("resumable replies ($name store)", ({ make }) => {
  it("keeps generating after the reader leaves, and a resume from its position completes the text exactly", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    const { generate, seen } = generator();
    const first = await replies.start({ threadId: "t1", generate });
    expect(first.headers.get("X-Crayon-Reply-Id")).toBeTruthy();
    const head = await readSome(first, 300);
    await sleep(30);
    expect(seen.signal?.aborted).toBe(false);
    const resumed = await replies.handle(get(head.length), { threadId: "t1" });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("X-Crayon-Resume-Position")).toBe(String(head.length));
    expect(resumed.headers.get("Content-Type")).toBe("text/event-stream");
    expect(head + (await resumed.text())).toBe(fullText);
    // Finished: nothing runs any more.
    expect((await replies.handle(get(0), { threadId: "t1" })).status).toBe(204);
    await store.close();
  });

  it("a second reader from position 0 gets the whole reply while the first still reads", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    const first = await replies.start({ threadId: "t1", generate: generator().generate });
    const second = await replies.resume(get(), { threadId: "t1", position: 0 });
    const [a, b] = await Promise.all([first.text(), second.text()]);
    expect(a).toBe(fullText);
    expect(b).toBe(fullText);
    await store.close();
  });

  it("answers 204 for an unknown thread, 416 beyond the end, 400 for a bad position", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    expect((await replies.handle(get(0), { threadId: "nope" })).status).toBe(204);
    const response = await replies.start({ threadId: "t1", generate: generator(20).generate });
    const beyond = await replies.handle(get(1_000_000), { threadId: "t1" });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ error: { code: "position_out_of_range" } });
    const bad = await replies.handle(new Request("http://x/s?position=-3"), { threadId: "t1" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_position" } });
    await replies.stop(del(), { threadId: "t1" });
    await response.text();
    await store.close();
  });

  it("stop is an explicit request: it aborts the generation, and the body ends with what was produced", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    const { generate, seen } = generator(10);
    const response = await replies.start({ threadId: "t1", generate });
    const head = await readSome(response, 100);
    expect((await replies.handle(del(), { threadId: "t1" })).status).toBe(202);
    await vi.waitFor(() => expect(seen.signal?.reason).toBe("stop"));
    await vi.waitFor(() => expect(replies.running).toBe(0));
    expect(head.length).toBeLessThan(fullText.length);
    expect((await replies.handle(del(), { threadId: "t1" })).status).toBe(204);
    await store.close();
  });

  it("refuses another user's thread when authorize says no", async () => {
    const store = make();
    const replies = createResumableReplies({
      store,
      authorize: (request) => request.headers.get("Authorization") === "Bearer owner",
    });
    const { generate, seen } = generator(10);
    const response = await replies.start({ threadId: "t1", generate });
    expect((await replies.handle(get(0), { threadId: "t1" })).status).toBe(403);
    expect((await replies.handle(del(), { threadId: "t1" })).status).toBe(403);
    expect(seen.signal?.aborted).toBe(false);
    const owner = new Request("http://x/s?position=0", {
      headers: { Authorization: "Bearer owner" },
    });
    expect((await replies.handle(owner, { threadId: "t1" })).status).toBe(200);
    expect(await response.text()).toBe(fullText);
    await store.close();
  });

  it("producedText gives the thread's running reply so far, with its headers; none for an unknown thread", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    const threadId = `produced-${globalThis.crypto.randomUUID()}`;
    expect(await replies.producedText(threadId)).toBeUndefined();
    const response = await replies.start({ threadId, generate: generator().generate });
    const head = await readSome(response, 200);
    const produced = (await replies.producedText(threadId))!;
    expect(produced).toMatchObject({ replyId: response.headers.get("X-Crayon-Reply-Id") });
    expect(produced.running).toBe(true);
    expect(produced.text.startsWith(head) || head.startsWith(produced.text)).toBe(true);
    expect(fullText.startsWith(produced.text)).toBe(true);
    expect(produced.headers).toContainEqual(["content-type", "text/event-stream"]);
    await store.close();
  });

  it("shutdown aborts this instance's replies with reason 'shutdown' and waits for their end", async () => {
    const store = make();
    const replies = createResumableReplies({ store });
    const { generate, seen } = generator(10);
    const response = await replies.start({ threadId: "t1", generate });
    const reading = response.text();
    await sleep(50);
    await replies.shutdown();
    expect(seen.signal?.reason).toBe("shutdown");
    expect(replies.running).toBe(0);
    const text = await reading;
    expect(fullText.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(fullText.length);
    await store.close();
  });
});

describe.skipIf(!hasRedis)("resumable replies across instances (one real Redis)", () => {
  it("a reply started on A is resumed and stopped through B", async () => {
    const storeA = redisReplyStore({ url: redis!.url });
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: storeA });
    const b = createResumableReplies({ store: storeB });
    const one = generator();
    const head = await readSome(await a.start({ threadId: "t1", generate: one.generate }), 200);
    const resumed = await b.handle(get(head.length), { threadId: "t1" });
    expect(resumed.status).toBe(200);
    expect(head + (await resumed.text())).toBe(fullText);

    const two = generator(10);
    const second = await a.start({ threadId: "t2", generate: two.generate });
    const reading = second.text();
    await sleep(50);
    const stop = await b.stop(new Request("http://x", { method: "DELETE" }), { threadId: "t2" });
    expect(stop.status).toBe(202);
    await vi.waitFor(() => expect(two.seen.signal?.reason).toBe("stop"));
    const partial = await reading;
    expect(partial.length).toBeLessThan(fullText.length);
    expect(fullText.startsWith(partial)).toBe(true);
    await Promise.all([storeA.close(), storeB.close()]);
  });

  it("after shutdown, another instance answers 204 at once (the reply is recorded as ended)", async () => {
    const storeA = redisReplyStore({ url: redis!.url });
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: storeA });
    const b = createResumableReplies({ store: storeB });
    const response = await a.start({ threadId: "t3", generate: generator(10).generate });
    const reading = response.text();
    await sleep(50);
    await a.shutdown();
    await storeA.close();
    const started = Date.now();
    expect((await b.handle(get(0), { threadId: "t3" })).status).toBe(204);
    expect(Date.now() - started).toBeLessThan(500);
    await reading;
    await storeB.close();
  });

  it("Redis going away mid-reply: the generating instance finishes the reply, a resume gets a typed 503, logged once", async () => {
    const server = await startRedisServer();
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    const storeA = redisReplyStore({ url: server.url, onError: () => {} });
    const storeB = redisReplyStore({ url: server.url, onError: () => {} });
    const a = createResumableReplies({ store: storeA, log });
    const b = createResumableReplies({ store: storeB, log });
    const response = await a.start({ threadId: "t1", generate: generator(10).generate });
    const reading = response.text();
    await sleep(60);
    await server.stop();
    const during = await b.handle(get(0), { threadId: "t1" });
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ error: { code: "resume_unavailable" } });
    expect(await reading).toBe(fullText);
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs.length).toBeLessThanOrEqual(2); // once per instance, not per command
    await Promise.all([storeA.close(), storeB.close()]);
  });

  it("an instance killed mid-reply (SIGKILL): within 5 s another instance serves the rest of what it produced, to the character, then 204; never 416", async () => {
    const killed = replyInstance(redis!.url, "killed");
    const instance = killed.child;
    await vi.waitFor(() => expect(killed.reached).toBeGreaterThan(400), { timeout: 20_000 });
    const reached = killed.reached;
    const store = redisReplyStore({ url: redis!.url });
    const b = createResumableReplies({ store });
    const threadId = "killed";
    const request = (position: number) =>
      new Request(`http://x/api/chat/${threadId}/stream?position=${position}`);
    // Alive: a resume at the position the reader reached is served (after a 503 a client
    // retries, while the other instance's record catches up); never 204 or 416.
    const aliveStatuses: number[] = [];
    let relayed = "";
    await vi.waitFor(
      async () => {
        const alive = await b.handle(request(reached), { threadId });
        aliveStatuses.push(alive.status);
        if (alive.status === 200) relayed = await readSome(alive, 300);
        else await alive.body?.cancel();
        expect(alive.status).toBe(200);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(aliveStatuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    // The reader read that far through B, and left (a reload) a moment before the crash.
    const position = reached + relayed.length;
    await sleep(300);

    instance.kill("SIGKILL");
    const killedAt = Date.now();
    // Its lease lapses: the reply is seen as ended, with what it produced kept in the store.
    await vi.waitFor(async () => expect((await b.producedText(threadId))?.running).toBe(false), {
      timeout: 10_000,
      interval: 100,
    });
    const produced = (await b.producedText(threadId))!;
    expect(produced.text.length).toBeGreaterThan(position);
    expect(produced.text).toBe(replyPrefix(produced.text.length));
    expect(produced.text.slice(reached, position)).toBe(relayed);
    expect(produced.headers).toContainEqual(["content-type", "text/event-stream"]);
    // A resume from the position the reader reached gets the rest, with the original's headers.
    const rest = await b.handle(request(position), { threadId });
    expect(rest.status).toBe(200);
    expect(rest.headers.get("Content-Type")).toBe("text/event-stream");
    expect(rest.headers.get("X-Crayon-Resume-Position")).toBe(String(position));
    // Cut after the kept text (so a client resumes, gets 204, and loads the stored thread).
    let restText = "";
    const restEnd = await readToEnd(
      rest.body!.pipeThrough(new TextDecoderStream()).getReader(),
      (chunk) => {
        restText += chunk;
      },
    );
    expect(restEnd).toBe("failed");
    expect(restText).toBe(produced.text.slice(position));
    // At the kept end, nothing more: 204, within 5 s of the kill. Served once, the reply is
    // ended for everyone (a later resume from anywhere gets 204 and loads the stored thread).
    expect((await b.handle(request(produced.text.length), { threadId })).status).toBe(204);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    expect((await b.handle(request(0), { threadId })).status).toBe(204);
    // And stays ended: a stop finds nothing to stop.
    expect((await b.stop(new Request("http://x", { method: "DELETE" }), { threadId })).status).toBe(
      204,
    );
    await store.close();
  }, 30_000);

  it("a position a reader was sent is never refused while another instance's record lags", async () => {
    const storeA = redisReplyStore({ url: redis!.url });
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: storeA });
    const b = createResumableReplies({ store: storeB });
    for (let round = 0; round < 10; round++) {
      const threadId = `lag-${round}`;
      // Still running when B is asked (a frame every 15 ms), and read as it comes, so the reader
      // is ahead of the length record (written at most every 50 ms).
      const response = await a.start({ threadId, generate: generator(15).generate });
      const head = await readSome(response, 100 + round * 37);
      const resumed = await b.handle(
        new Request(`http://x/api/chat/${threadId}/stream?position=${head.length}`),
        { threadId },
      );
      expect(resumed.status, `round ${round}`).toBe(200);
      expect(head + (await resumed.text())).toBe(fullText);
    }
    await Promise.all([storeA.close(), storeB.close()]);
  });

  it("a cold instance's first reply waits for its store (1 s to connect), then is resumable and stoppable from another", async () => {
    const slow = slowToConnect(redisReplyStore({ url: redis!.url }), 1000);
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: slow });
    const b = createResumableReplies({ store: storeB });
    const one = generator(20);
    const response = await a.start({ threadId: "cold", generate: one.generate });
    expect(response.headers.get("X-Crayon-Resumable")).toBeNull();
    const reading = response.text();
    const resumed = await b.handle(new Request("http://x/api/chat/cold/stream?position=0"), {
      threadId: "cold",
    });
    expect(resumed.status).toBe(200);
    await resumed.body?.cancel();
    const stop = await b.stop(new Request("http://x", { method: "DELETE" }), { threadId: "cold" });
    expect(stop.status).toBe(202);
    await vi.waitFor(() => expect(one.seen.signal?.reason).toBe("stop"));
    expect(fullText.startsWith(await reading)).toBe(true);
    await Promise.all([slow.close(), storeB.close()]);
  });

  it("a reply whose store answers only after the wait streams unresumable: others say 503 (never 204) and can stop it", async () => {
    const slow = slowToConnect(redisReplyStore({ url: redis!.url }), 2500);
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: slow, log: () => {}, registerWaitMs: 2000 });
    const b = createResumableReplies({ store: storeB });
    const one = generator(60);
    const startedAt = Date.now();
    const response = await a.start({ threadId: "cold-late", generate: one.generate });
    // The body waited (bounded) for the registration, then started, saying it is not resumable.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
    expect(response.headers.get("X-Crayon-Resumable")).toBe("false");
    const reading = response.text();
    const resume = () =>
      b.handle(new Request("http://x/api/chat/cold-late/stream?position=0"), {
        threadId: "cold-late",
      });
    // Once A's store answers, B knows the reply runs and cannot be resumed.
    await vi.waitFor(
      async () => {
        const answer = await resume();
        await answer.body?.cancel();
        expect(answer.status).toBe(503);
      },
      { timeout: 4000, interval: 100 },
    );
    expect(await (await resume()).json()).toMatchObject({ error: { code: "resume_unavailable" } });
    const stop = await b.stop(new Request("http://x", { method: "DELETE" }), {
      threadId: "cold-late",
    });
    expect(stop.status).toBe(202);
    await vi.waitFor(() => expect(one.seen.signal?.reason).toBe("stop"));
    expect(fullText.startsWith(await reading)).toBe(true);
    await Promise.all([slow.close(), storeB.close()]);
  }, 20_000);

  it("a resumed response carries the original's headers, from this instance or another", async () => {
    const storeA = redisReplyStore({ url: redis!.url });
    const storeB = redisReplyStore({ url: redis!.url });
    const a = createResumableReplies({ store: storeA });
    const b = createResumableReplies({ store: storeB });
    const { generate } = generator(10);
    const original = await a.start({
      threadId: "headers",
      generate: async (signal) => {
        const response = await generate(signal);
        const headers = new Headers(response.headers);
        headers.set("X-Accel-Buffering", "no");
        headers.set("X-Vercel-AI-UI-Message-Stream", "v1");
        return new Response(response.body, { headers });
      },
    });
    const reading = original.text();
    for (const instance of [a, b]) {
      const resumed = await instance.handle(
        new Request("http://x/api/chat/headers/stream?position=0"),
        { threadId: "headers" },
      );
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get("X-Accel-Buffering")).toBe("no");
      expect(resumed.headers.get("X-Vercel-AI-UI-Message-Stream")).toBe("v1");
      expect(resumed.headers.get("Content-Type")).toBe("text/event-stream");
      expect(resumed.headers.get("X-Crayon-Resume-Position")).toBe("0");
      await resumed.body?.cancel();
    }
    await reading;
    await Promise.all([storeA.close(), storeB.close()]);
  });

  it("a reply relayed from an instance that is killed (SIGKILL) ends in an error, so its reader resumes, instead of waiting for ever", async () => {
    const instance = replyInstance(redis!.url, "relay-killed");
    await vi.waitFor(() => expect(instance.reached).toBeGreaterThan(200), { timeout: 20_000 });
    const store = redisReplyStore({ url: redis!.url });
    const b = createResumableReplies({ store });
    const relay = await untilServed(b, "relay-killed", 0);
    const reader = relay.body!.pipeThrough(new TextDecoderStream()).getReader();
    let read = (await reader.read()).value!;
    instance.child.kill("SIGKILL");
    const killedAt = Date.now();
    const end = await readToEnd(reader, (chunk) => {
      read += chunk;
    });
    expect(end).toBe("failed");
    expect(Date.now() - killedAt).toBeLessThan(8000);
    // Resumed where the relay got to, through yet another instance: the rest of what was kept
    // (what was produced until about 50 ms before the kill), then a resume from there gets 204.
    const storeC = redisReplyStore({ url: redis!.url });
    const c = createResumableReplies({ store: storeC });
    const kept = (await c.producedText("relay-killed"))!.text;
    expect(kept).toBe(replyPrefix(kept.length));
    const resumeAt = (position: number) =>
      c.handle(new Request(`http://x/api/chat/relay-killed/stream?position=${position}`), {
        threadId: "relay-killed",
      });
    if (read.length < kept.length) {
      const rest = await resumeAt(read.length);
      expect(rest.status).toBe(200);
      let restText = "";
      await readToEnd(rest.body!.pipeThrough(new TextDecoderStream()).getReader(), (chunk) => {
        restText += chunk;
      });
      expect(read + restText).toBe(kept);
    }
    expect(read.slice(0, kept.length)).toBe(kept.slice(0, read.length));
    expect((await resumeAt(Math.max(read.length, kept.length))).status).toBe(204);
    await Promise.all([store.close(), storeC.close()]);
  }, 30_000);

  it("Redis restarting mid-reply: the reply is registered again, resumes and stops through another instance never hear it ended (no 204), and every relay across the restart (through either instance) is cut where its reader got to", async () => {
    const own = await startRedisServer();
    const quiet = { log: () => {} };
    const storeA = redisReplyStore({ url: own.url, onError: () => {} });
    const storeB = redisReplyStore({ url: own.url, onError: () => {} });
    const a = createResumableReplies({ store: storeA, ...quiet });
    const b = createResumableReplies({ store: storeB, ...quiet });
    const resumed = generator(150);
    // Long enough (16 s) to be still running when the stop comes: on a loaded machine the
    // restart and the resumes before the stop took longer than a 6 s reply, which had ended
    // (a right 204) before it was asked to stop.
    const stopped = generator(400);
    const reading = (await a.start({ threadId: "restart", generate: resumed.generate })).text();
    const other = (await a.start({ threadId: "restart-stop", generate: stopped.generate })).text();
    // Resumed through the other instance and through the generating one (both relay it
    // through the store).
    const relays = await Promise.all(
      [b, a].map(async (instance) => {
        const relay = await untilServed(instance, "restart", 0);
        const reader = relay.body!.pipeThrough(new TextDecoderStream()).getReader();
        const read = { instance, got: "", end: Promise.resolve("closed" as "closed" | "failed") };
        read.end = readToEnd(reader, (text) => {
          read.got += text;
        });
        return read;
      }),
    );
    await sleep(500);
    await own.stop();
    await sleep(300);
    await own.restart();

    // Each relay is cut (what was published meanwhile is lost); its reader resumes where it got
    // to, and is told to try again until the reply is registered again, never that it ended.
    const rests = await Promise.all(
      relays.map(async ({ instance, got, end }) => {
        expect(await end).toBe("failed");
        return { got, rest: await untilServed(instance, "restart", got.length) };
      }),
    );
    // A stop through the other instance reaches the reply.
    await untilServed(b, "restart-stop", undefined, 202);
    await vi.waitFor(() => expect(stopped.seen.signal?.reason).toBe("stop"));
    expect(fullText.startsWith(await other)).toBe(true);
    for (const { got, rest } of rests) expect(got + (await rest.text())).toBe(fullText);
    // The reader on the generating instance never noticed.
    expect(await reading).toBe(fullText);
    await Promise.all([storeA.close(), storeB.close()]);
    await own.stop();
  }, 30_000);
});

/**
 * Asks `replies` to resume the thread from `position` (or, without one, to stop it) until it
 * answers `expected`, as a client retries: only `503`s may come before, never a `204`.
 */
async function untilServed(
  replies: ReturnType<typeof createResumableReplies>,
  threadId: string,
  position: number | undefined,
  expected = 200,
): Promise<Response> {
  const url = `http://x/api/chat/${threadId}/stream?position=${position ?? 0}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response =
      position === undefined
        ? await replies.stop(new Request(url, { method: "DELETE" }), { threadId })
        : await replies.handle(new Request(url), { threadId });
    if (response.status === expected) return response;
    await response.body?.cancel();
    expect(response.status, `${threadId} before ${expected}`).toBe(503);
    expect(Date.now()).toBeLessThan(deadline);
    await sleep(100);
  }
}

/** Reads a body to its end (`closed`) or its failure (`failed`), passing on what it reads. */
async function readToEnd<T>(
  reader: ReadableStreamDefaultReader<T>,
  onChunk: (chunk: T) => void = () => {},
): Promise<"closed" | "failed"> {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "closed";
      onChunk(value);
    }
  } catch {
    return "failed";
  }
}

/**
 * `test/support/replyInstance.ts` in a process of its own, for killing: it runs an endless reply
 * of `threadId` and reads it; `reached` is how far its reader got.
 */
function replyInstance(url: string, threadId: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("../../test/support/replyInstance.ts", import.meta.url)),
      url,
      threadId,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const instance = { child, reached: 0 };
  child.stdout.on("data", (chunk: Buffer) => {
    const last = chunk.toString().trim().split("\n").at(-1)!;
    instance.reached = Number(last.split(" ")[1]);
  });
  return instance;
}

/** A store whose commands all wait until `ms` after it was made: a cold, slow connection. */
function slowToConnect(store: ReplyStore, ms: number): ReplyStore {
  const ready = sleep(ms);
  const later =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await ready;
      return run(...args);
    };
  const { publisher, subscriber } = store;
  return {
    name: store.name,
    close: () => store.close(),
    publisher: {
      connect: later(() => publisher.connect()),
      publish: later((channel: string, message: string) => publisher.publish(channel, message)),
      set: later((key: string, value: string, options?: { EX?: number }) =>
        publisher.set(key, value, options),
      ),
      get: later((key: string) => publisher.get(key)),
      incr: later((key: string) => publisher.incr(key)),
    },
    subscriber: {
      connect: later(() => subscriber.connect()),
      subscribe: later((channel: string, callback: (message: string) => void) =>
        subscriber.subscribe(channel, callback),
      ),
      unsubscribe: later((channel: string) => subscriber.unsubscribe(channel)),
    },
  };
}

describe("a stop while the reply store comes back", () => {
  /**
   * One store for two instances that restarts (forgetting every key and subscription, as a Redis
   * without persistence does) and says when its connection came back.
   */
  function restartingStore() {
    const base = inProcessReplyStore();
    let endedAt = 0;
    let refusing = false;
    // A store that does not take writes for a while (as one still coming back may not).
    const publisher: ReplyStore["publisher"] = {
      ...base.publisher,
      set: (...args) => (refusing ? Promise.resolve(null) : base.publisher.set(...args)),
    };
    const store: ReplyStore = {
      ...base,
      publisher,
      outages: () => ({ count: endedAt ? 1 : 0, endedAt }),
    };
    const restart = async () => {
      await base.close();
      endedAt = Date.now();
    };
    const refuseWrites = (refuse: boolean) => {
      refusing = refuse;
    };
    return { store, restart, refuseWrites };
  }

  it("a stop that finds no reply because its instance has not registered it again yet stops it once it has", async () => {
    const { store, restart } = restartingStore();
    const quiet = { log: () => {} };
    const a = createResumableReplies({ store, ...quiet });
    const b = createResumableReplies({ store, ...quiet });
    const slow = generator(100);
    const reading = (await a.start({ threadId: "t1", generate: slow.generate })).text();
    await sleep(300);
    await restart();
    // B cannot find the reply yet: the client is told to ask again (503), never that none runs.
    const first = await b.stop(del(), { threadId: "t1" });
    expect(first.status).toBe(503);
    // Nobody asks again: A stops the reply when it registers it again (within a lease renewal).
    await vi.waitFor(() => expect(slow.seen.signal?.reason).toBe("stop"), { timeout: 3000 });
    const text = await reading;
    expect(text.length).toBeLessThan(fullText.length);
    expect(fullText.startsWith(text)).toBe(true);
  });

  it("a kept stop does not stop the thread's next reply, started after it", async () => {
    const { store, restart, refuseWrites } = restartingStore();
    const quiet = { log: () => {} };
    const a = createResumableReplies({ store, ...quiet });
    const b = createResumableReplies({ store, ...quiet });
    await restart();
    // The stop finds no reply (the thread's last one ended on its own): it is kept.
    expect((await b.stop(del(), { threadId: "t1" })).status).toBe(503);
    await sleep(20);
    // The user's next message starts a reply that the store does not take at first: it
    // registers a lease renewal later, and then checks for a stop asked while it was unknown.
    refuseWrites(true);
    const next = generator(60);
    const reading = (await a.start({ threadId: "t1", generate: next.generate })).text();
    await sleep(100);
    refuseWrites(false);
    // The kept stop was asked before this reply started: it runs to its end.
    expect(await reading).toBe(fullText);
    expect(next.seen.signal?.reason).not.toBe("stop");
  });
});
