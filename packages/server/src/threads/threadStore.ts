import type { Message } from "@crayonai/stream";
import { threadPreview } from "@crayonai/stream/text";
import { activeBranch } from "./activeBranch";
import { NOW } from "./databaseClock";
import { markRepliesInterrupted } from "./interruptedReplies";
import { InvalidCursorError } from "./invalidCursorError";
import { toMessageRow, writeMessages } from "./messageRows";
import { outageLog } from "./outageLog";
import type { SqlDatabase, SqlExecutor } from "./sqlDatabase";
import { type MessageRow, readStoredMessages } from "./storedMessages";
import { decodeCursor, encodeCursor } from "./threadCursor";
import { THREAD_COLUMNS, type ThreadRow, toThread } from "./threadRows";
import { MESSAGES_TABLE, migrate, THREADS_TABLE } from "./threadSchema";
import type {
  NewThread,
  StoredRowError,
  StoredThread,
  StoredThreadTree,
  ThreadPage,
} from "./threadTypes";

/** Threads per page when the caller does not say. */
export const DEFAULT_PAGE_SIZE = 20;
/** Most threads one page can have. */
export const MAX_PAGE_SIZE = 100;

/**
 * The error {@link ThreadStore.interruptReplies} gives a reply whose server stopped before it
 * finished: it keeps its text, with status `error`, so a client offers Retry.
 */
export const INTERRUPTED_REPLY_ERROR = "The server stopped before this reply finished.";

/** Options of {@link createThreadStore}. */
export type ThreadStoreOptions = {
  /** Where threads live: {@link pgliteDatabase} or {@link postgresDatabase}. */
  db: SqlDatabase;
  /**
   * Where an outage is reported: once when the database becomes unavailable (with the cause)
   * and once when it is back. Default `console.error`.
   */
  log?: (message: string, error?: unknown) => void;
};

/**
 * Threads and their message trees, each thread owned by one user: every method takes the
 * owner (the user id the app authenticated) and treats another user's thread as missing.
 * Every write is one transaction and is idempotent. Methods reject with
 * {@link DatabaseUnavailableError} while the database cannot be reached.
 */
export type ThreadStore = {
  /**
   * A page of the owner's threads, most recently active first; `cursor` is the previous page's
   * `nextCursor` (rejects with {@link InvalidCursorError} for anything else). `limit` is 1–100,
   * default 20.
   */
  listThreads(owner: string, options?: { cursor?: string; limit?: number }): Promise<ThreadPage>;
  /** The thread, or undefined when the owner has none with that id. */
  getThread(owner: string, threadId: string): Promise<StoredThread | undefined>;
  /**
   * Creates a thread (at the top of the list). Creating one with an id the owner already has
   * returns that thread unchanged (a retried request creates nothing twice); undefined when
   * the id is another user's.
   */
  createThread(owner: string, thread: NewThread): Promise<StoredThread | undefined>;
  /** Renames a thread (its place in the list stays); undefined when there is no such thread. */
  renameThread(owner: string, threadId: string, title: string): Promise<StoredThread | undefined>;
  /** Deletes a thread and all its messages; false when there is no such thread. */
  deleteThread(owner: string, threadId: string): Promise<boolean>;
  /**
   * Every branch of the thread, as react-core's `loadThread` takes it, with an error entry per
   * bad row; undefined when there is no such thread.
   */
  loadThread(owner: string, threadId: string): Promise<StoredThreadTree | undefined>;
  /**
   * The branch shown last, oldest first, as a flat list without `parentId`s; undefined when
   * there is no such thread.
   */
  loadActiveBranch(
    owner: string,
    threadId: string,
  ): Promise<{ messages: Message[]; errors: StoredRowError[] } | undefined>;
  /**
   * Saves one message by id (what react-core's `onUpdateMessage` reports): inserted, or
   * replaced where it is, with its `parentId` placing it in the tree. A new message becomes the
   * end of the branch shown. Saving the same message twice, or twice at once, leaves one row.
   * False when there is no such thread.
   */
  upsertMessage(owner: string, threadId: string, message: Message): Promise<boolean>;
  /**
   * Saves a branch (a request's messages and its reply, oldest first): each message follows
   * the one before it, known messages are replaced where they are, other branches stay, and
   * the last message becomes the end of the branch shown. False when there is no such thread.
   */
  saveBranch(owner: string, threadId: string, messages: readonly Message[]): Promise<boolean>;
  /**
   * Opens the thread on another branch next time (react-core's `onActiveBranchChange`); false
   * when there is no such thread or it has no such message.
   */
  setActiveLeaf(owner: string, threadId: string, leafId: string): Promise<boolean>;
  /**
   * Marks the owner's replies left `streaming` as interrupted: each keeps its text, with status
   * `error` and `error` (default {@link INTERRUPTED_REPLY_ERROR}), so a client offers Retry; a
   * reply cut while it only reasoned gets an empty answer marked so after its reasoning. A
   * reply is saved `streaming` while it is generated (checkpoints); one still `streaming` when
   * nothing generates it any more was cut off by its server's end (killed, crashed). Call it
   * when no reply can still be writing: with `threadId`, when the resumable replies say none
   * runs in that thread; without, at start, for a database no other process writes (a PGlite
   * directory). Resolves to how many messages were marked.
   */
  interruptReplies(owner: string, options?: { threadId?: string; error?: string }): Promise<number>;
  /** Creates or updates the schema now (otherwise done by the first operation). */
  ready(): Promise<void>;
  /** Closes the database. */
  close(): Promise<void>;
};

/**
 * A {@link ThreadStore} on a {@link SqlDatabase}: the same SQL on PGlite and on Postgres. The
 * schema is created (or brought up to date) by the first operation.
 *
 * @example
 * ```ts
 * const store = createThreadStore({ db: pgliteDatabase() });
 * const thread = await store.createThread("user-1", { title: "Trip to Lisbon" });
 * await store.upsertMessage("user-1", thread!.threadId, { id: "m1", role: "user", content: "Hi" });
 * ```
 */
export function createThreadStore(options: ThreadStoreOptions): ThreadStore {
  const { db } = options;
  const outage = outageLog(
    options.log ?? ((message, error) => console.error(message, error ?? "")),
  );
  let schema: Promise<void> | undefined;

  const ready = (): Promise<void> => {
    schema ??= migrate(db).catch((error) => {
      // A database that was down at start is tried again by the next operation.
      schema = undefined;
      throw error;
    });
    return schema;
  };

  /** Runs an operation once the schema is there, and keeps the outage log up to date. */
  const run = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      await ready();
      const result = await operation();
      outage.succeeded();
      return result;
    } catch (error) {
      outage.failed(error);
      throw error;
    }
  };

  /** Locks the owner's thread for the rest of the transaction; its leaf, or false when none. */
  const lockThread = async (tx: SqlExecutor, owner: string, threadId: string) => {
    const [row] = await tx.query<{ active_leaf_id: string | null }>(
      `SELECT active_leaf_id FROM ${THREADS_TABLE} WHERE id = $1 AND owner = $2 FOR UPDATE`,
      [threadId, owner],
    );
    return row ? { leaf: row.active_leaf_id } : false;
  };

  /** Saves a branch of a locked thread (see `saveBranch`). */
  const writeBranch = async (tx: SqlExecutor, threadId: string, messages: readonly Message[]) => {
    const seen = new Set<string>();
    const path = messages.filter((m) => !seen.has(m.id) && seen.add(m.id));
    if (path.length === 0) return;
    await writeMessages(
      tx,
      threadId,
      path.map((message, index) => toMessageRow(message, path[index - 1]?.id)),
    );
    await touch(tx, threadId, path[path.length - 1]!.id, threadPreview(path));
  };

  /** Records activity: the time, the branch shown and, when it has text, the preview. */
  const touch = (tx: SqlExecutor, threadId: string, leaf: string | null, preview?: string) =>
    tx.query(
      `UPDATE ${THREADS_TABLE}
       SET updated_at = ${NOW}, active_leaf_id = $2, preview = coalesce($3, preview)
       WHERE id = $1`,
      [threadId, leaf, preview ?? null],
    );

  const loadThread = (owner: string, threadId: string) =>
    run(async (): Promise<StoredThreadTree | undefined> => {
      // One statement, so the thread and its messages come from one snapshot.
      const rows = await db.query<MessageRow & { active_leaf_id: string | null }>(
        `SELECT t.active_leaf_id, m.id, m.parent_id, m.json
         FROM ${THREADS_TABLE} t LEFT JOIN ${MESSAGES_TABLE} m ON m.thread_id = t.id
         WHERE t.id = $1 AND t.owner = $2
         ORDER BY m.position`,
        [threadId, owner],
      );
      const [first] = rows;
      if (!first) return undefined;
      const { messages, errors } = readStoredMessages(rows.filter((row) => row.id !== null));
      const leaf = first.active_leaf_id;
      const known = leaf !== null && messages.some((message) => message.id === leaf);
      return known ? { messages, activeLeafId: leaf, errors } : { messages, errors };
    });

  return {
    listThreads: (owner, { cursor, limit } = {}) =>
      run(async () => {
        const size = Math.min(Math.max(Math.trunc(limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
        const after = cursor === undefined || cursor === "" ? undefined : decodeCursor(cursor);
        if (cursor && !after) throw new InvalidCursorError();
        // One more than the page, to know whether another page follows.
        const rows = after
          ? await db.query<ThreadRow>(
              `SELECT ${THREAD_COLUMNS} FROM ${THREADS_TABLE}
               WHERE owner = $1 AND (updated_at, id) < ($2::timestamptz, $3)
               ORDER BY updated_at DESC, id DESC LIMIT $4`,
              [owner, after.updatedAt, after.threadId, size + 1],
            )
          : await db.query<ThreadRow>(
              `SELECT ${THREAD_COLUMNS} FROM ${THREADS_TABLE}
               WHERE owner = $1 ORDER BY updated_at DESC, id DESC LIMIT $2`,
              [owner, size + 1],
            );
        const threads = rows.slice(0, size).map(toThread);
        const last = threads[threads.length - 1];
        return rows.length > size && last
          ? {
              threads,
              nextCursor: encodeCursor({ updatedAt: last.updatedAt, threadId: last.threadId }),
            }
          : { threads };
      }),

    getThread: (owner, threadId) =>
      run(async () => {
        const [row] = await db.query<ThreadRow>(
          `SELECT ${THREAD_COLUMNS} FROM ${THREADS_TABLE} WHERE id = $1 AND owner = $2`,
          [threadId, owner],
        );
        return row && toThread(row);
      }),

    createThread: (owner, thread) =>
      run(() =>
        db.transaction(async (tx) => {
          const threadId = thread.threadId ?? globalThis.crypto.randomUUID();
          const [created] = await tx.query<ThreadRow>(
            `INSERT INTO ${THREADS_TABLE} (id, owner, title, created_at, updated_at, metadata)
             VALUES ($1, $2, $3, ${NOW}, ${NOW}, $4::jsonb)
             ON CONFLICT (id) DO NOTHING
             RETURNING ${THREAD_COLUMNS}`,
            [threadId, owner, thread.title, JSON.stringify(thread.metadata ?? {})],
          );
          if (created) {
            if (!thread.messages?.length) return toThread(created);
            await writeBranch(tx, threadId, thread.messages);
            const [saved] = await tx.query<ThreadRow>(
              `SELECT ${THREAD_COLUMNS} FROM ${THREADS_TABLE} WHERE id = $1`,
              [threadId],
            );
            return toThread(saved!);
          }
          const [existing] = await tx.query<ThreadRow>(
            `SELECT ${THREAD_COLUMNS} FROM ${THREADS_TABLE} WHERE id = $1 AND owner = $2`,
            [threadId, owner],
          );
          return existing && toThread(existing);
        }),
      ),

    renameThread: (owner, threadId, title) =>
      run(async () => {
        const [row] = await db.query<ThreadRow>(
          `UPDATE ${THREADS_TABLE} SET title = $3 WHERE id = $1 AND owner = $2
           RETURNING ${THREAD_COLUMNS}`,
          [threadId, owner, title],
        );
        return row && toThread(row);
      }),

    deleteThread: (owner, threadId) =>
      run(async () => {
        // The messages go with it (ON DELETE CASCADE), in the same statement.
        const rows = await db.query(
          `DELETE FROM ${THREADS_TABLE} WHERE id = $1 AND owner = $2 RETURNING id`,
          [threadId, owner],
        );
        return rows.length > 0;
      }),

    loadThread,

    loadActiveBranch: async (owner, threadId) => {
      const tree = await loadThread(owner, threadId);
      if (!tree) return undefined;
      const messages = activeBranch(tree.messages, tree.activeLeafId).map(
        ({ parentId: _parent, ...message }) => message as Message,
      );
      return { messages, errors: tree.errors };
    },

    upsertMessage: (owner, threadId, message) =>
      run(() =>
        db.transaction(async (tx) => {
          const thread = await lockThread(tx, owner, threadId);
          if (!thread) return false;
          const inserted = await writeMessages(tx, threadId, [
            toMessageRow(message, message.parentId),
          ]);
          // A new message extends a branch; a changed one (a reply finishing) stays where it is.
          const isLeaf = inserted.has(message.id) || thread.leaf === message.id;
          await touch(
            tx,
            threadId,
            isLeaf ? message.id : thread.leaf,
            isLeaf ? threadPreview([message]) : undefined,
          );
          return true;
        }),
      ),

    saveBranch: (owner, threadId, messages) =>
      run(() =>
        db.transaction(async (tx) => {
          if (!(await lockThread(tx, owner, threadId))) return false;
          await writeBranch(tx, threadId, messages);
          return true;
        }),
      ),

    setActiveLeaf: (owner, threadId, leafId) =>
      run(async () => {
        const rows = await db.query(
          `UPDATE ${THREADS_TABLE} t SET active_leaf_id = $3
           WHERE t.id = $1 AND t.owner = $2
             AND EXISTS (SELECT 1 FROM ${MESSAGES_TABLE} m WHERE m.thread_id = t.id AND m.id = $3)
           RETURNING t.id`,
          [threadId, owner, leafId],
        );
        return rows.length > 0;
      }),

    interruptReplies: (owner, { threadId, error = INTERRUPTED_REPLY_ERROR } = {}) =>
      run(() => db.transaction((tx) => markRepliesInterrupted(tx, owner, threadId, error))),

    ready: () => run(() => Promise.resolve()),
    close: () => db.close(),
  };
}
