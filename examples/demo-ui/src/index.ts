/**
 * React components for the demo agent's tools and activities, shared by the examples: register
 * `demoToolUIs` with `CrayonChat`'s `toolUIs` prop and `demoActivityRenderers` with its
 * `activityRenderers` prop, wrap the chat in `DemoActionsProvider`, and import `demo-ui.css`
 * once. `useThreadInUrl` keeps the open thread in the page's URL, so a reload reopens it.
 *
 * @packageDocumentation
 */

export { ProgressBar } from "./activity/ProgressBar";
export { StatusBadge } from "./activity/StatusBadge";
export { CommandCallView } from "./CommandCallView";
export { ConfirmationDialog } from "./ConfirmationDialog";
export {
  type DemoActions,
  DemoActionsProvider,
  type FollowRerun,
  useDemoActions,
} from "./DemoActions";
export { demoActivityRenderers } from "./demoActivityRenderers";
export { demoToolUIs } from "./demoToolUIs";
export { TextAreaField } from "./TextAreaField";
export { useThreadInUrl, writeSearchParam } from "./threadInUrl";
export { useEditorFocus } from "./useEditorFocus";
export { WeatherCard } from "./WeatherCard";
