import type { CrayonStreamEvent } from "../events";
import type { Message } from "../message";

/**
 * Returns a function that gives an event its own message ids where it names a message of the
 * history that this response may not continue. Some servers reuse an id across requests (an
 * OpenAI-compatible server that repeats its completion id): without this, the new reply would
 * be appended into an earlier, finished message. Each locked id maps to one fresh id, so all
 * the events of that message still land together. Activities are never locked: they are
 * updated across runs by design.
 */
export function lockedMessageIds(
  history: readonly Message[],
  continues: readonly string[],
  generateId: () => string,
): (event: CrayonStreamEvent) => CrayonStreamEvent {
  const open = new Set(continues);
  const locked = new Set<string>();
  for (const message of history) {
    // An activity is a live document that a later run may update (a task board whose card is
    // edited and re-run): its id stays open.
    if (!open.has(message.id) && message.role !== "activity") locked.add(message.id);
  }
  const fresh = new Map<string, string>();
  const own = (id: string): string => {
    let mapped = fresh.get(id);
    if (mapped === undefined) {
      mapped = generateId();
      fresh.set(id, mapped);
    }
    return mapped;
  };
  return (event) => {
    if (event.type === "messages-snapshot") return event;
    const fields = event as { messageId?: unknown; parentMessageId?: unknown };
    const { messageId, parentMessageId } = fields;
    const messageLocked = typeof messageId === "string" && locked.has(messageId);
    const parentLocked = typeof parentMessageId === "string" && locked.has(parentMessageId);
    if (!messageLocked && !parentLocked) return event;
    // Copied, not changed: the caller's event objects are never mutated.
    return {
      ...event,
      ...(messageLocked && { messageId: own(messageId) }),
      ...(parentLocked && { parentMessageId: own(parentMessageId) }),
    } as CrayonStreamEvent;
  };
}
