import type { Message } from "@crayonai/stream";

/** Whether the client's copy of a reply is behind the stored one, which must then stand. */
function behind(sent: Message, stored: Message): boolean {
  if (sent.role !== "assistant" || stored.role !== "assistant") return false;
  if (sent.status === "streaming") return true;
  return stored.status === "complete" && (sent.status === "stopped" || sent.status === "error");
}

/**
 * The stored reply that `sent` is a copy of when the protocol carried no id for it (`text`,
 * `plain-text`: the client made its own): the stored reply to the same message with the same
 * text, or with more of it when the copy is behind.
 */
function sameReply(
  stored: readonly Message[],
  parentId: string | undefined,
  sent: Message,
): Message | undefined {
  if (parentId === undefined || sent.role !== "assistant" || typeof sent.content !== "string") {
    return undefined;
  }
  const text = sent.content;
  const copies = stored.filter(
    (row) =>
      row.parentId === parentId &&
      row.role === "assistant" &&
      typeof row.content === "string" &&
      (row.content === text || (behind(sent, row) && row.content.startsWith(text))),
  );
  return copies.at(-1);
}

/**
 * The thread a request carries, with the replies the server already stored in place of the
 * copies a client resends, so that saving the request never stores a reply twice nor takes it
 * back:
 * - a reply the protocol gave no id for (the client made its own) is matched to the stored one
 *   by its text, instead of being stored again next to it;
 * - a client that reloaded or lost the connection mid-reply may hold a `streaming` checkpoint
 *   of it, or a copy it marked `stopped` or `error`, while the server went on and finished it.
 *
 * Other messages are the client's to change (an approval answered turns an `awaiting_input`
 * reply `complete`). `stored` is every stored row of the thread, with its `parentId`.
 */
export function keepStoredReplies(stored: readonly Message[], sent: Message[]): Message[] {
  const byId = new Map(stored.map((message) => [message.id, message]));
  const kept: Message[] = [];
  for (const message of sent) {
    const known = byId.get(message.id) ?? sameReply(stored, kept.at(-1)?.id, message);
    if (known && (known.id !== message.id || behind(message, known))) {
      const { parentId: _parent, ...copy } = known;
      kept.push(copy as Message);
    } else kept.push(message);
  }
  return kept;
}
