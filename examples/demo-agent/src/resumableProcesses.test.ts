import type { ChildProcess } from "node:child_process";
import type { AssistantMessage } from "@crayonai/stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type RedisServer,
  redisServerPath,
  startRedisServer,
} from "../../../packages/server/test/support/redisServer";
import { longText } from "./agent/scripts/long";
import { exited, freePort, startCli } from "./cliProcess";
import { decodeReply } from "./testSupport/decodedReply";
import {
  postFirstTurn,
  readSome,
  replyPaths,
  storedThread,
  withNeutralIds,
} from "./testSupport/resumableReplies";
import { temporaryDataDir } from "./testSupport/temporaryDataDir";

// Replies across real server processes: a graceful shutdown, and two instances sharing a real
// redis-server (resume and stop through the other one; Redis going away mid-reply).

type Instance = { base: string; process: ChildProcess; port: number };

/** An instance with its threads in PGlite: in `dataDir`, or in memory. */
async function instance(env: NodeJS.ProcessEnv = {}, dataDir?: string): Promise<Instance> {
  const port = await freePort();
  const child = await startCli(port, dataDir, [], env);
  return { base: `http://127.0.0.1:${port}`, process: child, port };
}

const running: ChildProcess[] = [];
async function started(env: NodeJS.ProcessEnv = {}, dataDir?: string): Promise<Instance> {
  const made = await instance(env, dataDir);
  running.push(made.process);
  return made;
}
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
});

const lastReply = async (base: string, threadId: string) =>
  (await storedThread(base, threadId)).at(-1) as AssistantMessage | undefined;

/** The text of a Crayon body's last reply, as a client reads it. */
async function clientText(body: string): Promise<string> {
  const { messages } = await decodeReply("crayon", new Response(body), []);
  return (messages.at(-1) as AssistantMessage).content ?? "";
}

describe("a graceful shutdown (SIGTERM)", () => {
  it("keeps the partial reply as interrupted, with all the client was sent, and exits 0", async () => {
    const dataDir = await temporaryDataDir();
    const server = await started({}, dataDir);
    const threadId = "t-sigterm";
    const response = await postFirstTurn(server.base, "crayon", threadId, "/long");
    const { text: head, rest } = await readSome(response, { ms: 500 });
    server.process.kill("SIGTERM");
    // The body ends when the reply was stopped and saved.
    const body = head + (await rest());
    expect(await exited(server.process)).toBe(0);
    const sent = await clientText(body);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(longText.length);

    const again = await started({}, dataDir);
    const reply = await lastReply(again.base, threadId);
    expect(reply).toMatchObject({ role: "assistant", status: "error" });
    expect(reply!.error).toMatch(/server stopped before this reply finished/);
    // Nothing the client was sent is lost: the stored reply is exactly it.
    expect(reply!.content).toBe(sent);
    expect(longText.startsWith(reply!.content!)).toBe(true);
    again.process.kill("SIGKILL");
  }, 60_000);
});

const hasRedis = redisServerPath() !== undefined;
if (!hasRedis) console.warn("redis-server is not installed: the multi-instance tests are skipped.");

describe.skipIf(!hasRedis)("two instances sharing one redis-server", () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, CRAYON_DEMO_DELAY_MS: "5" };
    [a, b] = await Promise.all([started(env), started(env)]);
  }, 30_000);
  afterAll(async () => {
    for (const made of [a, b]) made?.process.kill("SIGKILL");
    await redis?.stop();
  });

  it("a reply posted to A is resumed through B from a position, byte for byte", async () => {
    const threadId = "t-across";
    const { stream } = replyPaths("crayon", threadId);
    const abort = new AbortController();
    const first = await postFirstTurn(a.base, "crayon", threadId, "/long", abort.signal);
    const other = postFirstTurn(a.base, "crayon", "t-across-whole", "/long").then((r) => r.text());
    const { text: head } = await readSome(first, { characters: 1500 });
    abort.abort();

    // As a client does, a 503 (B's record of the reply still catching up, A busy) is retried.
    const whole = await resumeThrough(`${b.base}${stream}?position=0`);
    const rest = await resumeThrough(`${b.base}${stream}?position=${head.length}`);
    expect(rest.status).toBe(200);
    expect(rest.headers.get("X-Crayon-Resume-Position")).toBe(String(head.length));
    const resumed = head + (await rest.text());
    // The same reply, ids included, as a reader of it from the start through B got it…
    expect(resumed).toBe(await whole.text());
    // …and, but for ids, what an uninterrupted run of the command is.
    expect(withNeutralIds(resumed, threadId)).toBe(withNeutralIds(await other, "t-across-whole"));
    await vi.waitFor(async () => {
      expect(await lastReply(a.base, threadId)).toMatchObject({
        status: "complete",
        content: longText,
      });
    });
  }, 30_000);

  it("a reply started on A is stopped through B: A stores it stopped", async () => {
    const threadId = "t-stop-across";
    const { stream } = replyPaths("crayon", threadId);
    const response = await postFirstTurn(a.base, "crayon", threadId, "/long");
    const { text: head, rest } = await readSome(response, { characters: 800 });
    expect((await fetch(`${b.base}${stream}`, { method: "DELETE" })).status).toBe(202);
    const sent = await clientText(head + (await rest()));
    const reply = await lastReply(a.base, threadId);
    expect(reply).toMatchObject({ role: "assistant", status: "stopped", content: sent });
    expect(sent.length).toBeLessThan(longText.length);
    await vi.waitFor(async () => {
      expect((await fetch(`${b.base}${stream}`, { method: "DELETE" })).status).toBe(204);
    });
  }, 30_000);

  it("Redis going away mid-reply: A finishes the reply and stores it complete, and keeps serving", async () => {
    const own = await startRedisServer();
    const env = { REDIS_URL: own.url, CRAYON_DEMO_DELAY_MS: "5" };
    const alone = await started(env);
    const threadId = "t-redis-gone";
    const response = await postFirstTurn(alone.base, "crayon", threadId, "/long");
    const { text: head, rest } = await readSome(response, { ms: 300 });
    await own.stop();
    // Resumes need the store: a typed 503 while it is gone (also on the generating instance).
    const resume = await fetch(`${alone.base}${replyPaths("crayon", threadId).stream}`);
    expect(resume.status).toBe(503);
    expect(await resume.json()).toMatchObject({ error: { code: "resume_unavailable" } });
    expect(await clientText(head + (await rest()))).toBe(longText);
    expect(await lastReply(alone.base, threadId)).toMatchObject({
      status: "complete",
      content: longText,
    });
    expect(alone.process.exitCode).toBeNull();
    expect((await fetch(`${alone.base}/api/threads`)).status).toBe(200);
  }, 30_000);
});

/** A resume request, retried (up to 10 times, 300 ms apart) while it answers 503, as clients do. */
async function resumeThrough(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url);
    if (response.status !== 503 || attempt === 10) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
