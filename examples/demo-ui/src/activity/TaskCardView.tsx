import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { attemptText, type TaskCardView as TaskCard } from "../viewModel/taskBoard";
import { ProgressBar } from "./ProgressBar";
import { StatusBadge } from "./StatusBadge";

/** Props of {@link TaskCardView}. */
export type TaskCardViewProps = {
  task: TaskCard;
  /** A reply is streaming: saving an edit stops it first. */
  isRunning: boolean;
  onEdit: (taskId: string, text: string) => void;
};

/**
 * One Workdeck task card: status, progress, attempts, the instruction (editable), what it
 * needs and its output. Saving an edit restarts the task and everything downstream.
 */
export function TaskCardView({ task, isRunning, onEdit }: TaskCardViewProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const titleId = useId();
  const fieldId = useId();
  const hintId = useId();

  useEffect(() => {
    if (editing) {
      textareaRef.current?.focus();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
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
      {editing ? (
        <form className="demo-task-card__editor" onSubmit={save} onKeyDown={onKeyDown}>
          <label htmlFor={fieldId} className="demo-label">
            Instruction
          </label>
          <textarea
            id={fieldId}
            ref={textareaRef}
            className="demo-textarea"
            rows={4}
            value={draft}
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={hintId} className="demo-hint">
            {isRunning
              ? "Saving stops the current run, then restarts this task and the tasks that depend on it."
              : "Saving restarts this task and the tasks that depend on it."}
          </p>
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
          <button
            ref={editButtonRef}
            type="button"
            className="crayon-button crayon-button--secondary demo-task-card__edit"
            aria-label={`Edit ${task.title}`}
            onClick={() => setDraft(task.prompt)}
          >
            Edit
          </button>
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
    </li>
  );
}
