import type { WorkdeckExample } from "@crayonai/demo-agent/client";
import { TextAreaField, useEditorFocus } from "@crayonai/demo-ui";
import { type FormEvent, useId, useState } from "react";

/** Props of {@link NewActionForm}. */
export type NewActionFormProps = {
  /** The prompts the planner knows, offered to fill in. */
  examples: readonly WorkdeckExample[];
  /** Creating is not possible yet (the thread list loads). */
  disabled: boolean;
  onCreate: (prompt: string) => void;
};

/**
 * "New action": a button that opens a form asking for the action's prompt. The planner is
 * scripted, so the form says which prompts it knows and offers them to fill in.
 */
export function NewActionForm({ examples, disabled, onCreate }: NewActionFormProps) {
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState("");
  const focus = useEditorFocus<HTMLTextAreaElement, HTMLButtonElement>(open);
  const headingId = useId();
  const examplesId = useId();

  const close = () => {
    focus.returnFocus();
    setOpen(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (!text || disabled) return;
    onCreate(text);
    setPrompt("");
    setOpen(false);
  };

  if (!open) {
    return (
      <button
        ref={focus.openerRef}
        type="button"
        className="crayon-button console-new-action__open"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">+ </span>New action
      </button>
    );
  }
  return (
    <form
      className="console-new-action"
      aria-labelledby={headingId}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <h3 id={headingId} className="console-new-action__heading">
        New action
      </h3>
      <TextAreaField
        label="What should the action do?"
        labelClassName="console-new-action__label"
        value={prompt}
        onChange={setPrompt}
        rows={3}
        fieldRef={focus.fieldRef}
        hint="The planner here is scripted, not a model: it picks one of these plans by the words of your prompt, and says so when none fits."
      />
      <p id={examplesId} className="console-new-action__examples-label">
        Prompts the planner knows (pick one to fill it in):
      </p>
      <ul className="console-new-action__examples" aria-labelledby={examplesId}>
        {examples.map((example) => (
          <li key={example.title}>
            <button
              type="button"
              className="console-new-action__example"
              onClick={() => {
                setPrompt(example.prompt);
                focus.fieldRef.current?.focus();
              }}
            >
              <span className="console-new-action__example-title">{example.title}</span>
              <span className="console-new-action__example-prompt">{example.prompt}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="console-new-action__actions">
        <button type="submit" className="crayon-button" disabled={disabled || !prompt.trim()}>
          Create and run
        </button>
        <button type="button" className="crayon-button crayon-button--secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
