import type { Message } from "@crayonai/stream";

// A thread is stored as a tree: every message with its `parentId`, in the order first saved,
// and the leaf of the branch shown last. These are the pure parts of that.

/**
 * The stored rows after saving `path` (the branch a request carried, and its reply): each
 * message of the path gets the one before it as its parent, known messages are replaced in
 * place, new ones are added at the end, and other branches stay.
 */
export function mergePath(stored: readonly Message[], path: readonly Message[]): Message[] {
  const rows = [...stored];
  const at = new Map(rows.map((message, index) => [message.id, index]));
  path.forEach((message, index) => {
    const { parentId: _given, ...rest } = message;
    const parentId = path[index - 1]?.id;
    const row = (parentId === undefined ? rest : { ...rest, parentId }) as Message;
    const known = at.get(message.id);
    if (known === undefined) {
      at.set(message.id, rows.length);
      rows.push(row);
    } else rows[known] = row;
  });
  return rows;
}

/**
 * The branch that ends at `leafId` (default: the last row), root first. Rows saved before
 * threads were trees (no `parentId` anywhere) are one branch.
 */
export function activeBranch(rows: readonly Message[], leafId?: string): Message[] {
  if (!rows.some((message) => message.parentId !== undefined)) return [...rows];
  const byId = new Map(rows.map((message) => [message.id, message]));
  const branch: Message[] = [];
  let current = (leafId !== undefined && byId.get(leafId)) || rows[rows.length - 1];
  while (current && branch.length < rows.length) {
    branch.push(current);
    current = current.parentId === undefined ? undefined : byId.get(current.parentId);
  }
  return branch.reverse();
}
