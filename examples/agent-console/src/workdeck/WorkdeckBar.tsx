import { StatusBadge } from "@crayonai/demo-ui";
import type { ChatManager } from "@crayonai/react-core";
import { useMemo } from "react";
import { workdeckActionOf } from "./workdeckAction";
import "./workdeck.css";

/** Props of {@link WorkdeckBar}. */
export type WorkdeckBarProps = {
  chat: ChatManager;
  /** Shows the landing page with every action. */
  onShowActions: () => void;
};

/**
 * Above the chat while it shows a Workdeck action: the action's title and status, and the way
 * back to the list of actions. Nothing for other threads.
 */
export function WorkdeckBar({ chat, onShowActions }: WorkdeckBarProps) {
  const { messages, isRunning } = chat.threadManager;
  const action = useMemo(() => workdeckActionOf(messages, isRunning), [messages, isRunning]);
  if (!action) return null;
  return (
    <nav className="console-workdeck-bar" aria-label="Workdeck">
      <button
        type="button"
        className="crayon-button crayon-button--secondary console-workdeck-bar__back"
        onClick={onShowActions}
      >
        <span aria-hidden="true">← </span>All actions
      </button>
      <span className="console-workdeck-bar__title">{action.title}</span>
      <StatusBadge status={action.status} />
    </nav>
  );
}
