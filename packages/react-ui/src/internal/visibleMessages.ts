import type { Message, ToolMessage } from "@crayonai/stream";

/** Whether a message is shown: system and developer messages and hidden ones are not. */
export function isVisibleMessage(message: Message): boolean {
  // A hand-built list may hold anything: what is not a message is not shown.
  if (!message || message.isVisuallyHidden) return false;
  // Tool results are shown inside the tool call that asked for them.
  return message.role !== "system" && message.role !== "developer" && message.role !== "tool";
}

/** Tool results by the id of the tool call they answer. */
export function toolResultsById(messages: readonly Message[]): Map<string, ToolMessage> {
  const results = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (message.role === "tool") results.set(message.toolCallId, message);
  }
  return results;
}

/** The last element matching `predicate` (`Array.prototype.findLast` is newer than our target). */
export function findLast<T>(items: readonly T[], predicate: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as T;
    if (predicate(item)) return item;
  }
  return undefined;
}
