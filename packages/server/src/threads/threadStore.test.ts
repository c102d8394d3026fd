import type { Message } from "@crayonai/stream";
import { describe, expect, it, vi } from "vitest";
import { databaseKinds, useDatabase } from "../../test/support/testDatabases";
import { reply, userMessage as user } from "../../test/support/testMessages";
import { DatabaseUnavailableError } from "./databaseUnavailableError";
import { InvalidCursorError } from "./invalidCursorError";
import { pgliteDatabase } from "./pgliteDatabase";
import { postgresDatabase } from "./postgresDatabase";
import type { SqlDatabase } from "./sqlDatabase";
import { MESSAGES_TABLE, THREADS_TABLE } from "./threadSchema";
import { createThreadStore, INTERRUPTED_REPLY_ERROR, type ThreadStore } from "./threadStore";

const newOwner = () => `user-${globalThis.crypto.randomUUID()}`;

/** Every thread of the owner, page after page. */
async function allPages(store: ThreadStore, owner: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await store.listThreads(owner, { cursor, limit });
    seen.push(...page.threads.map((thread) => thread.threadId));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error("the pages never ended");
}

describe.each(databaseKinds)("thread store ($name)", (kind) => {
  const context = useDatabase(kind);
  const store = () => createThreadStore({ db: context.db, log: () => {} });

  it("lists a user's threads most recently active first, page by page", async () => {
    const threads = store();
    const owner = newOwner();
    const created = [];
    for (let i = 0; i < 45; i++)
      created.push((await threads.createThread(owner, { title: `Thread ${i}` }))!);
    // Activity moves a thread to the top and gives it a preview.
    await threads.upsertMessage(owner, created[3]!.threadId, user("m1", "  Lisbon in May?\n"));

    const first = await threads.listThreads(owner);
    expect(first.threads).toHaveLength(20);
    expect(first.threads[0]).toMatchObject({
      threadId: created[3]!.threadId,
      title: "Thread 3",
      preview: "Lisbon in May?",
    });
    expect(first.threads[0]!.updatedAt >= first.threads[1]!.updatedAt).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));

    const ids = await allPages(threads, owner, 20);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    const page = await threads.listThreads(owner, { limit: 100 });
    const times = page.threads.map((thread) => thread.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.nextCursor).toBeUndefined();
  });

  it("pages by (updatedAt, id): ties are neither skipped nor repeated, and a thread that moves up mid-walk moves no other", async () => {
    const threads = store();
    const owner = newOwner();
    const ids = [];
    for (let i = 0; i < 7; i++)
      ids.push((await threads.createThread(owner, { title: `T${i}` }))!.threadId);
    // All at the same millisecond: only the id orders them.
    await context.db.query(
      `UPDATE ${THREADS_TABLE} SET updated_at = '2025-01-01T00:00:00.000Z' WHERE owner = $1`,
      [owner],
    );
    expect((await allPages(threads, owner, 2)).sort()).toEqual([...ids].sort());

    const first = await threads.listThreads(owner, { limit: 3 });
    const later = ids.find((id) => !first.threads.some((thread) => thread.threadId === id))!;
    await threads.upsertMessage(owner, later, user("m1", "moved up"));
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await threads.listThreads(owner, { cursor, limit: 3 });
      rest.push(...page.threads.map((thread) => thread.threadId));
      cursor = page.nextCursor;
    }
    const walked = [...first.threads.map((thread) => thread.threadId), ...rest];
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.sort()).toEqual(ids.filter((id) => id !== later).sort());
  });

  it("refuses a cursor it did not make", async () => {
    await expect(store().listThreads(newOwner(), { cursor: "not-a-cursor" })).rejects.toThrow(
      InvalidCursorError,
    );
  });

  it("keeps users apart: another user's thread is missing for every operation", async () => {
    const threads = store();
    const [alice, bob] = [newOwner(), newOwner()];
    const thread = (await threads.createThread(alice, { title: "Alice's" }))!;
    const { threadId } = thread;
    expect((await threads.listThreads(bob)).threads).toEqual([]);
    expect(await threads.getThread(bob, threadId)).toBeUndefined();
    expect(await threads.renameThread(bob, threadId, "Mine now")).toBeUndefined();
    expect(await threads.deleteThread(bob, threadId)).toBe(false);
    expect(await threads.loadThread(bob, threadId)).toBeUndefined();
    expect(await threads.upsertMessage(bob, threadId, user("x", "hi"))).toBe(false);
    expect(await threads.saveBranch(bob, threadId, [user("x", "hi")])).toBe(false);
    // Creating a thread under another user's id takes nothing over.
    expect(await threads.createThread(bob, { title: "Taken", threadId })).toBeUndefined();
    expect(await threads.getThread(alice, threadId)).toEqual(thread);
    expect((await threads.loadThread(alice, threadId))!.messages).toEqual([]);
  });

  it("creates a thread with its first message, and a retried create makes nothing twice", async () => {
    const threads = store();
    const owner = newOwner();
    const threadId = `thread-${globalThis.crypto.randomUUID()}`;
    const created = await threads.createThread(owner, {
      title: "Hello",
      threadId,
      metadata: { source: "test" },
      messages: [user("m1", "Hello there")],
    });
    expect(created).toMatchObject({ threadId, title: "Hello", preview: "Hello there" });
    expect(created!.metadata).toEqual({ source: "test" });
    const again = await threads.createThread(owner, { title: "Other", threadId });
    expect(again).toEqual(created);
    expect((await threads.loadThread(owner, threadId))!.messages).toEqual([
      user("m1", "Hello there"),
    ]);
  });

  it("renames a thread without moving it, and deletes it with its messages", async () => {
    const threads = store();
    const owner = newOwner();
    const a = (await threads.createThread(owner, { title: "A" }))!;
    const b = (await threads.createThread(owner, { title: "B" }))!;
    await threads.upsertMessage(owner, b.threadId, user("m1", "hi"));
    await threads.upsertMessage(owner, b.threadId, reply("m2", "hello", "m1"));

    const renamed = await threads.renameThread(owner, a.threadId, "Renamed");
    expect(renamed).toMatchObject({
      threadId: a.threadId,
      title: "Renamed",
      updatedAt: a.updatedAt,
    });
    expect((await threads.listThreads(owner)).threads.map((t) => t.threadId)).toEqual([
      b.threadId,
      a.threadId,
    ]);

    expect(await threads.deleteThread(owner, b.threadId)).toBe(true);
    expect(await threads.deleteThread(owner, b.threadId)).toBe(false);
    expect(await threads.getThread(owner, b.threadId)).toBeUndefined();
    const left = await context.db.query(`SELECT id FROM ${MESSAGES_TABLE} WHERE thread_id = $1`, [
      b.threadId,
    ]);
    expect(left).toEqual([]);
  });

  it("keeps every branch, and opens on the branch shown last", async () => {
    const threads = store();
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Branches" }))!;
    await threads.upsertMessage(owner, threadId, user("q", "Question"));
    await threads.upsertMessage(owner, threadId, reply("a1", "First answer", "q"));
    // Regenerated: a sibling of a1, now shown.
    await threads.upsertMessage(owner, threadId, reply("a2", "Second answer", "q"));
    // An edit of the question: a second root, with its own reply.
    await threads.upsertMessage(owner, threadId, user("q2", "Edited question"));
    await threads.upsertMessage(owner, threadId, reply("a3", "Answer to the edit", "q2"));

    const tree = await threads.loadThread(owner, threadId);
    expect(tree).toEqual({
      messages: [
        user("q", "Question"),
        reply("a1", "First answer", "q"),
        reply("a2", "Second answer", "q"),
        user("q2", "Edited question"),
        reply("a3", "Answer to the edit", "q2"),
      ],
      activeLeafId: "a3",
      errors: [],
    });

    expect(await threads.setActiveLeaf(owner, threadId, "a1")).toBe(true);
    expect((await threads.loadThread(owner, threadId))!.activeLeafId).toBe("a1");
    expect((await threads.loadActiveBranch(owner, threadId))!.messages).toEqual([
      user("q", "Question"),
      reply("a1", "First answer"),
    ]);
    expect(await threads.setActiveLeaf(owner, threadId, "nope")).toBe(false);
    expect(await threads.setActiveLeaf(newOwner(), threadId, "a2")).toBe(false);
  });

  it("saves a branch: parents from its order, known messages in place, other branches kept", async () => {
    const threads = store();
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Branch" }))!;
    await threads.saveBranch(owner, threadId, [user("q", "Q"), reply("a1", "A1")]);
    await threads.saveBranch(owner, threadId, [user("q", "Q"), reply("a2", "A2")]);
    await threads.saveBranch(owner, threadId, [user("q", "Q"), reply("a2", "A2, finished")]);
    const tree = await threads.loadThread(owner, threadId);
    expect(tree!.messages).toEqual([
      user("q", "Q"),
      reply("a1", "A1", "q"),
      reply("a2", "A2, finished", "q"),
    ]);
    expect(tree!.activeLeafId).toBe("a2");
    expect((await threads.getThread(owner, threadId))!.preview).toBe("A2, finished");
  });

  it("previews a reply as the plain text the chat shows, not its markdown", async () => {
    const threads = store();
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Tour" }))!;
    await threads.saveBranch(owner, threadId, [
      user("q", "/markdown"),
      reply("a", "# Markdown tour\n\n**A light** [tour](https://example.com) of `code`"),
    ]);
    expect((await threads.getThread(owner, threadId))!.preview).toBe(
      "Markdown tour A light tour of code",
    );
  });

  it("marks replies left streaming as interrupted, in one thread or all the owner's, and nothing else", async () => {
    const threads = store();
    const owner = newOwner();
    const streaming = (id: string, content: string, parentId: string) =>
      ({ ...reply(id, content, parentId), status: "streaming" }) as Message;
    const cut = (await threads.createThread(owner, { title: "Cut" }))!.threadId;
    const other = (await threads.createThread(owner, { title: "Other" }))!.threadId;
    await threads.saveBranch(owner, cut, [
      user("q1", "Count"),
      { ...reply("a1", "1, 2"), status: "complete" } as Message,
      user("q2", "Again"),
      streaming("a2", "1, 2, 3", "q2"),
    ]);
    await threads.saveBranch(owner, other, [user("q", "Hi"), streaming("a", "Hel", "q")]);
    // Another user's streaming reply, and a user message that only says "streaming".
    const stranger = newOwner();
    const theirs = (await threads.createThread(stranger, { title: "Theirs" }))!.threadId;
    await threads.saveBranch(stranger, theirs, [
      user("s", '"streaming"'),
      streaming("t", "x", "s"),
    ]);
    const before = await threads.getThread(owner, cut);

    expect(await threads.interruptReplies(owner, { threadId: cut })).toBe(1);
    const tree = (await threads.loadThread(owner, cut))!;
    expect(tree.messages[3]).toEqual({
      ...streaming("a2", "1, 2, 3", "q2"),
      status: "error",
      error: INTERRUPTED_REPLY_ERROR,
    });
    expect(tree.messages.slice(0, 3)).toEqual([
      user("q1", "Count"),
      { ...reply("a1", "1, 2", "q1"), status: "complete" } as Message,
      user("q2", "Again", "a1"),
    ]);
    // Not activity: the thread keeps its place in the list.
    expect(await threads.getThread(owner, cut)).toEqual(before);
    expect((await threads.loadThread(owner, other))!.messages[1]).toMatchObject({
      status: "streaming",
    });

    expect(await threads.interruptReplies(owner, { error: "Gone." })).toBe(1);
    expect((await threads.loadThread(owner, other))!.messages[1]).toMatchObject({
      status: "error",
      error: "Gone.",
      content: "Hel",
    });
    expect(await threads.interruptReplies(owner)).toBe(0);
    const untouched = (await threads.loadThread(stranger, theirs))!.messages;
    expect(untouched.map((m) => m.role === "assistant" && m.status)).toEqual([false, "streaming"]);
  });

  it("interruptReplies: a reply cut while it only reasoned gets an interrupted answer, and stops thinking", async () => {
    const threads = store();
    const owner = newOwner();
    const thinking = (id: string, parentId: string) =>
      ({ id, role: "reasoning", content: "Let me see", isThinking: true, parentId }) as Message;
    const cut = (await threads.createThread(owner, { title: "Cut while thinking" }))!.threadId;
    await threads.saveBranch(owner, cut, [user("q", "Why?"), thinking("r", "q")]);
    // Reasoning between two steps of a reply: its answer so far is what is marked.
    const between = (await threads.createThread(owner, { title: "Between steps" }))!.threadId;
    await threads.saveBranch(owner, between, [
      user("q", "Plan"),
      { ...reply("a", "Step one", "q"), status: "streaming" } as Message,
      thinking("r", "a"),
    ]);
    const before = await threads.getThread(owner, cut);

    expect(await threads.interruptReplies(owner)).toBe(2);
    const branch = (await threads.loadActiveBranch(owner, cut))!.messages;
    expect(branch.map((m) => m.role)).toEqual(["user", "reasoning", "assistant"]);
    expect(branch[1]).toEqual({ id: "r", role: "reasoning", content: "Let me see" });
    expect(branch[2]).toMatchObject({
      role: "assistant",
      content: "",
      status: "error",
      error: INTERRUPTED_REPLY_ERROR,
    });
    expect(await threads.getThread(owner, cut)).toEqual(before);
    const steps = (await threads.loadActiveBranch(owner, between))!.messages;
    expect(steps.map((m) => m.role)).toEqual(["user", "assistant", "reasoning"]);
    expect(steps[1]).toMatchObject({ status: "error", error: INTERRUPTED_REPLY_ERROR });
    expect(steps[2]).not.toHaveProperty("isThinking");
    // Once marked, nothing is left to mark.
    expect(await threads.interruptReplies(owner)).toBe(0);
  });

  it("upserts by id: saving again replaces the message where it is, one row", async () => {
    const threads = store();
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Upsert" }))!;
    await threads.upsertMessage(owner, threadId, user("q", "Q"));
    await threads.upsertMessage(owner, threadId, reply("a", "Partial", "q"));
    await threads.upsertMessage(owner, threadId, reply("a", "Partial", "q"));
    await threads.upsertMessage(owner, threadId, user("q", "Q, edited in place"));
    await threads.upsertMessage(owner, threadId, reply("a", "Complete", "q"));

    const tree = await threads.loadThread(owner, threadId);
    expect(tree!.messages).toEqual([user("q", "Q, edited in place"), reply("a", "Complete", "q")]);
    // Changing an earlier message does not move the branch's end back to it.
    expect(tree!.activeLeafId).toBe("a");
    const rows = await context.db.query(`SELECT id FROM ${MESSAGES_TABLE} WHERE thread_id = $1`, [
      threadId,
    ]);
    expect(rows).toHaveLength(2);
  });

  it("keeps one row when two upserts of the same message race", async () => {
    const threads = store();
    // On Postgres the second one comes from another connection pool: another app instance.
    const other = createThreadStore({ db: context.connect(), log: () => {} });
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Race" }))!;
    for (let round = 0; round < 5; round++) {
      const id = `m${round}`;
      const results = await Promise.all([
        threads.upsertMessage(owner, threadId, reply(id, "from A")),
        other.upsertMessage(owner, threadId, reply(id, "from B")),
      ]);
      expect(results).toEqual([true, true]);
    }
    const rows = await context.db.query<{ id: string; json: string }>(
      `SELECT id, json FROM ${MESSAGES_TABLE} WHERE thread_id = $1 ORDER BY position`,
      [threadId],
    );
    expect(rows.map((row) => row.id)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    for (const row of rows) expect(["from A", "from B"]).toContain(JSON.parse(row.json).content);

    // Many different messages at once all land.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other : threads).upsertMessage(owner, threadId, user(`p${i}`, `${i}`)),
      ),
    );
    expect((await threads.loadThread(owner, threadId))!.messages).toHaveLength(15);
  });

  it("turns a corrupted row into a typed error entry, and loads the rest", async () => {
    const threads = store();
    const owner = newOwner();
    const { threadId } = (await threads.createThread(owner, { title: "Corrupt" }))!;
    await threads.upsertMessage(owner, threadId, user("q", "Q"));
    await threads.upsertMessage(owner, threadId, reply("a", "A", "q"));
    const insert = (id: string, json: string) =>
      context.db.query(
        `INSERT INTO ${MESSAGES_TABLE} (thread_id, id, parent_id, json, created_at, updated_at)
         VALUES ($1, $2, 'a', $3, now(), now())`,
        [threadId, id, json],
      );
    await insert("broken", '{"id":"broken","role":"user","content":"cut off');
    await insert("alien", '{"id":"alien","role":"alien"}');
    await insert("impostor", '{"id":"someone-else","role":"user","content":"hi"}');
    await insert("list", "[1,2]");
    await insert("repaired", '{"id":"repaired","role":"assistant","content":"ok","sources":7}');

    const tree = await threads.loadThread(owner, threadId);
    expect(tree!.messages).toEqual([
      user("q", "Q"),
      reply("a", "A", "q"),
      reply("repaired", "ok", "a"),
    ]);
    expect(tree!.errors).toEqual([
      { code: "malformed_row", messageId: "broken", path: "", problem: "not JSON; left out" },
      { code: "malformed_row", messageId: "impostor", path: "id", problem: expect.any(String) },
      { code: "malformed_row", messageId: "list", path: "", problem: "not an object; left out" },
      {
        code: "malformed_row",
        messageId: "alien",
        path: expect.any(String),
        problem: expect.any(String),
      },
      {
        code: "malformed_row",
        messageId: "repaired",
        path: "sources",
        problem: expect.any(String),
      },
    ]);
    expect((await threads.loadActiveBranch(owner, threadId))!.errors).toHaveLength(5);
  });

  it("logs an outage once, and once that it is over; a database down at start is retried", async () => {
    // A database that can be switched off: every call then fails as unavailable.
    let up = false;
    const check = () => {
      if (!up) throw new DatabaseUnavailableError("The thread database is unavailable: refused");
    };
    const db: SqlDatabase = {
      query: async (sql, params) => {
        check();
        return context.db.query(sql, params);
      },
      transaction: async (work) => {
        check();
        return context.db.transaction(work);
      },
      close: async () => {},
    };
    const log = vi.fn();
    const threads = createThreadStore({ db, log });
    for (let i = 0; i < 3; i++)
      await expect(threads.listThreads("u")).rejects.toThrow(DatabaseUnavailableError);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/unavailable/);

    up = true;
    expect(await threads.listThreads(newOwner())).toEqual({ threads: [] });
    await threads.listThreads(newOwner());
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]![0]).toMatch(/available again/);
  });
});

describe("closed databases", () => {
  it("stay closed: an operation fails as unavailable, never on a new, empty database", async () => {
    for (const db of [
      pgliteDatabase(),
      postgresDatabase({ connectionString: "postgres://x@127.0.0.1:1/x" }),
    ]) {
      const threads = createThreadStore({ db, log: () => {} });
      await threads.close();
      await expect(threads.listThreads("u")).rejects.toThrow(DatabaseUnavailableError);
    }
  });
});
