import type { ActivityRenderer } from "@crayonai/react-ui";
import { useConsole } from "../ConsoleContext";
import { readWorkflowRun, taskTimeText, workflowProgressText } from "../viewModel/workflowRun";
import { ConsoleCard } from "./ConsoleCard";
import { KeyValueList } from "./KeyValueList";
import { StatusBadge } from "./StatusBadge";

/** One workflow run: each task with its node, status, time, log lines and output. */
export const WorkflowRunView: ActivityRenderer = ({ message }) => {
  const { isRunning } = useConsole();
  const run = readWorkflowRun(message.content, isRunning);
  return (
    <ConsoleCard
      title={
        <>
          {run.title}
          {run.runId && <span className="console-muted"> · {run.runId}</span>}
        </>
      }
      status={run.status}
    >
      <p className="console-summary">{workflowProgressText(run)}</p>
      <KeyValueList label="Inputs" entries={run.inputs} />
      <ol className="console-tasks" aria-label="Tasks">
        {run.tasks.map((task) => (
          <li key={task.id} className="console-task" data-status={task.status}>
            <div className="console-task__head">
              <span className="console-task__title">{task.title}</span>
              <code className="console-task__node">
                {task.kind}: {task.node}
              </code>
              <span className="console-task__meta">
                <StatusBadge status={task.status} />
                {taskTimeText(task) && (
                  <span className="console-task__time">{taskTimeText(task)}</span>
                )}
              </span>
            </div>
            {task.logs.length > 0 && (
              <ul className="console-log" aria-label={`${task.title} log`}>
                {task.logs.map((line, index) => (
                  // Log lines are appended, never reordered: the index is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
            {task.output && (
              <p className="console-task__output">
                <span className="console-label">Output</span> {task.output}
              </p>
            )}
          </li>
        ))}
      </ol>
      <KeyValueList label="Outputs" entries={run.outputs} />
    </ConsoleCard>
  );
};
