import type { Message } from "@crayonai/stream";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useDatabase } from "../../test/support/testDatabases";
import { reply, userMessage } from "../../test/support/testMessages";
import type { SqlDatabase } from "./sqlDatabase";
import { type ThreadRoutesOptions, threadRoutes } from "./threadRoutes";
import { MESSAGES_TABLE } from "./threadSchema";
import { createThreadStore, type ThreadStore } from "./threadStore";

const base = "http://app.test/api/threads";
const newUser = () => `user-${globalThis.crypto.randomUUID()}`;

/** Requests as the demo agent's browser client sends them (`content-type: application/json`). */
function clientOf(handler: (request: Request) => Promise<Response>, userId: string) {
  const send = (path: string, init: RequestInit = {}) =>
    handler(
      new Request(`${base}${path}`, {
        ...init,
        headers: { "content-type": "application/json", "x-user": userId, ...init.headers },
      }),
    );
  const body = (method: string, value: unknown): RequestInit => ({
    method,
    body: JSON.stringify(value),
  });
  const thread = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    send,
    list: (cursor?: string) => send(cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""),
    create: (firstMessage: unknown) => send("", body("POST", { firstMessage })),
    rename: (id: string, title: unknown) => send(thread(id), body("PATCH", { title })),
    remove: (id: string) => send(thread(id), { method: "DELETE" }),
    get: (id: string) => send(thread(id)),
    messages: (id: string) => send(`${thread(id)}/messages`),
    tree: (id: string) => send(`${thread(id)}/tree`),
    save: (id: string, message: Message) =>
      send(`${thread(id)}/messages/${encodeURIComponent(message.id)}`, body("PUT", message)),
    activeLeaf: (id: string, activeLeafId: string) =>
      send(`${thread(id)}/active-leaf`, body("PUT", { activeLeafId })),
  };
}

/** The user is the `x-user` header (what a session cookie would say). */
const authorize: ThreadRoutesOptions["authorize"] = (request) => {
  const userId = request.headers.get("x-user");
  return userId ? { userId } : null;
};

/** The database with a count of every statement and transaction that reached it. */
function counted(db: SqlDatabase) {
  const calls = { count: 0 };
  const wrapped: SqlDatabase = {
    query: (sql, params) => {
      calls.count++;
      return db.query(sql, params);
    },
    transaction: (work) => {
      calls.count++;
      return db.transaction(work);
    },
    close: () => db.close(),
  };
  return { db: wrapped, calls };
}

/** A body that arrives in chunks, with no `Content-Length`. */
function streamedBody(bytes: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe.each(databaseKinds)("thread routes ($name)", (kind) => {
  const context = useDatabase(kind);
  const storeOf = (db: SqlDatabase = context.db): ThreadStore =>
    createThreadStore({ db, log: () => {} });
  const routes = (store = storeOf(), options: Partial<ThreadRoutesOptions> = {}) =>
    threadRoutes(store, { authorize, ...options });

  it("serves the client's calls: list, create, rename, save, load the tree, switch branch, delete", async () => {
    const client = clientOf(routes(), newUser());
    expect(await (await client.list()).json()).toEqual({ threads: [] });

    const created = await client.create(userMessage("q", "What is the weather in Lisbon today?"));
    expect(created.status).toBe(201);
    const thread = await created.json();
    expect(thread).toEqual({
      threadId: expect.any(String),
      title: "What is the weather in Lisbon today?",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      preview: "What is the weather in Lisbon today?",
    });
    const id = thread.threadId as string;

    // What `onUpdateMessage` reports: the first message again (idempotent), then replies.
    for (const message of [
      userMessage("q", "What is the weather in Lisbon today?"),
      reply("a1", "Sunny, 24°C.", "q"),
      reply("a2", "Sunny and warm.", "q"),
    ])
      expect((await client.save(id, message)).status).toBe(204);

    const tree = await (await client.tree(id)).json();
    expect(tree).toEqual({
      messages: [
        userMessage("q", "What is the weather in Lisbon today?"),
        reply("a1", "Sunny, 24°C.", "q"),
        reply("a2", "Sunny and warm.", "q"),
      ],
      activeLeafId: "a2",
    });
    expect((await client.activeLeaf(id, "a1")).status).toBe(204);
    expect(await (await client.messages(id)).json()).toEqual([
      userMessage("q", "What is the weather in Lisbon today?"),
      reply("a1", "Sunny, 24°C."),
    ]);

    // React-core's persistence guide sends the whole thread with PUT: only the title is taken.
    const put = await client.send(`/${id}`, {
      method: "PUT",
      body: JSON.stringify({ ...thread, title: "Weather", preview: "ignored", isRunning: true }),
    });
    expect(await put.json()).toMatchObject({ title: "Weather", preview: "Sunny and warm." });
    const renamed = await client.rename(id, "  Lisbon  ");
    expect(await renamed.json()).toMatchObject({ threadId: id, title: "Lisbon" });
    const listed = await (await client.list()).json();
    expect(listed.threads).toEqual([
      expect.objectContaining({ threadId: id, title: "Lisbon", preview: "Sunny and warm." }),
    ]);
    expect(await (await client.get(id)).json()).toEqual(listed.threads[0]);

    expect((await client.remove(id)).status).toBe(204);
    expect((await client.tree(id)).status).toBe(404);
    expect(await (await client.list()).json()).toEqual({ threads: [] });
  });

  it("pages with the cursor it returned, and refuses any other", async () => {
    const client = clientOf(routes(), newUser());
    for (let i = 0; i < 23; i++) await client.create(userMessage(`m${i}`, `Thread ${i}`));
    const first = await (await client.list()).json();
    expect(first.threads).toHaveLength(20);
    const second = await (await client.list(first.nextCursor)).json();
    expect(second.threads).toHaveLength(3);
    expect(second.nextCursor).toBeUndefined();
    const titles = [...first.threads, ...second.threads].map((thread) => thread.title);
    expect(new Set(titles).size).toBe(23);
    expect(titles[0]).toBe("Thread 22");

    const bad = await client.list("42");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "bad_request" });
    expect((await client.send("?limit=500")).status).toBe(400);
    expect((await (await client.send("?limit=5")).json()).threads).toHaveLength(5);
  });

  it("shows a user only their threads: another user's thread is a 404 like a missing one", async () => {
    const handler = routes();
    const alice = clientOf(handler, newUser());
    const bob = clientOf(handler, newUser());
    const { threadId } = await (await alice.create(userMessage("q", "Secret"))).json();

    const missing = await (await bob.get("no-such-thread")).json();
    for (const response of [
      await bob.get(threadId),
      await bob.tree(threadId),
      await bob.messages(threadId),
      await bob.rename(threadId, "Mine"),
      await bob.remove(threadId),
      await bob.save(threadId, userMessage("x", "hi")),
    ]) {
      expect(response.status).toBe(404);
      // The same answer as for an id nobody has, but for the id itself.
      expect(await response.json()).toEqual({
        ...missing,
        error: missing.error.replace("no-such-thread", threadId),
      });
    }
    expect((await bob.activeLeaf(threadId, "q")).status).toBe(404);
    expect((await (await bob.list()).json()).threads).toEqual([]);
    expect((await (await alice.tree(threadId)).json()).messages).toHaveLength(1);
    expect((await (await alice.get(threadId)).json()).title).toBe("Secret");
  });

  it("asks `authorize` with the thread's id, and answers 403 when it refuses", async () => {
    const owner = newUser();
    const seen: (string | undefined)[] = [];
    const handler = routes(storeOf(), {
      authorize: (request, threadId) => {
        seen.push(threadId);
        if (request.headers.get("x-user") !== owner) return null;
        if (threadId === "locked") return new Response("sign in", { status: 401 });
        return { userId: owner };
      },
    });
    const client = clientOf(handler, owner);
    const { threadId } = await (await client.create(userMessage("q", "Hi"))).json();
    await client.tree(threadId);
    expect(seen).toEqual([undefined, threadId]);

    const stranger = clientOf(handler, newUser());
    const refused = await stranger.tree(threadId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "forbidden",
      error: "This request is not allowed.",
    });
    expect((await stranger.list()).status).toBe(403);
    expect((await client.tree("locked")).status).toBe(401);
  });

  it("refuses a body over the limit with 413 before touching the database", async () => {
    const { db, calls } = counted(context.db);
    const owner = newUser();
    const handler = routes(storeOf(db), { maxMessageBytes: 1000 });
    const client = clientOf(handler, owner);
    const { threadId } = await (await client.create(userMessage("q", "Hi"))).json();
    const before = calls.count;

    const big = userMessage("big", "x".repeat(2000));
    const declared = await client.save(threadId, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "payload_too_large" });

    // No Content-Length: counted as it streams.
    const streamed = await handler(
      new Request(`${base}/${threadId}/messages/big`, {
        method: "PUT",
        headers: { "x-user": owner },
        body: streamedBody(5000, 300),
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    // A false Content-Length does not get a bigger body through.
    const lying = await handler(
      new Request(`${base}/${threadId}/messages/big`, {
        method: "PUT",
        headers: { "x-user": owner, "content-length": "10" },
        body: streamedBody(5000, 300),
        duplex: "half",
      } as RequestInit),
    );
    expect(lying.status).toBe(413);
    expect((await client.create(big)).status).toBe(413);
    expect(calls.count).toBe(before);

    // Just under the limit is saved.
    expect((await client.save(threadId, userMessage("ok", "x".repeat(900)))).status).toBe(204);
    expect(calls.count).toBeGreaterThan(before);
  });

  it("refuses a body over 10 MB by default", async () => {
    const { db, calls } = counted(context.db);
    const handler = routes(storeOf(db));
    const response = await handler(
      new Request(`${base}/some-thread/messages/m1`, {
        method: "PUT",
        headers: { "x-user": newUser() },
        body: streamedBody(10 * 1024 * 1024 + 1, 1024 * 1024),
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(calls.count).toBe(0);
  });

  it("answers 400 for bad bodies and ids, 404 and 405 for unknown routes and methods", async () => {
    const client = clientOf(routes(), newUser());
    const { threadId } = await (await client.create(userMessage("q", "Hi"))).json();
    const expect400 = async (response: Promise<Response>) => {
      const answer = await response;
      expect(answer.status).toBe(400);
      return answer.json();
    };
    await expect400(client.create({ id: "a", role: "assistant", content: "not a user" }));
    await expect400(client.send("", { method: "POST", body: "{not json" }));
    await expect400(client.rename(threadId, "   "));
    await expect400(client.rename(threadId, "x".repeat(201)));
    await expect400(
      client.send(`/${threadId}/messages/a`, {
        method: "PUT",
        body: JSON.stringify(userMessage("b", "not the id in the path")),
      }),
    );
    const invalid = await expect400(
      client.send(`/${threadId}/messages/m`, {
        method: "PUT",
        body: JSON.stringify({ id: "m", role: "user", content: 42 }),
      }),
    );
    expect(invalid.issues).toEqual([expect.objectContaining({ path: expect.any(String) })]);
    await expect400(client.get("x".repeat(201)));

    expect((await client.send(`/${threadId}/nothing`)).status).toBe(404);
    const other = await routes()(new Request("http://app.test/api/other"));
    expect(other.status).toBe(404);
    const wrongMethod = await client.send(`/${threadId}/tree`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
    expect((await client.send(`/${threadId}`, { method: "POST" })).headers.get("allow")).toBe(
      "GET, PATCH, PUT, DELETE",
    );
  });

  it("answers a thread with a corrupted row: the rest, and a typed error entry", async () => {
    const client = clientOf(routes(), newUser());
    const { threadId } = await (await client.create(userMessage("q", "Hi"))).json();
    await client.save(threadId, reply("a", "Hello", "q"));
    await context.db.query(
      `INSERT INTO ${MESSAGES_TABLE} (thread_id, id, parent_id, json, created_at, updated_at)
       VALUES ($1, 'bad', 'a', '{"id":"bad","role":', now(), now())`,
      [threadId],
    );
    const tree = await client.tree(threadId);
    expect(tree.status).toBe(200);
    expect(await tree.json()).toEqual({
      messages: [userMessage("q", "Hi"), reply("a", "Hello", "q")],
      activeLeafId: "a",
      errors: [
        { code: "malformed_row", messageId: "bad", path: "", problem: "not JSON; left out" },
      ],
    });
    expect(await (await client.messages(threadId)).json()).toEqual([
      userMessage("q", "Hi"),
      reply("a", "Hello"),
    ]);
  });

  it("mounts in Hono", async () => {
    const handler = routes();
    const app = new Hono();
    // `/*` matches `/api/threads` itself too.
    app.all("/api/threads/*", (c) => handler(c.req.raw));
    const client = clientOf((request) => Promise.resolve(app.fetch(request)), newUser());
    const { threadId } = await (await client.create(userMessage("q", "Via Hono"))).json();
    expect((await (await client.list()).json()).threads).toHaveLength(1);
    expect((await (await client.tree(threadId)).json()).messages).toHaveLength(1);
  });
});

describe.skipIf(!databaseKinds.some((kind) => kind.name === "Postgres"))(
  "thread routes when Postgres goes away",
  () => {
    const context = useDatabase({ name: "Postgres" });

    it("answers 503 while it is down (logged once), writes nothing half, and recovers", async () => {
      const { server } = context;
      const log = vi.fn();
      // A second app instance's pool, whose transactions can be interrupted between statements.
      const pool = context.connect();
      let stopAfterWrite = false;
      const interruptible: SqlDatabase = {
        query: (sql, params) => pool.query(sql, params),
        transaction: (work) =>
          pool.transaction((tx) =>
            work({
              async query(sql, params) {
                const rows = await tx.query(sql, params);
                // The server stops after the message is written, before the thread is updated.
                if (stopAfterWrite && sql.includes(`INSERT INTO ${MESSAGES_TABLE}`)) {
                  stopAfterWrite = false;
                  await server!.stop();
                }
                return rows as never;
              },
            }),
          ),
        close: () => pool.close(),
      };
      const handler = threadRoutes(createThreadStore({ db: interruptible, log }), {
        authorize,
        log: () => {},
      });
      const client = clientOf(handler, newUser());
      const { threadId, updatedAt } = await (await client.create(userMessage("q", "Hi"))).json();

      stopAfterWrite = true;
      const cut = await client.save(threadId, reply("a", "Lost with the connection", "q"));
      expect(cut.status).toBe(503);
      expect(cut.headers.get("retry-after")).toBe("1");
      expect(await cut.json()).toEqual({
        code: "database_unavailable",
        error: "The thread database is unavailable. Try again in a moment.",
      });
      // Down: every route answers 503, and the outage is logged once.
      for (const response of [await client.list(), await client.tree(threadId)])
        expect(response.status).toBe(503);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toMatch(/unavailable/);

      await server!.restart();
      const tree = await (await client.tree(threadId)).json();
      expect(tree.messages).toEqual([userMessage("q", "Hi")]);
      expect((await (await client.get(threadId)).json()).updatedAt).toBe(updatedAt);
      // The retried save goes through.
      expect((await client.save(threadId, reply("a", "Saved", "q"))).status).toBe(204);
      expect((await (await client.tree(threadId)).json()).messages).toHaveLength(2);
      expect(log).toHaveBeenLastCalledWith("The thread database is available again.");
    });

    it("answers 503 when the database is down at start, and creates the schema once it is up", async () => {
      const { server } = context;
      await server!.stop();
      const log = vi.fn();
      // A fresh store: its first operation would create the schema.
      const handler = threadRoutes(createThreadStore({ db: context.connect(), log }), {
        authorize,
      });
      const client = clientOf(handler, newUser());
      expect((await client.list()).status).toBe(503);
      expect((await client.create(userMessage("q", "Hi"))).status).toBe(503);
      expect(log).toHaveBeenCalledTimes(1);
      await server!.restart();
      expect((await client.create(userMessage("q", "Hi"))).status).toBe(201);
      expect((await (await client.list()).json()).threads).toHaveLength(1);
    });
  },
);
