import type { Message, UserMessage } from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import type { UserMessageInput } from "../../types";

// Pure edits of a thread's active branch: `Message[]` in, `Message[]` out. They decide what the
// history becomes; the thread core commits it and streams the reply. Those a thread needs only
// once it has messages (regenerate, edit, answer) are in `historyRevisions.ts`, loaded on demand
// (`onDemand.ts`).

/** The index of the last assistant message if it waits for input, else -1. */
export function lastAwaitingIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant") return message.status === "awaiting_input" ? i : -1;
  }
  return -1;
}

/** The user message for what the composer sent. */
export function toUserMessage(input: UserMessageInput): UserMessage {
  const message: UserMessage = { id: createId(), role: "user", content: "" };
  if (typeof input === "string") {
    message.content = input;
    return message;
  }
  message.content = input.content;
  if (input.context) message.context = input.context;
  if (input.isVisuallyHidden) message.isVisuallyHidden = true;
  if (input.metadata) message.metadata = input.metadata;
  return message;
}

/** Loaded history first, then what was added locally and is not in it. */
export function mergeHistory(loaded: readonly Message[], local: readonly Message[]): Message[] {
  const ids = new Set(loaded.map((m) => m.id));
  return [...loaded, ...local.filter((m) => !ids.has(m.id))];
}

/**
 * The active branch with `parentId` set on the messages in `ids` (each follows the message
 * before it), so what is reported for storage places it in the tree. Returns `path` itself
 * when every one is already right, so unchanged messages keep their identity.
 */
export function withParents(path: readonly Message[], ids: ReadonlySet<string>): Message[] {
  let changed = false;
  const result = path.map((message, index) => {
    if (!ids.has(message.id)) return message;
    const parentId = path[index - 1]?.id;
    if (message.parentId === parentId) return message;
    changed = true;
    const { parentId: _stale, ...rest } = message;
    return (parentId === undefined ? rest : { ...rest, parentId }) as Message;
  });
  return changed ? result : (path as Message[]);
}
