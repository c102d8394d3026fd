import type { ActivityRenderer } from "@crayonai/react-ui";
import { useConsole } from "../ConsoleContext";
import { liveStatus } from "../viewModel/status";
import { readWorkflowList, triggerCommand } from "../viewModel/workflowList";
import { ConsoleCard } from "./ConsoleCard";
import { KeyValueList } from "./KeyValueList";
import { StatusBadge } from "./StatusBadge";

/** The workflow engine's list of deployed workflows, each with a Trigger button. */
export const WorkflowListView: ActivityRenderer = ({ message }) => {
  const { isRunning, send } = useConsole();
  const list = readWorkflowList(message.content);
  return (
    <ConsoleCard title={list.title}>
      <ul className="console-workflows">
        {list.workflows.map((workflow) => (
          <li key={workflow.name} className="console-workflow">
            <div className="console-workflow__body">
              <div className="console-workflow__name">
                <code>{workflow.name}</code>{" "}
                <span className="console-muted">v{workflow.version}</span>
              </div>
              <p className="console-workflow__description">{workflow.description}</p>
              <KeyValueList label="Inputs" entries={workflow.inputs} />
              {workflow.lastRun && (
                <p className="console-workflow__last-run">
                  Last run {workflow.lastRun.runId}:{" "}
                  <StatusBadge status={liveStatus(workflow.lastRun.status, isRunning)} />
                </p>
              )}
            </div>
            <button
              type="button"
              className="crayon-button"
              aria-label={`Trigger ${workflow.name}`}
              disabled={isRunning}
              onClick={() => send(triggerCommand(workflow))}
            >
              Trigger
            </button>
          </li>
        ))}
      </ul>
    </ConsoleCard>
  );
};
