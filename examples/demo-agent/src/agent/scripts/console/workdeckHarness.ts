import type { ActivityMessage, Message } from "@crayonai/stream";
import { userMessage } from "./scriptHarness";
import { TASK_BOARD_ACTIVITY, type TaskCard } from "./taskBoard";

// Test support for the Workdeck script: its boards, their cards, and card edits.

/** The thread's `task-board` activities. */
export function boards(messages: readonly Message[]): ActivityMessage[] {
  return messages.filter(
    (m): m is ActivityMessage => m.role === "activity" && m.activityType === TASK_BOARD_ACTIVITY,
  );
}

/** The cards of the thread's last board, by id. */
export function cards(messages: readonly Message[]): Record<string, TaskCard> {
  const board = boards(messages).at(-1);
  if (!board) throw new Error("no task board");
  return Object.fromEntries(board.content.tasks.map((card: TaskCard) => [card.id, card]));
}

/** The hidden message a card's Edit sends. */
export function editMessage(editTask: string, text: string) {
  return userMessage(`Edit task ${editTask}: ${text}`, {
    isVisuallyHidden: true,
    context: [{ editTask, text }],
  });
}
