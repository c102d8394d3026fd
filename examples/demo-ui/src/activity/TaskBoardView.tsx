import { type ActivityRenderer, useScrollToMessage } from "@crayonai/react-ui";
import { useDemoActions } from "../DemoActions";
import { boardProgressText, readTaskBoard } from "../viewModel/taskBoard";
import { ActivityCard } from "./ActivityCard";
import { TaskCardView } from "./TaskCardView";

/** A Workdeck action: its prompt and its task cards, which run in parallel where they can. */
export const TaskBoardView: ActivityRenderer = ({ message }) => {
  const { isRunning, editTask, isEditQueued } = useDemoActions();
  const scrollToMessage = useScrollToMessage();
  const board = readTaskBoard(message.content, isRunning);
  // The edit's reply streams at the end of the thread, the re-run happens on this board: the view
  // comes back to it (this board may no longer be rendered then), then to the card on it.
  const followRerun = (taskId: string) => async () => {
    const shown = await scrollToMessage(message.id, { align: "start", behavior: "smooth" });
    const cards = shown?.querySelectorAll<HTMLElement>("[data-task-id]") ?? [];
    const card = Array.from(cards).find((element) => element.dataset.taskId === taskId);
    card?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  };
  return (
    <ActivityCard title={board.title} status={board.status}>
      {board.rootPrompt && <p className="demo-root-prompt">{board.rootPrompt}</p>}
      {/* Announced as it changes: a task completing, failing or being blocked is news. */}
      <p className="demo-summary" role="status">
        {isEditQueued ? "Stopping the run to apply your edit…" : boardProgressText(board)}
      </p>
      <ul className="demo-task-grid" aria-label="Task cards">
        {board.tasks.map((task) => (
          <TaskCardView
            key={task.id}
            task={task}
            isRunning={isRunning}
            onEdit={(taskId, text) =>
              editTask(taskId, text, { boardId: message.id, reveal: followRerun(taskId) })
            }
          />
        ))}
      </ul>
    </ActivityCard>
  );
};
