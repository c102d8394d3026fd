import { demoToolUIs } from "@crayonai/demo-ui";
import type { ActivityRendererMap, ToolUIMap } from "@crayonai/react-ui";
import { ACTIVITY_TYPES } from "../activityTypes";
import { CommandCallView } from "./CommandCallView";
import { SubroutineRunView } from "./SubroutineRunView";
import { TaskBoardView } from "./TaskBoardView";
import { WorkflowListView } from "./WorkflowListView";
import { WorkflowRunView } from "./WorkflowRunView";

/** The console's activity renderers, by activity type (a stable object, as the provider wants). */
export const consoleRenderers: ActivityRendererMap = {
  [ACTIVITY_TYPES.workflowList]: WorkflowListView,
  [ACTIVITY_TYPES.workflowRun]: WorkflowRunView,
  [ACTIVITY_TYPES.taskBoard]: TaskBoardView,
  [ACTIVITY_TYPES.subroutineRun]: SubroutineRunView,
};

/**
 * The console's tool UIs: the demo agent's shared ones, and a terminal card for the command
 * tools CrevnClaw runs (with Approve / Reject on the card for destructive ones).
 */
export const consoleToolUIs: ToolUIMap = {
  ...demoToolUIs,
  sandbox_exec: CommandCallView,
  host_exec: CommandCallView,
  docker_image_prune: CommandCallView,
};
