import type { ActivityRenderer } from "@crayonai/react-ui";
import { useDemoActions } from "../DemoActions";
import {
  readWorkflowRun,
  retryCommand,
  taskTimeText,
  workflowProgressText,
} from "../viewModel/workflowRun";
import { ActivityCard } from "./ActivityCard";
import { KeyValueList } from "./KeyValueList";
import { StatusBadge } from "./StatusBadge";

/**
 * One workflow run: each task with its node, status, time, log lines and output. A failed run
 * says where and why it failed, with a button that retries it from the failed task.
 */
export const WorkflowRunView: ActivityRenderer = ({ message }) => {
  const { isRunning, send } = useDemoActions();
  const run = readWorkflowRun(message.content, isRunning);
  return (
    <ActivityCard
      title={
        <>
          {run.title}
          {run.runId && <span className="demo-muted"> · {run.runId}</span>}
          {run.retryOf && <span className="demo-muted"> · retry of {run.retryOf}</span>}
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
            {task.error && (
              <p className="demo-task__error">
                <span className="demo-label">Error</span> {task.error}
              </p>
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
      {run.failure && (
        <div className="demo-run-failure">
          <p>
            <strong>
              Failed at task {run.failure.index + 1}, {run.failure.task.title}:
            </strong>{" "}
            {run.failure.reason}
          </p>
          <button
            type="button"
            className="crayon-button"
            disabled={isRunning}
            onClick={() => send(retryCommand(run))}
          >
            Retry from {run.failure.task.title}
          </button>
          {run.failure.index > 0 && (
            <p className="demo-hint">
              The {run.failure.index === 1 ? "task" : `${run.failure.index} tasks`} before it keep
              {run.failure.index === 1 ? "s its result" : " their results"}.
            </p>
          )}
        </div>
      )}
    </ActivityCard>
  );
};
