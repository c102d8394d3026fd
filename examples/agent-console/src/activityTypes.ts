/** The activity types the demo agent's console scripts stream, and this app renders. */
export const ACTIVITY_TYPES = {
  workflowList: "workflow-list",
  workflowRun: "workflow-run",
  taskBoard: "task-board",
  subroutineRun: "subroutine-run",
} as const;
