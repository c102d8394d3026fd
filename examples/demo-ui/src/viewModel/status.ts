import type { ToolCallStatus } from "@crayonai/react-ui";

/** How a status looks: its words, and a tone the stylesheet colours (the words carry the meaning). */
export type StatusView = {
  label: string;
  tone: "neutral" | "active" | "success" | "warning" | "danger";
};

/**
 * Every status a demo card shows: the demo agent's activity statuses (workflow runs and tasks,
 * Workdeck cards, Cyrus subroutines), `stopped` for work a stopped reply left, and each status
 * a tool call can have.
 */
export type DemoStatus =
  | "pending"
  | "running"
  | "retrying"
  | "completed"
  | "succeeded"
  | "skipped"
  | "failed"
  | "cancelled"
  | "stopped"
  | ToolCallStatus;

/** The one status → label map of the demo cards (activities and tool calls alike). */
export const STATUS_VIEWS: Readonly<Record<DemoStatus, StatusView>> = {
  pending: { label: "Pending", tone: "neutral" },
  running: { label: "Running", tone: "active" },
  retrying: { label: "Retrying", tone: "warning" },
  completed: { label: "Completed", tone: "success" },
  succeeded: { label: "Succeeded", tone: "success" },
  skipped: { label: "Skipped", tone: "neutral" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Not run", tone: "neutral" },
  stopped: { label: "Stopped", tone: "warning" },
  "streaming-args": { label: "Preparing", tone: "active" },
  // A server tool's result is on its way (a tool UI for a client tool would ask for it).
  "awaiting-result": { label: "Running", tone: "active" },
  "awaiting-approval": { label: "Needs approval", tone: "warning" },
  approved: { label: "Approved", tone: "active" },
  rejected: { label: "Rejected", tone: "neutral" },
  complete: { label: "Completed", tone: "success" },
  error: { label: "Failed", tone: "danger" },
  incomplete: { label: "Stopped", tone: "warning" },
};

function isDemoStatus(status: string): status is DemoStatus {
  return Object.hasOwn(STATUS_VIEWS, status);
}

/**
 * The view of a status string. A status the map does not know (from a newer agent) still
 * reads as words: "needs-review" becomes "Needs review".
 */
export function statusView(status: string): StatusView {
  if (isDemoStatus(status)) return STATUS_VIEWS[status];
  const words = status.replace(/[-_]+/g, " ").trim();
  return { label: words ? words[0]!.toUpperCase() + words.slice(1) : "Unknown", tone: "neutral" };
}

/**
 * The status to show for work an activity reports as `running`: when no reply is streaming,
 * nothing will update it any more (the user stopped the reply), so it is `stopped`.
 */
export function liveStatus(status: string, isReplyRunning: boolean): string {
  return (status === "running" || status === "retrying") && !isReplyRunning ? "stopped" : status;
}

/** Tool-call statuses that only last while the reply streams. */
const IN_FLIGHT: ReadonlySet<ToolCallStatus> = new Set([
  "streaming-args",
  "running",
  "awaiting-result",
  "approved",
]);

/**
 * The status to show for a server-run tool call: one still in flight when no reply streams
 * will get no result any more (the reply was stopped), so it is `incomplete` (Stopped).
 */
export function liveToolStatus(status: ToolCallStatus, isReplyRunning: boolean): ToolCallStatus {
  return IN_FLIGHT.has(status) && !isReplyRunning ? "incomplete" : status;
}
