import type { ActivityRenderer } from "@crayonai/react-ui";
import { useConsole } from "../ConsoleContext";
import { boardProgressText, readTaskBoard } from "../viewModel/taskBoard";
import { ConsoleCard } from "./ConsoleCard";
import { TaskCardView } from "./TaskCardView";

/** A Workdeck action: its prompt and its task cards, which run in parallel where they can. */
export const TaskBoardView: ActivityRenderer = ({ message }) => {
  const { isRunning, editTask, isEditQueued } = useConsole();
  const board = readTaskBoard(message.content, isRunning);
  return (
    <ConsoleCard title={board.title} status={board.status}>
      {board.rootPrompt && <p className="console-root-prompt">{board.rootPrompt}</p>}
      <p className="console-summary">
        {isEditQueued ? "Stopping the run to apply your edit…" : boardProgressText(board)}
      </p>
      <ul className="console-task-grid" aria-label="Task cards">
        {board.tasks.map((task) => (
          <TaskCardView key={task.id} task={task} isRunning={isRunning} onEdit={editTask} />
        ))}
      </ul>
    </ConsoleCard>
  );
};
