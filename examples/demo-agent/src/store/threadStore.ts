import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Message } from "@crayonai/stream";
import initSqlJs, { type Database, type SqlValue } from "sql.js";
import { userText } from "../agent/conversation";
import { activeBranch, mergePath } from "./threadTree";

/**
 * A thread as the REST routes return it: `updatedAt` is its last activity (the list is ordered
 * by it) and `preview` its last message's text, both set when its messages are saved.
 */
export type StoredThread = {
  threadId: string;
  title: string;
  createdAt: string;
  updatedAt?: string;
  preview?: string;
};

/** One page of the thread list, newest first. */
export type ThreadPage = { threads: StoredThread[]; nextCursor?: string };

/**
 * The error of a reply the server stopped before it finished (killed, restarted, shut down):
 * kept with its text and status `error`, so the UI offers Retry.
 */
export const INTERRUPTED_REPLY_ERROR = "The server stopped before this reply finished.";

/** Threads per page of the list. */
export const THREADS_PER_PAGE = 20;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS threads (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT,
  preview TEXT
);
CREATE TABLE IF NOT EXISTS messages (
  thread_id TEXT NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (thread_id, position)
);
CREATE TABLE IF NOT EXISTS active_leaves (
  thread_id TEXT PRIMARY KEY REFERENCES threads(id) ON DELETE CASCADE,
  leaf_id TEXT NOT NULL
);
`;

/** Longest stored preview, in characters. */
const PREVIEW_LENGTH = 140;

/** A database made before threads had an activity time and a preview gets both columns. */
function addActivityColumns(db: Database): void {
  const [result] = db.exec("PRAGMA table_info(threads)");
  const columns = new Set(result?.values.map((row) => String(row[1])) ?? []);
  for (const column of ["updated_at", "preview"])
    if (!columns.has(column)) db.run(`ALTER TABLE threads ADD COLUMN ${column} TEXT`);
}

/** The last message's text (a user's text, a reply's markdown), cut for the list. */
function previewOf(messages: readonly Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const text =
      message.role === "user"
        ? userText(message)
        : message.role === "assistant" && typeof message.content === "string"
          ? message.content
          : "";
    // Lines are kept, so a client can drop line-start markdown (quotes, lists) from it.
    const kept = text.trim();
    if (kept) return kept.length > PREVIEW_LENGTH ? `${kept.slice(0, PREVIEW_LENGTH - 1)}…` : kept;
  }
  return undefined;
}

const THREAD_COLUMNS = "id, title, created_at, updated_at, preview";

/**
 * Threads and their messages in SQLite (sql.js, in memory), loaded from a file at start and
 * written back after every change. Writes go to a temporary file that is then renamed over the
 * database, so a crash never leaves half a file; they are queued, so they never interleave.
 */
export class ThreadStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: Database,
    /** The database file (absolute). */
    readonly file: string,
  ) {}

  /** Opens (or creates) the database in `file`; its directory is created when missing. */
  static async open(file: string): Promise<ThreadStore> {
    const SQL = await initSqlJs();
    const path = resolve(file);
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    const db = new SQL.Database(bytes);
    db.run(SCHEMA);
    addActivityColumns(db);
    const store = new ThreadStore(db, path);
    await store.markInterrupted();
    return store;
  }

  /**
   * Replies checkpointed while they streamed, when the server stopped before they ended: no run
   * can still be writing them, so they are kept and marked as failed (the UI offers Retry).
   */
  private async markInterrupted(): Promise<void> {
    const rows = this.rows(
      `SELECT thread_id, position, json FROM messages WHERE json LIKE '%"status":"streaming"%'`,
    );
    for (const row of rows) {
      const message = JSON.parse(String(row.json)) as Message;
      if (message.role !== "assistant" || message.status !== "streaming") continue;
      const interrupted = {
        ...message,
        status: "error",
        error: INTERRUPTED_REPLY_ERROR,
      };
      this.db.run("UPDATE messages SET json = ? WHERE thread_id = ? AND position = ?", [
        JSON.stringify(interrupted),
        row.thread_id as SqlValue,
        row.position as SqlValue,
      ]);
    }
    if (rows.length) await this.persist();
  }

  private rows(sql: string, params: SqlValue[] = []): Record<string, SqlValue>[] {
    const statement = this.db.prepare(sql, params);
    const rows: Record<string, SqlValue>[] = [];
    while (statement.step()) rows.push(statement.getAsObject());
    statement.free();
    return rows;
  }

  /** Writes the database to its file once the writes queued before it are done. */
  private persist(): Promise<void> {
    const write = async () => {
      const bytes = this.db.export();
      await mkdir(dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, this.file);
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  private static thread(row: Record<string, SqlValue>): StoredThread {
    return {
      threadId: String(row.id),
      title: String(row.title),
      createdAt: String(row.created_at),
      ...(row.updated_at != null && { updatedAt: String(row.updated_at) }),
      ...(row.preview != null && { preview: String(row.preview) }),
    };
  }

  /**
   * A page of threads, most recently active first (saving a thread's messages moves it to the
   * top); `cursor` is the `nextCursor` of the previous page.
   */
  listThreads(cursor?: number): ThreadPage {
    const rows = this.rows(
      `SELECT seq, ${THREAD_COLUMNS} FROM threads WHERE seq < ? ORDER BY seq DESC LIMIT ?`,
      [cursor ?? Number.MAX_SAFE_INTEGER, THREADS_PER_PAGE + 1],
    );
    const page = rows.slice(0, THREADS_PER_PAGE);
    const threads = page.map(ThreadStore.thread);
    const last = page[page.length - 1];
    return rows.length > THREADS_PER_PAGE && last
      ? { threads, nextCursor: String(last.seq) }
      : { threads };
  }

  /** The thread, or undefined. */
  getThread(threadId: string): StoredThread | undefined {
    const [row] = this.rows(`SELECT ${THREAD_COLUMNS} FROM threads WHERE id = ?`, [threadId]);
    return row ? ThreadStore.thread(row) : undefined;
  }

  /** Creates a thread (newest in the list) and saves it. */
  async createThread(thread: StoredThread): Promise<StoredThread> {
    this.db.run("INSERT INTO threads (id, title, created_at) VALUES (?, ?, ?)", [
      thread.threadId,
      thread.title,
      thread.createdAt,
    ]);
    await this.persist();
    return thread;
  }

  /** Renames a thread; undefined when there is none with that id. */
  async renameThread(threadId: string, title: string): Promise<StoredThread | undefined> {
    if (!this.getThread(threadId)) return undefined;
    this.db.run("UPDATE threads SET title = ? WHERE id = ?", [title, threadId]);
    await this.persist();
    return this.getThread(threadId);
  }

  /** Deletes a thread and its messages; false when there is none with that id. */
  async deleteThread(threadId: string): Promise<boolean> {
    if (!this.getThread(threadId)) return false;
    this.db.run("DELETE FROM messages WHERE thread_id = ?", [threadId]);
    this.db.run("DELETE FROM active_leaves WHERE thread_id = ?", [threadId]);
    this.db.run("DELETE FROM threads WHERE id = ?", [threadId]);
    await this.persist();
    return true;
  }

  /** Every stored message of the thread (all branches, each with its `parentId`). */
  private storedRows(threadId: string): Message[] {
    return this.rows("SELECT json FROM messages WHERE thread_id = ? ORDER BY position", [
      threadId,
    ]).map((row) => JSON.parse(String(row.json)) as Message);
  }

  private activeLeaf(threadId: string): string | undefined {
    const [row] = this.rows("SELECT leaf_id FROM active_leaves WHERE thread_id = ?", [threadId]);
    return row ? String(row.leaf_id) : undefined;
  }

  /**
   * The thread's active branch, oldest first, as a flat list (no `parentId`: the order says
   * it); undefined when there is no such thread.
   */
  getMessages(threadId: string): Message[] | undefined {
    if (!this.getThread(threadId)) return undefined;
    return activeBranch(this.storedRows(threadId), this.activeLeaf(threadId)).map(
      ({ parentId: _parent, ...message }) => message as Message,
    );
  }

  /**
   * The thread as a tree: every message with its `parentId`, and the leaf of the active branch
   * (what `loadThread` returns so a reload keeps every branch). Undefined for an unknown thread.
   */
  getTree(threadId: string): { messages: Message[]; activeLeafId?: string } | undefined {
    if (!this.getThread(threadId)) return undefined;
    const messages = this.storedRows(threadId);
    const activeLeafId = activeBranch(messages, this.activeLeaf(threadId)).at(-1)?.id;
    return activeLeafId === undefined ? { messages } : { messages, activeLeafId };
  }

  /**
   * Saves the thread's active branch (what a request carried, then its reply): other branches
   * stay, and the branch's last message becomes the active leaf. False when there is no such
   * thread (e.g. it was deleted).
   */
  async setMessages(threadId: string, messages: readonly Message[]): Promise<boolean> {
    if (!this.getThread(threadId)) return false;
    const rows = mergePath(this.storedRows(threadId), messages);
    this.db.run("BEGIN");
    try {
      this.db.run("DELETE FROM messages WHERE thread_id = ?", [threadId]);
      rows.forEach((message, position) => {
        this.db.run("INSERT INTO messages (thread_id, position, json) VALUES (?, ?, ?)", [
          threadId,
          position,
          JSON.stringify(message),
        ]);
      });
      this.writeLeaf(threadId, messages.at(-1)?.id);
      // The thread moves to the top of the list (its `seq` orders the list and its pages).
      this.db.run(
        "UPDATE threads SET seq = (SELECT MAX(seq) + 1 FROM threads), updated_at = ?, preview = ? WHERE id = ?",
        [new Date().toISOString(), previewOf(messages) ?? null, threadId],
      );
      this.db.run("COMMIT");
    } catch (error) {
      this.db.run("ROLLBACK");
      throw error;
    }
    await this.persist();
    return true;
  }

  /** Shows another branch on the next load; false when the thread or message is unknown. */
  async setActiveLeaf(threadId: string, leafId: string): Promise<boolean> {
    if (!this.getThread(threadId)) return false;
    if (!this.storedRows(threadId).some((message) => message.id === leafId)) return false;
    this.writeLeaf(threadId, leafId);
    await this.persist();
    return true;
  }

  private writeLeaf(threadId: string, leafId: string | undefined): void {
    if (leafId === undefined)
      this.db.run("DELETE FROM active_leaves WHERE thread_id = ?", [threadId]);
    else
      this.db.run(
        "INSERT INTO active_leaves (thread_id, leaf_id) VALUES (?, ?) ON CONFLICT(thread_id) DO UPDATE SET leaf_id = excluded.leaf_id",
        [threadId, leafId],
      );
  }

  /** Waits for pending writes, then frees the database. */
  async close(): Promise<void> {
    await this.writing;
    this.db.close();
  }
}
