import type { ActivityRendererMap } from "@crayonai/react-ui";
import { ACTIVITY_TYPES } from "../activityTypes";
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
