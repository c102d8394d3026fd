import { type ReactNode, type Ref, useId } from "react";

/** Props of {@link TextAreaField}. */
export type TextAreaFieldProps = {
  label: ReactNode;
  labelClassName?: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  /** What happens with the text: shown below the field, and its description. */
  hint: ReactNode;
  fieldRef?: Ref<HTMLTextAreaElement>;
};

/** A labelled text area with a hint below it that describes it (Workdeck's instruction and prompt fields). */
export function TextAreaField({
  label,
  labelClassName = "demo-label",
  value,
  onChange,
  rows,
  hint,
  fieldRef,
}: TextAreaFieldProps) {
  const fieldId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={fieldId} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={fieldRef}
        className="demo-textarea"
        rows={rows}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="demo-hint">
        {hint}
      </p>
    </>
  );
}
