import type { ActivityRenderer } from "@crayonai/react-ui";
import { useDemoActions } from "../DemoActions";
import { readWorkflowRun, taskTimeText, workflowProgressText } from "../viewModel/workflowRun";
import { ActivityCard } from "./ActivityCard";
import { KeyValueList } from "./KeyValueList";
import { StatusBadge } from "./StatusBadge";

/** One workflow run: each task with its node, status, time, log lines and output. */
export const WorkflowRunView: ActivityRenderer = ({ message }) => {
  const { isRunning } = useDemoActions();
  const run = readWorkflowRun(message.content, isRunning);
  return (
    <ActivityCard
      title={
        <>
          {run.title}
          {run.runId && <span className="demo-muted"> · {run.runId}</span>}
        </>
      }
      status={run.status}
    >
      <p className="demo-summary">{workflowProgressText(run)}</p>
      <KeyValueList label="Inputs" entries={run.inputs} />
      <ol className="demo-tasks" aria-label="Tasks">
        {run.tasks.map((task) => (
          <li key={task.id} className="demo-task" data-status={task.status}>
            <div className="demo-task__head">
              <span className="demo-task__title">{task.title}</span>
              <code className="demo-task__node">
                {task.kind}: {task.node}
              </code>
              <span className="demo-task__meta">
                <StatusBadge status={task.status} />
                {taskTimeText(task) && (
                  <span className="demo-task__time">{taskTimeText(task)}</span>
                )}
              </span>
            </div>
            {task.logs.length > 0 && (
              <ul className="demo-log" aria-label={`${task.title} log`}>
                {task.logs.map((line, index) => (
                  // Log lines are appended, never reordered: the index is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
            {task.output && (
              <p className="demo-task__output">
                <span className="demo-label">Output</span> {task.output}
              </p>
            )}
          </li>
        ))}
      </ol>
      <KeyValueList label="Outputs" entries={run.outputs} />
    </ActivityCard>
  );
};
