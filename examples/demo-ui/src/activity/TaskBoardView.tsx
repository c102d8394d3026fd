import type { ActivityRenderer } from "@crayonai/react-ui";
import { followKey, useDemoActions } from "../DemoActions";
import { boardProgressText, readTaskBoard } from "../viewModel/taskBoard";
import { ActivityCard } from "./ActivityCard";
import { TaskCardView } from "./TaskCardView";

/** A Workdeck action: its prompt and its task cards, which run in parallel where they can. */
export const TaskBoardView: ActivityRenderer = ({ message }) => {
  const { isRunning, editTask, isEditQueued, followedTask, taskFollowed } = useDemoActions();
  const board = readTaskBoard(message.content, isRunning);
  return (
    <ActivityCard title={board.title} status={board.status}>
      {board.rootPrompt && <p className="demo-root-prompt">{board.rootPrompt}</p>}
      <p className="demo-summary">
        {isEditQueued ? "Stopping the run to apply your edit…" : boardProgressText(board)}
      </p>
      <ul className="demo-task-grid" aria-label="Task cards">
        {board.tasks.map((task) => (
          <TaskCardView
            key={task.id}
            task={task}
            isRunning={isRunning}
            onEdit={(taskId, text) => editTask(taskId, text, message.id)}
            follow={followedTask === followKey(message.id, task.id)}
            onFollowed={taskFollowed}
          />
        ))}
      </ul>
    </ActivityCard>
  );
};
