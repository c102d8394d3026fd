import { type Message, validateMessages } from "@crayonai/stream";
import type { StoredRowError } from "./threadTypes";

/** A message row as it is read: the JSON is untrusted (edited, truncated, from an old version). */
export type MessageRow = { id: string; parent_id: string | null; json: string };

/**
 * The messages of stored rows, each with its `parentId` from its row, and an error entry for
 * every row that is not a valid message (left out) or had to be repaired (kept repaired).
 * Never throws.
 */
export function readStoredMessages(rows: readonly MessageRow[]): {
  messages: Message[];
  errors: StoredRowError[];
} {
  const errors: StoredRowError[] = [];
  const candidates: unknown[] = [];
  const candidateIds: string[] = [];
  const fail = (messageId: string, problem: string, path = "") =>
    errors.push({ code: "malformed_row", messageId, path, problem });

  for (const row of rows) {
    let value: unknown;
    try {
      value = JSON.parse(row.json);
    } catch {
      fail(row.id, "not JSON; left out");
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      fail(row.id, "not an object; left out");
      continue;
    }
    const { parentId: _stored, ...message } = value as Record<string, unknown>;
    if (message.id !== row.id) {
      fail(row.id, "its id is not its row's; left out", "id");
      continue;
    }
    // The row's parent is the truth: it is what the tree was saved with.
    candidates.push(row.parent_id === null ? message : { ...message, parentId: row.parent_id });
    candidateIds.push(row.id);
  }

  const { messages, errors: invalid } = validateMessages(candidates);
  for (const error of invalid)
    fail(candidateIds[error.index] ?? error.id ?? "", error.message, error.path);
  return { messages, errors };
}
