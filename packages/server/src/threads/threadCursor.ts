// A page ends at a thread; the next page starts after it in (updated_at, id) order. The cursor
// carries both, so threads that move to the top between two pages never make one skip or
// repeat a thread that stayed.

/** Where a page of the thread list ended. */
export type ThreadCursor = { updatedAt: string; threadId: string };

/** The opaque `nextCursor` for a page that ended at this thread. */
export function encodeCursor(cursor: ThreadCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.threadId])).toString("base64url");
}

/** The position a `nextCursor` names, or undefined when it is not one. */
export function decodeCursor(text: string): ThreadCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [updatedAt, threadId] = value;
    if (typeof updatedAt !== "string" || typeof threadId !== "string") return undefined;
    if (Number.isNaN(Date.parse(updatedAt))) return undefined;
    return { updatedAt, threadId };
  } catch {
    return undefined;
  }
}
