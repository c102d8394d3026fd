import type { ActivityRendererMap } from "@crayonai/react-ui";
import { SubroutineRunView } from "./activity/SubroutineRunView";
import { TaskBoardView } from "./activity/TaskBoardView";
import { WorkflowListView } from "./activity/WorkflowListView";
import { WorkflowRunView } from "./activity/WorkflowRunView";
import { ACTIVITY_TYPES } from "./activityTypes";

/**
 * The demo agent's activity renderers, by activity type (a stable object, as `CrayonChat`
 * wants): the workflow list with its Trigger buttons and a run's steps (`/workflow`), a Workdeck
 * board of editable task cards (`/workdeck`), a Cyrus subroutine run (`/cyrus`). Their buttons
 * act through a `DemoActionsProvider` around the chat.
 */
export const demoActivityRenderers: ActivityRendererMap = {
  [ACTIVITY_TYPES.workflowList]: WorkflowListView,
  [ACTIVITY_TYPES.workflowRun]: WorkflowRunView,
  [ACTIVITY_TYPES.taskBoard]: TaskBoardView,
  [ACTIVITY_TYPES.subroutineRun]: SubroutineRunView,
};
