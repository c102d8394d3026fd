import type { Message } from "@crayonai/stream";

/** The newest reasoning of the thread, for the live thought stream. */
export type LatestThought = {
  content: string;
  isThinking: boolean;
  /** Its position among the thread's reasoning messages (1-based). */
  number: number;
};

/** The thread's latest reasoning message, or undefined when it has none. */
export function latestThought(messages: readonly Message[]): LatestThought | undefined {
  let latest: LatestThought | undefined;
  let number = 0;
  for (const message of messages) {
    if (message.role !== "reasoning") continue;
    number += 1;
    latest = { content: message.content, isThinking: message.isThinking === true, number };
  }
  return latest;
}
