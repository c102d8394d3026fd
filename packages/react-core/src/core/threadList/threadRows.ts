import { markdownToPlainText } from "@crayonai/stream/text";
import type { Thread } from "../../types";

type Row = Record<string, unknown>;

function isTime(value: unknown): value is Date | string | number {
  if (!(value instanceof Date) && typeof value !== "string" && typeof value !== "number")
    return false;
  return !Number.isNaN(new Date(value).getTime());
}

/**
 * One thread from a backend, repaired where it can be: a numeric id becomes a string, a
 * missing title becomes empty (shown as "Untitled"), an unreadable `createdAt` takes
 * `updatedAt` (else the epoch), a preview becomes plain text, and unreadable optional fields
 * are left out. Undefined for a
 * row without an id.
 */
function threadFromRow(value: unknown): Thread | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const row = value as Row;
  const id = row.threadId;
  if (!((typeof id === "string" && id) || (typeof id === "number" && Number.isFinite(id))))
    return undefined;
  const updatedAt = isTime(row.updatedAt) ? row.updatedAt : undefined;
  const thread: Thread = {
    ...row,
    threadId: String(id),
    title: typeof row.title === "string" ? row.title : "",
    createdAt: isTime(row.createdAt) ? row.createdAt : (updatedAt ?? 0),
  };
  if (updatedAt === undefined) delete thread.updatedAt;
  else thread.updatedAt = updatedAt;
  // A preview is shown as one line of text: markdown a server kept in it is dropped.
  if (typeof row.preview === "string")
    thread.preview = markdownToPlainText(row.preview).replace(/\s+/g, " ");
  else delete thread.preview;
  return thread;
}

/**
 * The threads of a page a backend returned, which is untrusted: rows without an id are
 * dropped, the others repaired, and a repeated id is kept once (its first row). One bad row
 * never empties the list.
 */
export function threadsFromRows(rows: unknown): Thread[] {
  if (!Array.isArray(rows)) return [];
  const seen = new Set<string>();
  const threads: Thread[] = [];
  for (const row of rows) {
    const thread = threadFromRow(row);
    if (!thread || seen.has(thread.threadId)) continue;
    seen.add(thread.threadId);
    threads.push(thread);
  }
  return threads;
}
