import { createId } from "@crayonai/stream/ids";
import { NOW } from "./databaseClock";
import { writeMessages } from "./messageRows";
import type { SqlExecutor } from "./sqlDatabase";
import { MESSAGES_TABLE, THREADS_TABLE } from "./threadSchema";

type CandidateRow = {
  thread_id: string;
  id: string;
  json: string;
  parent_json: string | null;
  active_leaf_id: string | null;
  is_leaf: boolean;
};

const parse = (json: string | null): Record<string, unknown> | undefined => {
  try {
    const value = json === null ? undefined : JSON.parse(json);
    return value && typeof value === "object" ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Marks the owner's replies left `streaming` as interrupted, in `tx` (see
 * `ThreadStore.interruptReplies`): an answer left `streaming` gets status `error` and `error`.
 * Reasoning left thinking stops thinking; when the reply was cut while it only reasoned (the
 * reasoning follows the user's message and nothing follows it), an empty answer, interrupted,
 * is added after it, so the turn offers Retry like any other cut reply instead of "Thinking…"
 * for ever. Resolves to how many answers were marked or added.
 */
export async function markRepliesInterrupted(
  tx: SqlExecutor,
  owner: string,
  threadId: string | undefined,
  error: string,
): Promise<number> {
  // The LIKEs keep the scan to rows that can be cut off; the JSON says which are.
  const rows = await tx.query<CandidateRow>(
    `SELECT m.thread_id, m.id, m.json, p.json AS parent_json, t.active_leaf_id,
            NOT EXISTS (SELECT 1 FROM ${MESSAGES_TABLE} c
                        WHERE c.thread_id = m.thread_id AND c.parent_id = m.id) AS is_leaf
     FROM ${MESSAGES_TABLE} m JOIN ${THREADS_TABLE} t ON t.id = m.thread_id
     LEFT JOIN ${MESSAGES_TABLE} p ON p.thread_id = m.thread_id AND p.id = m.parent_id
     WHERE t.owner = $1 AND ($2::text IS NULL OR t.id = $2)
       AND (m.json LIKE '%"streaming"%' OR m.json LIKE '%"isThinking":true%')
     FOR UPDATE OF m`,
    [owner, threadId ?? null],
  );
  const updated: { threadId: string; id: string; json: string }[] = [];
  const added: { threadId: string; id: string; parentId: string; json: string; leaf: boolean }[] =
    [];
  let answersMarked = 0;
  for (const row of rows) {
    const message = parse(row.json);
    if (message?.role === "assistant" && message.status === "streaming") {
      updated.push({
        threadId: row.thread_id,
        id: row.id,
        json: JSON.stringify({ ...message, status: "error", error }),
      });
      answersMarked++;
    } else if (message?.role === "reasoning" && message.isThinking === true) {
      const { isThinking: _stopped, ...rest } = message;
      updated.push({ threadId: row.thread_id, id: row.id, json: JSON.stringify(rest) });
      if (row.is_leaf && parse(row.parent_json)?.role === "user") {
        const answer = { id: createId(), role: "assistant", content: "", status: "error", error };
        added.push({
          threadId: row.thread_id,
          id: answer.id,
          parentId: row.id,
          json: JSON.stringify(answer),
          leaf: row.active_leaf_id === row.id,
        });
      }
    }
  }
  if (updated.length > 0) {
    await tx.query(
      `UPDATE ${MESSAGES_TABLE} AS m SET json = u.json, updated_at = ${NOW}
       FROM unnest($1::text[], $2::text[], $3::text[]) AS u(thread_id, id, json)
       WHERE m.thread_id = u.thread_id AND m.id = u.id`,
      [updated.map((m) => m.threadId), updated.map((m) => m.id), updated.map((m) => m.json)],
    );
  }
  for (const answer of added) {
    await writeMessages(tx, answer.threadId, [answer]);
    // The thread opens on the answer, as it opened on the reasoning (not activity: its place in
    // the list stays).
    if (answer.leaf) {
      await tx.query(`UPDATE ${THREADS_TABLE} SET active_leaf_id = $2 WHERE id = $1`, [
        answer.threadId,
        answer.id,
      ]);
    }
  }
  return answersMarked + added.length;
}
