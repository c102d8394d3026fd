import type { ActivityMessage, JSONValue, Message, UserMessage } from "@crayonai/stream";

/** The object items of a user message's `context` (other values are skipped). */
export function contextObjects(message: UserMessage | undefined): Record<string, JSONValue>[] {
  return (message?.context ?? []).filter(
    (item): item is Record<string, JSONValue> =>
      typeof item === "object" && item !== null && !Array.isArray(item),
  );
}

/** The newest activity message of `activityType` that satisfies `accept`. */
export function findLatestActivity(
  messages: readonly Message[],
  activityType: string,
  accept: (message: ActivityMessage) => boolean = () => true,
): ActivityMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "activity" && message.activityType === activityType && accept(message)) {
      return message;
    }
  }
  return undefined;
}
