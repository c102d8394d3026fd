import type { MalformedMessageError } from "@crayonai/stream";
import type { BodyError } from "./bodyError";

/**
 * The 400 body for messages `validateMessages` found fault with: the same check the SDK runs on
 * everything it loads, so nothing stored here can break a client later.
 */
export function messagesError(errors: readonly MalformedMessageError[]): BodyError {
  const issues = errors.map((error) => ({
    path: ["messages", error.index, error.path].filter((part) => part !== "").join("."),
    message: error.message,
  }));
  const first = issues[0]!;
  return { error: `The messages are not valid: ${first.path}: ${first.message}`, issues };
}
