import { type Message, validateMessages } from "@crayonai/stream";

/**
 * The messages a thread shows, from what `loadThread` returned: a flat list as it is, or the
 * stored tree's active branch (from `activeLeafId`, else the last message, up its `parentId`s).
 * Stored data is not trusted: malformed messages are left out (`validateMessages`), as the chat
 * itself does when it opens the thread.
 */
export function loadedMessages(loaded: unknown): Message[] {
  if (Array.isArray(loaded)) return validateMessages(loaded).messages;
  if (typeof loaded !== "object" || loaded === null) return [];
  const { messages, activeLeafId } = loaded as { messages?: unknown; activeLeafId?: unknown };
  if (!Array.isArray(messages)) return [];
  const all = validateMessages(messages).messages;
  if (!all.some((message) => message.parentId !== undefined)) return all;
  const byId = new Map(all.map((message) => [message.id, message]));
  const branch: Message[] = [];
  let message = typeof activeLeafId === "string" ? byId.get(activeLeafId) : all.at(-1);
  while (message && !branch.includes(message)) {
    branch.push(message);
    message = message.parentId === undefined ? undefined : byId.get(message.parentId);
  }
  return branch.reverse();
}
