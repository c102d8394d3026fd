import { createId as uniqueId } from "@crayonai/stream/ids";

/**
 * A fresh id for a message, tool call or activity. Ids must be unique within a thread (a
 * regenerated reply sits next to the old one), so they are random; nothing a user reads is.
 * Made as the SDK makes them: the in-page agent also runs on plain-http pages, where
 * `crypto.randomUUID` is missing.
 */
export function createId(prefix: string): string {
  return `${prefix}-${uniqueId()}`;
}
