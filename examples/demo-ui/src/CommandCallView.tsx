import type { ToolUIProps } from "@crayonai/react-ui";
import { ActivityCard } from "./activity/ActivityCard";
import { useDemoActions } from "./DemoActions";
import { liveToolStatus } from "./viewModel/status";

/** The arguments of the demo agent's command tools (`sandbox_exec`, `host_exec`, `docker_image_prune`). */
type CommandArgs = { command?: string; host?: string; filter?: string; network?: boolean };

/** The command line a call runs, as a terminal would show it. */
function commandLine(toolName: string, args: CommandArgs | undefined): string {
  if (typeof args?.command === "string") return args.command;
  if (toolName === "docker_image_prune") {
    return `docker image prune --force${args?.filter ? ` --filter ${args.filter}` : ""}`;
  }
  return toolName;
}

/**
 * The demo agent's command tools (CrevnClaw) as a terminal card: where it runs, the command, its output, and
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
  // The command runs on the agent's side: once no reply streams, no result will come.
  const { isRunning } = useDemoActions();
  const shown = liveToolStatus(status, isRunning);
  const where = typeof args?.host === "string" ? args.host : "sandbox";
  const output =
    typeof result === "string" ? result : result === undefined ? "" : JSON.stringify(result);
  return (
    <ActivityCard title={`${toolName} on ${where}`} status={shown}>
      <pre className="demo-command">
        <span aria-hidden="true">$ </span>
        {commandLine(toolName, args)}
        {args?.network === false && <span className="demo-command__note"> (no network)</span>}
      </pre>
      {output && <pre className="demo-command demo-command--output">{output}</pre>}
      {error && status !== "rejected" && <p className="demo-command__error">{error}</p>}
      {status === "awaiting-approval" && (
        <div className="demo-command__decision">
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
    </ActivityCard>
  );
}
