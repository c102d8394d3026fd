let counter = 0;

/**
 * Makes a unique message id, the accumulator's default `generateId`. Exported as
 * `@crayonai/stream/ids` so code above it (React bindings, servers) makes ids the same way.
 * `crypto.randomUUID` is missing outside secure contexts (plain-http pages), so fall back to
 * time + counter + randomness there.
 *
 * @example
 * ```ts
 * import { createId } from "@crayonai/stream/ids";
 * const message = { id: createId(), role: "user", content: "Hi" };
 * ```
 */
export function createId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `msg-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
