import type { Message } from "@crayonai/stream";
import { NOW } from "./databaseClock";
import type { SqlExecutor } from "./sqlDatabase";
import { MESSAGES_TABLE } from "./threadSchema";

/** A message as its row keeps it: the tree link in its own column, not in the JSON. */
export function toMessageRow(message: Message, parentId: string | undefined) {
  const { parentId: _link, ...rest } = message;
  return { id: message.id, parentId: parentId ?? null, json: JSON.stringify(rest) };
}

/**
 * Inserts or replaces messages by id, keeping each one's place (position) when it is known; a
 * row that would not change is not written. Returns the ids that were new.
 */
export async function writeMessages(
  tx: SqlExecutor,
  threadId: string,
  rows: readonly { id: string; parentId: string | null; json: string }[],
): Promise<Set<string>> {
  const written = await tx.query<{ id: string; inserted: boolean }>(
    `INSERT INTO ${MESSAGES_TABLE} AS m (thread_id, id, parent_id, json, created_at, updated_at)
     SELECT $1, u.id, u.parent_id, u.json, ${NOW}, ${NOW}
     FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(id, parent_id, json, n)
     ORDER BY u.n
     ON CONFLICT (thread_id, id) DO UPDATE
       SET parent_id = excluded.parent_id, json = excluded.json, updated_at = excluded.updated_at
       WHERE m.json IS DISTINCT FROM excluded.json OR m.parent_id IS DISTINCT FROM excluded.parent_id
     RETURNING m.id, (m.xmax = 0) AS inserted`,
    [threadId, rows.map((r) => r.id), rows.map((r) => r.parentId), rows.map((r) => r.json)],
  );
  return new Set(written.filter((row) => row.inserted).map((row) => row.id));
}
