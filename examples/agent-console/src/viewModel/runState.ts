import type { Message } from "@crayonai/stream";

/** The console's one-line run status. */
export type RunState = "idle" | "running" | "awaiting-approval" | "stopped" | "failed";

/**
 * Where the selected thread stands. `stopRequested` is whether the user pressed STOP since the
 * last run started (a stopped run may have no assistant message to carry the `stopped` status).
 */
export function runState(
  thread: { isRunning: boolean; isAwaitingInput: boolean; messages: readonly Message[] },
  stopRequested = false,
): RunState {
  if (thread.isRunning) return "running";
  if (thread.isAwaitingInput) return "awaiting-approval";
  if (stopRequested) return "stopped";
  for (let i = thread.messages.length - 1; i >= 0; i--) {
    const message = thread.messages[i]!;
    if (message.role === "user") return "idle";
    if (message.role === "assistant") {
      if (message.status === "stopped") return "stopped";
      if (message.status === "error") return "failed";
      return "idle";
    }
  }
  return "idle";
}

/** What the status line says for each state. */
export const RUN_STATE_TEXT: Record<RunState, string> = {
  idle: "Idle",
  running: "Running",
  "awaiting-approval": "Waiting for your approval",
  stopped: "Stopped",
  failed: "Failed",
};
