import { ProgressBar, StatusBadge } from "@crayonai/demo-ui";
import { threadTimeLabel } from "@crayonai/react-core";
import { useId } from "react";
import type { ListedAction } from "./useWorkdeckActions";
import { actionProgressText } from "./workdeckAction";

/** "Updated just now", "Updated 5 min ago", "Updated Mon". */
function updatedText(time: Date | string | number): string {
  const label = threadTimeLabel(time);
  if (label === "now") return "Updated just now";
  return /\d (min|h)$/.test(label) ? `Updated ${label} ago` : `Updated ${label}`;
}

/** The time as ISO 8601 for `<time dateTime>`, or "" when it cannot be read. */
function isoTime(time: Date | string | number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/** Props of {@link ActionCardView}. */
export type ActionCardViewProps = {
  action: ListedAction;
  /** Opens the action's workspace: its thread. */
  onOpen: (threadId: string) => void;
};

/**
 * One action on the landing page: its title (which opens it), root prompt, status, progress
 * and when it last changed; a failed action names the tasks that failed.
 */
export function ActionCardView({ action, onOpen }: ActionCardViewProps) {
  const promptId = useId();
  const { thread } = action;
  const updated = thread.updatedAt ?? thread.createdAt;
  // An action with no plan is titled with its prompt: it is said once.
  const showPrompt = action.rootPrompt !== "" && action.rootPrompt !== action.title;
  const percent = action.total > 0 ? (100 * action.completed) / action.total : 0;
  return (
    <li className="console-action" data-status={action.status}>
      <div className="console-action__head">
        <h3 className="console-action__title">
          <button
            type="button"
            className="console-action__open"
            aria-describedby={showPrompt ? promptId : undefined}
            onClick={() => onOpen(thread.threadId)}
          >
            {action.title}
          </button>
        </h3>
        <StatusBadge status={action.status} />
      </div>
      {showPrompt && (
        <p id={promptId} className="console-action__prompt">
          {action.rootPrompt}
        </p>
      )}
      {action.total > 0 && <ProgressBar value={percent} label={`${action.title} progress`} />}
      <p className="console-action__meta">
        <span>{actionProgressText(action)}</span>
        <time dateTime={isoTime(updated)}>{updatedText(updated)}</time>
      </p>
      {action.failed.length > 0 && (
        <p className="console-action__failed">
          {action.failed.join(", ")} failed: open the action and edit the task to restart from it.
        </p>
      )}
    </li>
  );
}
