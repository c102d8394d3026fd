import type { StoredThread } from "./threadTypes";

/** The columns a thread is read with ({@link ThreadRow}). */
export const THREAD_COLUMNS = "id, title, created_at, updated_at, preview, metadata";

/** A thread's row as it is read ({@link THREAD_COLUMNS}). */
export type ThreadRow = {
  id: string;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  preview: string | null;
  metadata: unknown;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A thread as the store returns it, from its row. */
export function toThread(row: ThreadRow): StoredThread {
  const metadata =
    typeof row.metadata === "string" ? (JSON.parse(row.metadata) as unknown) : row.metadata;
  const kept =
    metadata && typeof metadata === "object" && Object.keys(metadata).length > 0
      ? (metadata as Record<string, unknown>)
      : undefined;
  return {
    threadId: row.id,
    title: row.title,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...(row.preview !== null && { preview: row.preview }),
    ...(kept && { metadata: kept }),
  };
}
