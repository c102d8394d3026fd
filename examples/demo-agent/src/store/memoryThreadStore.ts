import {
  activeBranch,
  DEFAULT_PAGE_SIZE,
  INTERRUPTED_REPLY_ERROR,
  InvalidCursorError,
  MAX_PAGE_SIZE,
  type StoredThread,
  type ThreadStore,
} from "@crayonai/server/threads";
import type { Message } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import { threadPreview } from "@crayonai/stream/text";

/** A stored message: its JSON as saved (so later changes to the caller's object do not count). */
type Row = { message: Message; parentId?: string };

type MemoryThread = {
  owner: string;
  thread: StoredThread;
  /** By id, in the order first saved (the SQL store's position). */
  rows: Map<string, Row>;
  activeLeafId?: string;
};

/** A copy as the SQL store keeps it: JSON, without the tree link (kept beside it). */
function stored(message: Message): Message {
  const { parentId: _link, ...rest } = message;
  return JSON.parse(JSON.stringify(rest)) as Message;
}

type ListPosition = Pick<StoredThread, "updatedAt" | "threadId">;

/** Negative when `a` comes before `b` in the list: most recently active first, then by id, descending. */
const listOrder = (a: ListPosition, b: ListPosition) =>
  a.updatedAt === b.updatedAt
    ? b.threadId.localeCompare(a.threadId)
    : b.updatedAt.localeCompare(a.updatedAt);

/**
 * Where a page ended: the last thread's time and id, so threads that move to the top between
 * two pages never make one skip or repeat a thread that stayed.
 */
const encodeCursor = ({ updatedAt, threadId }: ListPosition) =>
  JSON.stringify([updatedAt, threadId]);

function decodeCursor(cursor: string): ListPosition {
  try {
    const [updatedAt, threadId] = JSON.parse(cursor) as unknown[];
    if (typeof updatedAt === "string" && typeof threadId === "string")
      return { updatedAt, threadId };
  } catch {
    // Not one of ours: said below.
  }
  throw new InvalidCursorError();
}

/**
 * `@crayonai/server`'s {@link ThreadStore} in this process's memory, for the in-page agent (a
 * page has no database): the same threads, branches, active leaves, previews and pages as the
 * SQL store, gone when the page is. Times are ISO strings, each later than the one before, so
 * the list's order and its cursors are exact.
 */
export function memoryThreadStore(): ThreadStore {
  const threads = new Map<string, MemoryThread>();
  let lastTime = 0;
  const now = () => {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  };
  const owned = (owner: string, threadId: string) => {
    const entry = threads.get(threadId);
    return entry?.owner === owner ? entry : undefined;
  };
  const copy = (thread: StoredThread): StoredThread => structuredClone(thread);
  const treeOf = (entry: MemoryThread): Message[] =>
    [...entry.rows.values()].map(({ message, parentId }) =>
      structuredClone(parentId === undefined ? message : { ...message, parentId }),
    );

  /** Records activity: the time, the branch shown and, when it has text, the preview. */
  const touch = (entry: MemoryThread, leaf: string | undefined, preview?: string) => {
    entry.thread.updatedAt = now();
    entry.activeLeafId = leaf;
    if (preview !== undefined) entry.thread.preview = preview;
  };

  /** Saves a branch: each message follows the one before it; known ones keep their place. */
  const writeBranch = (entry: MemoryThread, messages: readonly Message[]) => {
    const seen = new Set<string>();
    const path = messages.filter((m) => !seen.has(m.id) && seen.add(m.id));
    if (path.length === 0) return;
    path.forEach((message, index) => {
      const parentId = path[index - 1]?.id;
      entry.rows.set(message.id, { message: stored(message), ...(parentId && { parentId }) });
    });
    touch(entry, path[path.length - 1]!.id, threadPreview(path));
  };

  const loadThread: ThreadStore["loadThread"] = async (owner, threadId) => {
    const entry = owned(owner, threadId);
    if (!entry) return undefined;
    const messages = treeOf(entry);
    const leaf = entry.activeLeafId;
    return leaf !== undefined && entry.rows.has(leaf)
      ? { messages, activeLeafId: leaf, errors: [] }
      : { messages, errors: [] };
  };

  return {
    async listThreads(owner, { cursor, limit } = {}) {
      const size = Math.min(Math.max(Math.trunc(limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
      const all = [...threads.values()]
        .filter((entry) => entry.owner === owner)
        .map((entry) => entry.thread)
        .sort(listOrder);
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rest = after ? all.filter((thread) => listOrder(after, thread) < 0) : all;
      const page = rest.slice(0, size).map(copy);
      const last = page.at(-1);
      return rest.length > size && last
        ? { threads: page, nextCursor: encodeCursor(last) }
        : { threads: page };
    },

    async getThread(owner, threadId) {
      const entry = owned(owner, threadId);
      return entry && copy(entry.thread);
    },

    async createThread(owner, { threadId = createId(), title, metadata, messages }) {
      const existing = threads.get(threadId);
      if (existing) return existing.owner === owner ? copy(existing.thread) : undefined;
      const time = now();
      const entry: MemoryThread = {
        owner,
        thread: {
          threadId,
          title,
          createdAt: time,
          updatedAt: time,
          ...(metadata && Object.keys(metadata).length > 0 && { metadata }),
        },
        rows: new Map(),
      };
      threads.set(threadId, entry);
      if (messages?.length) writeBranch(entry, messages);
      return copy(entry.thread);
    },

    async renameThread(owner, threadId, title) {
      const entry = owned(owner, threadId);
      if (!entry) return undefined;
      entry.thread.title = title;
      return copy(entry.thread);
    },

    async deleteThread(owner, threadId) {
      return owned(owner, threadId) !== undefined && threads.delete(threadId);
    },

    loadThread,

    async loadActiveBranch(owner, threadId) {
      const tree = await loadThread(owner, threadId);
      if (!tree) return undefined;
      const messages = activeBranch(tree.messages, tree.activeLeafId).map(
        ({ parentId: _parent, ...message }) => message as Message,
      );
      return { messages, errors: tree.errors };
    },

    async upsertMessage(owner, threadId, message) {
      const entry = owned(owner, threadId);
      if (!entry) return false;
      const isNew = !entry.rows.has(message.id);
      const { parentId } = message;
      entry.rows.set(message.id, { message: stored(message), ...(parentId && { parentId }) });
      // A new message extends a branch; a changed one (a reply finishing) stays where it is.
      const isLeaf = isNew || entry.activeLeafId === message.id;
      touch(
        entry,
        isLeaf ? message.id : entry.activeLeafId,
        isLeaf ? threadPreview([message]) : undefined,
      );
      return true;
    },

    async saveBranch(owner, threadId, messages) {
      const entry = owned(owner, threadId);
      if (!entry) return false;
      writeBranch(entry, messages);
      return true;
    },

    async setActiveLeaf(owner, threadId, leafId) {
      const entry = owned(owner, threadId);
      if (!entry?.rows.has(leafId)) return false;
      entry.activeLeafId = leafId;
      return true;
    },

    async interruptReplies(owner, { threadId, error = INTERRUPTED_REPLY_ERROR } = {}) {
      let marked = 0;
      for (const [id, entry] of threads) {
        if (entry.owner !== owner || (threadId !== undefined && id !== threadId)) continue;
        for (const row of entry.rows.values()) {
          const { message } = row;
          if (message.role !== "assistant" || message.status !== "streaming") continue;
          row.message = { ...message, status: "error", error };
          marked++;
        }
      }
      return marked;
    },

    ready: async () => {},
    close: async () => {
      threads.clear();
    },
  };
}
