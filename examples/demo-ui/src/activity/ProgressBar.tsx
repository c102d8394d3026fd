/** A progress bar with its percentage as text, so progress is not shown by colour alone. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div className="demo-progress">
      <div
        className="demo-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="demo-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="demo-progress__text" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
