import type { Message } from "@crayonai/stream";

/**
 * The branch of a stored tree that ends at `leafId` (default: the last message), root first.
 * Messages saved without any `parentId` are one branch; a cycle or a missing parent ends the
 * walk instead of looping.
 */
export function activeBranch(messages: readonly Message[], leafId?: string): Message[] {
  if (!messages.some((message) => message.parentId !== undefined)) return [...messages];
  const byId = new Map(messages.map((message) => [message.id, message]));
  const branch: Message[] = [];
  let current = (leafId !== undefined && byId.get(leafId)) || messages[messages.length - 1];
  while (current && branch.length < messages.length) {
    branch.push(current);
    current = current.parentId === undefined ? undefined : byId.get(current.parentId);
  }
  return branch.reverse();
}
