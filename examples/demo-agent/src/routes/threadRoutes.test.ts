import type { Thread } from "@crayonai/react-core";
import type { Message } from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { createDemoAgentServer } from "../app";
import { userMessage } from "../testSupport/clientRequests";
import { converse } from "../testSupport/conversation";
import { temporaryDataDir } from "../testSupport/temporaryDataDir";
import { testApp } from "../testSupport/testApps";

/** A thread as the routes send it (react-core's `Thread`, its dates as strings). */
type StoredThread = Omit<Thread, "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
};

type App = Awaited<ReturnType<typeof testApp>>;

const json = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function createThread(
  app: App,
  text: string,
  message = userMessage(text),
): Promise<StoredThread> {
  const response = await app.request("/api/threads", {
    method: "POST",
    ...json({ firstMessage: message }),
  });
  expect(response.status).toBe(201);
  return response.json();
}

describe("thread routes", () => {
  it("create, list, rename, read and delete a thread", async () => {
    const app = await testApp();
    const first = userMessage("Plan the launch");
    const thread = await createThread(app, "Plan the launch", first);
    expect(thread.title).toBe("Plan the launch");
    expect(thread.preview).toBe("Plan the launch");
    expect(Number.isNaN(Date.parse(thread.createdAt))).toBe(false);

    const list = await (await app.request("/api/threads")).json();
    expect(list).toEqual({ threads: [thread] });

    const renamed = await app.request(`/api/threads/${thread.threadId}`, {
      method: "PATCH",
      ...json({ title: "Launch plan" }),
    });
    expect(await renamed.json()).toEqual({ ...thread, title: "Launch plan" });

    // The first message is saved with the thread.
    const messages = await app.request(`/api/threads/${thread.threadId}/messages`);
    expect(await messages.json()).toEqual([first]);

    const deleted = await app.request(`/api/threads/${thread.threadId}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(await (await app.request("/api/threads")).json()).toEqual({ threads: [] });
  });

  it("titles a thread from its first message, at most 48 characters", async () => {
    const app = await testApp();
    const long = "Tell me\neverything about streaming protocols, adapters and accumulators";
    const { title } = await createThread(app, long);
    expect(title.length).toBeLessThanOrEqual(48);
    expect(title.startsWith("Tell me everything about streaming")).toBe(true);
  });

  it("lists newest first, 20 per page, with a cursor to the next page", async () => {
    const app = await testApp();
    const created: StoredThread[] = [];
    for (let i = 1; i <= 23; i++) created.push(await createThread(app, `Thread ${i}`));
    const first = await (await app.request("/api/threads")).json();
    expect(first.threads.map((t: StoredThread) => t.title)).toEqual(
      created
        .slice(3)
        .reverse()
        .map((t) => t.title),
    );
    expect(typeof first.nextCursor).toBe("string");
    const second = await (
      await app.request(`/api/threads?cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second).toEqual({ threads: created.slice(0, 3).reverse() });
  });

  it("answers unknown thread ids with 404", async () => {
    const app = await testApp();
    const patch = await app.request("/api/threads/nope", {
      method: "PATCH",
      ...json({ title: "x" }),
    });
    const del = await app.request("/api/threads/nope", { method: "DELETE" });
    const messages = await app.request("/api/threads/nope/messages");
    for (const response of [patch, del, messages]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toHaveProperty("error");
    }
  });

  it("answers bad bodies with 400 and a JSON error", async () => {
    const app = await testApp();
    const thread = await createThread(app, "Hello");
    const cases: [string, RequestInit][] = [
      ["/api/threads", { method: "POST", ...json({}) }],
      [
        "/api/threads",
        { method: "POST", ...json({ firstMessage: { role: "assistant", id: "a" } }) },
      ],
      [
        "/api/threads",
        { method: "POST", headers: { "content-type": "application/json" }, body: "{" },
      ],
      [`/api/threads/${thread.threadId}`, { method: "PATCH", ...json({ title: "  " }) }],
      ["/api/threads?cursor=abc", {}],
      ["/api/chat", { method: "POST", ...json({ messages: "hi" }) }],
      ["/api/chat", { method: "POST", ...json({ messages: [{ role: "user" }] }) }],
      ["/api/chat?protocol=smoke-signals", { method: "POST", ...json({ messages: [] }) }],
    ];
    for (const [path, init] of cases) {
      const response = await app.request(path, init);
      expect(response.status, path).toBe(400);
      expect(typeof (await response.json()).error, path).toBe("string");
    }
  });

  it("lists the scripts with their descriptions", async () => {
    const app = await testApp();
    const scripts: { command: string; description: string }[] = await (
      await app.request("/api/scripts")
    ).json();
    const commands = scripts.map((s) => s.command);
    for (const command of ["/help", "/markdown", "/reason", "/tool", "/plan", "/approve"]) {
      expect(commands).toContain(command);
    }
    for (const command of ["/error", "/long", "/sources"]) expect(commands).toContain(command);
    expect(scripts.every((s) => s.description.length > 0)).toBe(true);
  });

  it("lists the thread last written in first, with its last message as preview", async () => {
    const app = await testApp();
    const older = await createThread(app, "/markdown");
    const newer = await createThread(app, "/tool");
    await converse(app, [userMessage("Is **this** the latest?")], "crayon", older.threadId);
    const { threads } = await (await app.request("/api/threads")).json();
    expect(threads.map((t: StoredThread) => t.threadId)).toEqual([older.threadId, newer.threadId]);
    expect(threads[0].updatedAt >= older.createdAt).toBe(true);
    expect(typeof threads[0].preview).toBe("string");
    expect(threads[0].preview).not.toBe("");
  });

  it("keeps threads and messages across restarts on the same data directory", async () => {
    const options = {
      databaseUrl: "",
      dataDir: await temporaryDataDir(),
      delayMs: 0,
      openai: null,
    };
    const before = createDemoAgentServer(options);
    const first = userMessage("/markdown");
    const thread = await createThread(before.app, "/markdown", first);
    const { messages } = await converse(before.app, [first], "crayon", thread.threadId);
    await before.close();

    const after = createDemoAgentServer(options);
    try {
      expect(await (await after.app.request("/api/threads")).json()).toEqual({
        threads: [{ ...thread, updatedAt: expect.any(String), preview: expect.any(String) }],
      });
      const stored: Message[] = await (
        await after.app.request(`/api/threads/${thread.threadId}/messages`)
      ).json();
      expect(stored).toEqual(messages);
    } finally {
      await after.close();
    }
  });
});
