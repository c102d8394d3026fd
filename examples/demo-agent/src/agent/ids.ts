/**
 * A fresh id for a message, tool call or activity. Ids must be unique within a thread (a
 * regenerated reply sits next to the old one), so they are random; nothing a user reads is.
 */
export function createId(prefix: string): string {
  return `${prefix}-${globalThis.crypto.randomUUID()}`;
}
