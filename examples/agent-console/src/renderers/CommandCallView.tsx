import type { ToolCallStatus, ToolUIProps } from "@crayonai/react-ui";
import { ConsoleCard } from "./ConsoleCard";

/** The arguments of the console's command tools (`sandbox_exec`, `host_exec`, `docker_image_prune`). */
type CommandArgs = { command?: string; host?: string; filter?: string; network?: boolean };

/** The console badge for a call's status. */
const BADGES: Partial<Record<ToolCallStatus, string>> = {
  "streaming-args": "pending",
  running: "running",
  "awaiting-approval": "Needs approval",
  approved: "running",
  rejected: "Rejected",
  complete: "completed",
  error: "failed",
  incomplete: "stopped",
};

/** The command line a call runs, as a terminal would show it. */
function commandLine(toolName: string, args: CommandArgs | undefined): string {
  if (typeof args?.command === "string") return args.command;
  if (toolName === "docker_image_prune") {
    return `docker image prune --force${args?.filter ? ` --filter ${args.filter}` : ""}`;
  }
  return toolName;
}

/**
 * The console's command tools as a terminal card: where it runs, the command, its output, and
 * Approve / Reject right on the card when the agent asks before a destructive command.
 */
export function CommandCallView({
  toolName,
  args,
  status,
  result,
  error,
  approve,
  reject,
}: ToolUIProps<CommandArgs, string>) {
  const where = typeof args?.host === "string" ? args.host : "sandbox";
  const output =
    typeof result === "string" ? result : result === undefined ? "" : JSON.stringify(result);
  return (
    <ConsoleCard title={`${toolName} on ${where}`} status={BADGES[status] ?? status}>
      <pre className="console-command">
        <span aria-hidden="true">$ </span>
        {commandLine(toolName, args)}
        {args?.network === false && <span className="console-command__note"> (no network)</span>}
      </pre>
      {output && <pre className="console-command console-command--output">{output}</pre>}
      {error && status !== "rejected" && <p className="console-command__error">{error}</p>}
      {status === "awaiting-approval" && (
        <div className="console-command__decision">
          <button type="button" className="crayon-button" onClick={() => approve().catch(() => {})}>
            Approve
          </button>
          <button
            type="button"
            className="crayon-button crayon-button--secondary"
            onClick={() => reject().catch(() => {})}
          >
            Reject
          </button>
        </div>
      )}
    </ConsoleCard>
  );
}
