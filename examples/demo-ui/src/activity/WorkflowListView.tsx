import type { ActivityRenderer } from "@crayonai/react-ui";
import { useDemoActions } from "../DemoActions";
import { liveStatus } from "../viewModel/status";
import { readWorkflowList, triggerCommand } from "../viewModel/workflowList";
import { ActivityCard } from "./ActivityCard";
import { KeyValueList } from "./KeyValueList";
import { StatusBadge } from "./StatusBadge";

/** The workflow engine's list of deployed workflows, each with a Trigger button. */
export const WorkflowListView: ActivityRenderer = ({ message }) => {
  const { isRunning, send } = useDemoActions();
  const list = readWorkflowList(message.content);
  return (
    <ActivityCard title={list.title}>
      <ul className="demo-workflows">
        {list.workflows.map((workflow) => (
          <li key={workflow.name} className="demo-workflow">
            <div className="demo-workflow__body">
              <div className="demo-workflow__name">
                <code>{workflow.name}</code> <span className="demo-muted">v{workflow.version}</span>
              </div>
              <p className="demo-workflow__description">{workflow.description}</p>
              <KeyValueList label="Inputs" entries={workflow.inputs} />
              {workflow.lastRun && (
                <p className="demo-workflow__last-run">
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
    </ActivityCard>
  );
};
