import type { Message } from "../message";

/**
 * One problem {@link validateMessages} found in a message list: a message it had to leave out,
 * or a field it removed or replaced so the message could be kept.
 */
export type MalformedMessageError = {
  code: "malformed_message";
  /** The message's position in the list that was validated. */
  index: number;
  /** The message's id, when it has a usable one. */
  id?: string;
  /** The message's role, when it has a usable one. */
  role?: string;
  /** Where in the message the problem is, e.g. `content[2].source` or `toolCalls`. */
  path: string;
  /** What was wrong and what was done about it. */
  message: string;
};

/** What {@link validateMessages} returns. */
export type MessageValidation = {
  /**
   * The messages that can be kept, in order: valid ones unchanged (the same objects), repaired
   * ones as repaired copies.
   */
  messages: Message[];
  /** Every message left out and every repair, in list order. Empty when all were valid. */
  errors: MalformedMessageError[];
};

/** The first problem of a list, and how many more there are: `message 2 (path): what (and 3 more)`. */
export function describeMalformed(errors: readonly MalformedMessageError[]): string {
  const [first] = errors;
  if (!first) return "";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return `message ${first.index}${first.path ? ` (${first.path})` : ""}: ${first.message}${more}`;
}
