import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { TextAreaField } from "../TextAreaField";
import { useEditorFocus } from "../useEditorFocus";
import { attemptText, type TaskCardView as TaskCard } from "../viewModel/taskBoard";
import { ProgressBar } from "./ProgressBar";
import { StatusBadge } from "./StatusBadge";
import { TaskLogView } from "./TaskLogView";

/** Props of {@link TaskCardView}. */
export type TaskCardViewProps = {
  task: TaskCard;
  /** A reply is streaming: saving an edit stops it first. */
  isRunning: boolean;
  /** Restarts the task with `text` as its instruction: an edit, or its own prompt (Restart). */
  onEdit: (taskId: string, text: string) => void;
};

/**
 * One Workdeck task card: status, progress, attempts, why it failed, the instruction
 * (editable), what it needs, its output and its log. Saving an edit restarts the task and
 * everything downstream; it is also how a failed task is fixed. A failed or stopped task can
 * also be restarted as it is.
 */
export function TaskCardView({ task, isRunning, onEdit }: TaskCardViewProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const focus = useEditorFocus<HTMLTextAreaElement, HTMLButtonElement>(editing);
  const titleId = useId();

  const close = () => {
    focus.returnFocus();
    setDraft(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const text = draft?.trim() ?? "";
    if (!text) return;
    onEdit(task.id, text);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };
  const attempts = attemptText(task);
  const failed = task.status === "failed";
  // Work that ended unfinished can run again as it is: the source may be back, the run resumed.
  const restartable = failed || task.status === "stopped";

  return (
    <li className="demo-task-card" data-status={task.status} data-task-id={task.id}>
      <div className="demo-task-card__head">
        <h4 id={titleId} className="demo-task-card__title">
          {task.title}
        </h4>
        <StatusBadge status={task.status} />
      </div>
      <div className="demo-task-card__meta">
        <span>{task.agentType} agent</span>
        {task.revision > 1 && <span>Revision {task.revision}</span>}
        {attempts && <span className="demo-task-card__attempts">{attempts}</span>}
      </div>
      <ProgressBar value={task.progress} label={`${task.title} progress`} />
      {failed && task.error && (
        <p className="demo-task-card__error">
          <span className="demo-label">Why it failed</span> {task.error}
        </p>
      )}
      {editing ? (
        <form className="demo-task-card__editor" onSubmit={save} onKeyDown={onKeyDown}>
          <TextAreaField
            label="Instruction"
            value={draft}
            onChange={setDraft}
            rows={4}
            fieldRef={focus.fieldRef}
            hint={
              isRunning
                ? "Saving stops the current run, then restarts this task and the tasks that depend on it."
                : "Saving restarts this task and the tasks that depend on it."
            }
          />
          <div className="demo-task-card__actions">
            <button type="submit" className="crayon-button" disabled={!draft?.trim()}>
              Save and restart
            </button>
            <button
              type="button"
              className="crayon-button crayon-button--secondary"
              onClick={close}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="demo-task-card__prompt">{task.prompt}</p>
          <div className="demo-task-card__buttons">
            <button
              ref={focus.openerRef}
              type="button"
              // A failed task waits for this: the button that fixes it stands out.
              className={`crayon-button ${failed ? "" : "crayon-button--secondary "}demo-task-card__edit`}
              aria-label={`Edit ${task.title}`}
              onClick={() => setDraft(task.prompt)}
            >
              Edit
            </button>
            {restartable && (
              <button
                type="button"
                className="crayon-button crayon-button--secondary demo-task-card__edit"
                aria-label={`Restart ${task.title}`}
                onClick={() => onEdit(task.id, task.prompt)}
              >
                Restart
              </button>
            )}
          </div>
        </>
      )}
      {task.needs.length > 0 && (
        <p className="demo-task-card__needs">
          <span className="demo-label">Needs</span> {task.needs.join(", ")}
        </p>
      )}
      {task.output && (
        <p className="demo-task-card__output" data-stale={task.stale || undefined}>
          <span className="demo-label">{task.stale ? "Previous output (stale)" : "Output"}</span>{" "}
          {task.output}
        </p>
      )}
      <TaskLogView title={task.title} lines={task.log} />
    </li>
  );
}
