let counter = 0;

/**
 * A unique id for a message the protocol did not name. `crypto.randomUUID` is missing outside
 * secure contexts (plain-http pages), so fall back to time + counter + randomness there.
 */
export function createId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `msg-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
