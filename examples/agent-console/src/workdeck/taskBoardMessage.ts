import type { Message } from "@crayonai/stream";

/**
 * Test support: a `task-board` activity titled `title`, in `status`, with one task per entry of
 * `taskStatuses` ("Task 0", "Task 1", …).
 */
export function taskBoardMessage(title: string, status: string, taskStatuses: string[]): Message {
  return {
    id: "board",
    role: "activity",
    activityType: "task-board",
    content: {
      title,
      rootPrompt: `Prompt of ${title}`,
      status,
      tasks: taskStatuses.map((taskStatus, index) => ({
        id: `t${index}`,
        title: `Task ${index}`,
        status: taskStatus,
      })),
    },
  };
}
