import { type FormEvent, useId, useState } from "react";
import { liveStatus } from "../viewModel/status";
import {
  defaultInputs,
  emptyInputs,
  triggerCommand,
  type WorkflowEntry,
} from "../viewModel/workflowList";
import { StatusBadge } from "./StatusBadge";

/** Props of {@link WorkflowCard}. */
export type WorkflowCardProps = {
  workflow: WorkflowEntry;
  /** A reply is streaming: Trigger waits for it. */
  isRunning: boolean;
  /** Sends the command that triggers the workflow with the inputs as the fields have them. */
  onTrigger: (command: string) => void;
};

/**
 * One deployed workflow: its inputs as labelled fields filled with their defaults, which the
 * user may change before pressing Trigger (Enter in a field triggers too).
 */
export function WorkflowCard({ workflow, isRunning, onTrigger }: WorkflowCardProps) {
  const [values, setValues] = useState(() => defaultInputs(workflow));
  const id = useId();
  const empty = emptyInputs(workflow, values);
  const edited = workflow.inputs.some(([key, value]) => values[key] !== value);
  const trigger = (event: FormEvent) => {
    event.preventDefault();
    if (!isRunning && empty.length === 0) onTrigger(triggerCommand(workflow, values));
  };
  return (
    <li className="demo-workflow">
      <form onSubmit={trigger}>
        <div className="demo-workflow__name">
          <code>{workflow.name}</code> <span className="demo-muted">v{workflow.version}</span>
        </div>
        <p className="demo-workflow__description">{workflow.description}</p>
        {workflow.inputs.length > 0 && (
          <fieldset className="demo-workflow__inputs">
            <legend className="demo-label">
              Inputs<span className="crayon-visually-hidden"> of {workflow.name}</span>
            </legend>
            {workflow.inputs.map(([key, fallback]) => {
              const value = values[key] ?? "";
              const hint = !value.trim()
                ? "Required"
                : value !== fallback
                  ? `Default: ${fallback}`
                  : "";
              return (
                <div key={key} className="demo-field" data-invalid={!value.trim() || undefined}>
                  <label htmlFor={`${id}-${key}`}>{key}</label>
                  <input
                    id={`${id}-${key}`}
                    className="demo-input"
                    type="text"
                    value={value}
                    required
                    spellCheck={false}
                    aria-invalid={!value.trim() || undefined}
                    aria-describedby={hint ? `${id}-${key}-hint` : undefined}
                    onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                  />
                  {hint && (
                    <span id={`${id}-${key}-hint`} className="demo-field__hint">
                      {hint}
                    </span>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {workflow.lastRun && (
          <p className="demo-workflow__last-run">
            Last run {workflow.lastRun.runId}:{" "}
            <StatusBadge status={liveStatus(workflow.lastRun.status, isRunning)} />
          </p>
        )}
        <div className="demo-workflow__actions">
          <button
            type="submit"
            className="crayon-button"
            aria-label={`Trigger ${workflow.name}`}
            disabled={isRunning || empty.length > 0}
          >
            Trigger
          </button>
          {edited && (
            <button
              type="button"
              className="crayon-button crayon-button--secondary"
              onClick={() => setValues(defaultInputs(workflow))}
            >
              Reset inputs
            </button>
          )}
        </div>
      </form>
    </li>
  );
}
