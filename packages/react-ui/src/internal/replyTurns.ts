import type { Message } from "@crayonai/stream";

/**
 * A row of the message list: a user message alone, or a reply — every visible message of a turn
 * between two user messages (assistant text, reasoning, tool calls, activities), shown as one.
 */
export type ListRow = {
  /** The id of its first message: a row keeps its key (and measured height) as the reply grows. */
  key: string;
  messages: readonly Message[];
  /** The index of its first message among the visible messages. */
  first: number;
};

/** Groups visible messages into rows: each user message, and the reply after it. */
export function rowsOfTurns(visible: readonly Message[]): ListRow[] {
  const rows: ListRow[] = [];
  let reply: Message[] | undefined;
  visible.forEach((message, index) => {
    if (message.role !== "user" && reply) {
      reply.push(message);
      return;
    }
    const messages = [message];
    reply = message.role === "user" ? undefined : messages;
    rows.push({ key: message.id, messages, first: index });
  });
  return rows;
}

/** The index of the row holding the visible message at `index`. */
export function rowOfMessage(rows: readonly ListRow[], index: number): number {
  let row = 0;
  while (row + 1 < rows.length && rows[row + 1]!.first <= index) row++;
  return row;
}

/** What Copy copies from a reply: the markdown of its assistant messages, in order. */
export function replyText(messages: readonly Message[]): string {
  return messages
    .flatMap((m) => (m.role === "assistant" && m.content ? [m.content] : []))
    .join("\n\n");
}
