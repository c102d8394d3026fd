import { statusView } from "../viewModel/status";

/** A status as words with a coloured dot: the words carry the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: string }) {
  const view = statusView(status);
  return (
    <span className={`demo-status demo-status--${view.tone}`} data-status={status}>
      <span className="demo-status__dot" aria-hidden="true" />
      {view.label}
    </span>
  );
}
