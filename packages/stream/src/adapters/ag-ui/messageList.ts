import type { Role } from "@ag-ui/core";
import { isRecord } from "../../internal/jsonData";
import type { Message } from "../../message";

const ROLES: readonly unknown[] = [
  "developer",
  "system",
  "assistant",
  "user",
  "tool",
  "activity",
  "reasoning",
] satisfies Role[];

/**
 * True when `list` (the `messages` of an AG-UI `MESSAGES_SNAPSHOT`) can be used as Crayon
 * messages as it is.
 *
 * AG-UI 1.0 messages are a structural subset of Crayon's (same field names and shapes, content
 * parts included), so no conversion is needed and every field is kept. A snapshot replaces the
 * whole thread, so it is all or nothing: one entry without a string `id` or a known `role`
 * rejects the snapshot (the caller reports it as malformed) rather than dropping messages.
 */
export function isMessageList(list: unknown[]): list is Message[] {
  return list.every(
    (message) =>
      isRecord(message) && typeof message.id === "string" && ROLES.includes(message.role),
  );
}
