import type { JsonPatchOperation } from "@crayonai/stream";

/** How much a log line matters: `warn` for a failed attempt that is retried, `error` for a failure. */
export type TaskLogLevel = "info" | "warn" | "error";

/** One line of a task card's log: what its agent did, and when. */
export type TaskLogLine = { at: string; level: TaskLogLevel; message: string };

/** Lines a card keeps: older ones are dropped, so a card edited many times stays small. */
export const TASK_LOG_LIMIT = 40;

/** A log line stamped now. */
export function logLine(message: string, level: TaskLogLevel = "info"): TaskLogLine {
  return { at: new Date().toISOString(), level, message };
}

/**
 * Appends `lines` to the log of the card at `index` (`log`, changed in place) and returns the
 * patch that does the same on the board: appends, then the oldest lines over the limit removed.
 */
export function appendLog(
  log: TaskLogLine[],
  index: number,
  ...lines: TaskLogLine[]
): JsonPatchOperation[] {
  const path = `/tasks/${index}/log`;
  const ops: JsonPatchOperation[] = lines.map((line) => ({
    op: "add",
    path: `${path}/-`,
    value: line,
  }));
  log.push(...lines);
  while (log.length > TASK_LOG_LIMIT) {
    log.shift();
    ops.push({ op: "remove", path: `${path}/0` });
  }
  return ops;
}
