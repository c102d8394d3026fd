/** The activity types the demo agent's scripts stream (workflows, Workdeck boards, Cyrus runs). */
export const ACTIVITY_TYPES = {
  workflowList: "workflow-list",
  workflowRun: "workflow-run",
  taskBoard: "task-board",
  subroutineRun: "subroutine-run",
} as const;
