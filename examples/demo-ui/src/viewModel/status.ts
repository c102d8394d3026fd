/** How a status looks: its words, and a tone the stylesheet colours (the words carry the meaning). */
export type StatusView = {
  label: string;
  tone: "neutral" | "active" | "success" | "warning" | "danger";
};

const STATUSES: Record<string, StatusView> = {
  pending: { label: "Pending", tone: "neutral" },
  running: { label: "Running", tone: "active" },
  retrying: { label: "Retrying", tone: "warning" },
  completed: { label: "Completed", tone: "success" },
  succeeded: { label: "Succeeded", tone: "success" },
  skipped: { label: "Skipped", tone: "neutral" },
  failed: { label: "Failed", tone: "danger" },
  stopped: { label: "Stopped", tone: "warning" },
};

/** The view of a status string; unknown statuses are shown as they are. */
export function statusView(status: string): StatusView {
  return STATUSES[status] ?? { label: status || "Unknown", tone: "neutral" };
}

/**
 * The status to show for work an activity reports as `running`: when no reply is streaming,
 * nothing will update it any more (the user stopped the reply), so it is `stopped`.
 */
export function liveStatus(status: string, isReplyRunning: boolean): string {
  return (status === "running" || status === "retrying") && !isReplyRunning ? "stopped" : status;
}
