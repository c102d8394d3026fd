import type { ActivityRenderer } from "@crayonai/react-ui";
import { useId } from "react";
import { useConsole } from "../ConsoleContext";
import { boardProgressText, readTaskBoard } from "../viewModel/taskBoard";
import { StatusBadge } from "./StatusBadge";
import { TaskCardView } from "./TaskCardView";

/** A Workdeck action: its prompt and its task cards, which run in parallel where they can. */
export const TaskBoardView: ActivityRenderer = ({ message }) => {
  const { isRunning, editTask, isEditQueued } = useConsole();
  const board = readTaskBoard(message.content, isRunning);
  const headingId = useId();
  return (
    <section className="console-card" aria-labelledby={headingId}>
      <header className="console-card__header">
        <h3 id={headingId} className="console-card__title">
          {board.title}
        </h3>
        <StatusBadge status={board.status} />
      </header>
      {board.rootPrompt && <p className="console-root-prompt">{board.rootPrompt}</p>}
      <p className="console-summary">
        {isEditQueued ? "Stopping the run to apply your edit…" : boardProgressText(board)}
      </p>
      <ul className="console-task-grid" aria-label="Task cards">
        {board.tasks.map((task) => (
          <TaskCardView key={task.id} task={task} isRunning={isRunning} onEdit={editTask} />
        ))}
      </ul>
    </section>
  );
};
