import type { MalformedMessageError } from "@crayonai/stream";
import type { BodyError } from "./bodyError";

/**
 * The 400 body for messages `validateMessages` found fault with: the same check the SDK runs on
 * everything it loads, so nothing stored here can break a client later. Each issue's path starts
 * with `at(index)`, the body field that held the message (`messages.0` unless told otherwise).
 */
export function messagesError(
  errors: readonly MalformedMessageError[],
  at: (index: number) => string = (index) => `messages.${index}`,
): BodyError {
  const issues = errors.map((error) => ({
    path: [at(error.index), error.path].filter(Boolean).join("."),
    message: error.message,
  }));
  const first = issues[0]!;
  return { error: `The messages are not valid: ${first.path}: ${first.message}`, issues };
}
