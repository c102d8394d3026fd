import type { ChildProcess } from "node:child_process";
import type { AssistantMessage, Message } from "@crayonai/stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  canStartPostgres,
  type PostgresServer,
  startPostgresServer,
} from "../../../packages/server/test/support/postgresServer";
import {
  type RedisServer,
  redisServerPath,
  startRedisServer,
} from "../../../packages/server/test/support/redisServer";
import { longText } from "./agent/scripts/long";
import { markdownText } from "./agent/scripts/markdown";
import { freePort, startCli } from "./cliProcess";
import { demoProtocols } from "./protocols/demoProtocols";
import { userMessage } from "./testSupport/clientRequests";
import { decodeReply } from "./testSupport/decodedReply";
import {
  postFirstTurn,
  type ResumableProtocol,
  readSome,
  replyPaths,
  storedThread,
} from "./testSupport/resumableReplies";

// Two demo-agent processes on one real Postgres and one real redis-server, as behind a load
// balancer: whichever instance a request reaches, it finds the same threads and replies.

const canRun = canStartPostgres() && redisServerPath() !== undefined;
if (!canRun)
  console.warn("Postgres or redis-server is not installed: the shared-store tests are skipped.");

type Instance = { base: string; process: ChildProcess };

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** What a body gives until it ends or is cut (a relay whose instance died). */
async function readUntilCut(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return text;
  }
}

/** The text of a body's last reply, as a client of `protocol` reads it. */
async function clientText(body: string, protocol: ResumableProtocol = "crayon"): Promise<string> {
  const { messages } = await decodeReply(protocol, new Response(body), []);
  return (messages.at(-1) as AssistantMessage).content ?? "";
}

/** Every protocol whose replies resume (all but the text stream): a crash keeps what each produced. */
const crashProtocols = demoProtocols.filter(
  (protocol): protocol is ResumableProtocol => protocol !== "text",
);

describe.skipIf(!canRun)("two instances on one Postgres and one Redis", () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;

  const started: Instance[] = [];
  const start = async (args: string[], env: NodeJS.ProcessEnv): Promise<Instance> => {
    const port = await freePort();
    const child = await startCli(port, undefined, args, { CRAYON_DEMO_DELAY_MS: "5", ...env });
    started.push({ base: `http://127.0.0.1:${port}`, process: child });
    return started.at(-1)!;
  };

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
    // One told by its flags, the other by its environment.
    [a, b] = await Promise.all([
      start(["--database-url", postgres.url, "--redis-url", redis.url], {}),
      start([], { DATABASE_URL: postgres.url, REDIS_URL: redis.url }),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const made of started) made.process.kill("SIGKILL");
    await redis?.stop();
    await postgres?.remove();
  });

  it("a thread created on A is listed and loaded on B, with its reply; renamed on B, deleted on A", async () => {
    const first = userMessage("/markdown");
    const created = await fetch(`${a.base}/api/threads`, json({ firstMessage: first }));
    expect(created.status).toBe(201);
    const thread = await created.json();
    const reply = await fetch(
      `${a.base}/api/chat?protocol=crayon`,
      json({ threadId: thread.threadId, messages: [first] }),
    );
    expect(await clientText(await reply.text())).toBe(markdownText);

    const { threads } = await (await fetch(`${b.base}/api/threads`)).json();
    expect(threads).toContainEqual({
      ...thread,
      updatedAt: expect.any(String),
      preview: expect.stringContaining("Markdown"),
    });
    const tree = await (await fetch(`${b.base}/api/threads/${thread.threadId}/tree`)).json();
    expect(tree.messages).toEqual([
      first,
      expect.objectContaining({
        role: "assistant",
        content: markdownText,
        status: "complete",
        parentId: first.id,
      }),
    ]);

    const renamed = await fetch(`${b.base}/api/threads/${thread.threadId}`, {
      ...json({ title: "Markdown, shared" }),
      method: "PATCH",
    });
    expect(renamed.status).toBe(200);
    const onA = await (await fetch(`${a.base}/api/threads/${thread.threadId}`)).json();
    expect(onA.title).toBe("Markdown, shared");

    const deleted = await fetch(`${a.base}/api/threads/${thread.threadId}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${b.base}/api/threads/${thread.threadId}/messages`)).status).toBe(404);
  }, 60_000);

  it("a reply generated on A is resumed through B, and B then loads it complete", async () => {
    const threadId = "t-shared-resume";
    const { stream } = replyPaths("crayon", threadId);
    const abort = new AbortController();
    const response = await postFirstTurn(a.base, "crayon", threadId, "/long", abort.signal);
    const { text: head } = await readSome(response, { characters: 1500 });
    abort.abort();
    // As a client does, a 503 (B's record of the reply still catching up) is retried.
    let rest: Response | undefined;
    for (let attempt = 0; attempt < 10; attempt++) {
      rest = await fetch(`${b.base}${stream}?position=${head.length}`);
      if (rest.status !== 503) break;
      await rest.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(rest!.status).toBe(200);
    expect(await clientText(head + (await rest!.text()))).toBe(longText);
    await vi.waitFor(async () => {
      expect((await storedThread(b.base, threadId)).at(-1)).toMatchObject({
        status: "complete",
        content: longText,
      });
    });
  }, 60_000);

  it("Postgres down: typed 503s, no crash, replies under way and without a thread still stream; back: served again", async () => {
    const streaming = await postFirstTurn(b.base, "crayon", "t-outage-mid", "/long");
    const { text: head, rest } = await readSome(streaming, { characters: 500 });
    await postgres.stop();
    try {
      const list = await fetch(`${b.base}/api/threads`);
      expect(list.status).toBe(503);
      expect(list.headers.get("retry-after")).toBe("1");
      expect(await list.json()).toMatchObject({ code: "database_unavailable" });

      const chat = await fetch(
        `${b.base}/api/chat?protocol=crayon`,
        json({ threadId: "t-outage", messages: [userMessage("/markdown")] }),
      );
      expect(chat.status).toBe(503);
      expect(await chat.json()).toMatchObject({
        error: expect.stringContaining("unavailable"),
        code: "database_unavailable",
      });
      const openai = await fetch(
        `${b.base}/api/openai/chat/completions`,
        json({
          model: "demo",
          stream: true,
          messages: [{ role: "user", content: "/markdown" }],
          metadata: { thread_id: "t-outage" },
        }),
      );
      expect(openai.status).toBe(503);
      expect(await openai.json()).toMatchObject({ error: { code: "database_unavailable" } });

      const unsaved = await fetch(
        `${b.base}/api/chat?protocol=crayon`,
        json({ messages: [userMessage("/markdown")] }),
      );
      expect(await clientText(await unsaved.text())).toBe(markdownText);
      // The reply under way finishes for its client (its saves fail until Postgres is back).
      expect(await clientText(head + (await rest()))).toBe(longText);
      expect(b.process.exitCode).toBeNull();
    } finally {
      await postgres.restart();
    }
    await vi.waitFor(async () => expect((await fetch(`${b.base}/api/threads`)).status).toBe(200), {
      timeout: 15_000,
      interval: 250,
    });
    expect((await fetch(`${a.base}/api/threads`)).status).toBe(200);
  }, 60_000);

  it.each(crashProtocols)(
    "%s: an instance killed mid-reply: B serves the rest of what it produced, then 204, and the stored interrupted reply holds all of it",
    async (protocol) => {
      // An instance of its own, killed, so the others serve the tests that follow.
      const killed = await start(["--database-url", postgres.url, "--redis-url", redis.url], {});
      const threadId = `t-shared-kill-${protocol}`;
      const { stream } = replyPaths(protocol, threadId);
      const response = await postFirstTurn(killed.base, protocol, threadId, "/long");
      // Read for well over a checkpoint interval and leave (a reload); it goes on, and is killed.
      const { text: head } = await readSome(response, { ms: 800 });
      await response.body?.cancel().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      killed.process.kill("SIGKILL");

      // The client resumes from where it got to, through B, until B answers 204.
      const killedAt = Date.now();
      let received = head;
      for (;;) {
        const resume = await fetch(`${b.base}${stream}?position=${received.length}`);
        if (resume.status === 204) break;
        if (resume.status === 200) received += await readUntilCut(resume);
        else {
          await resume.body?.cancel();
          expect(resume.status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(Date.now() - killedAt).toBeLessThan(20_000);
      }
      // What it produced after the reader left was served, and is stored, to the character.
      expect(received.length).toBeGreaterThan(head.length);
      const sent = await clientText(received, protocol);
      expect(sent.length).toBeGreaterThan(0);
      expect(longText.startsWith(sent)).toBe(true);
      const stored = (await storedThread(b.base, threadId)) as Message[];
      const reply = stored.at(-1) as AssistantMessage;
      expect(reply).toMatchObject({ role: "assistant", status: "error", content: sent });
      expect(reply.error).toMatch(/server stopped before this reply finished/);
      expect(stored.filter((message) => message.role === "assistant")).toHaveLength(1);
    },
    60_000,
  );
});
