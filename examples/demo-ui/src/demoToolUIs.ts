import { demoToolNames } from "@crayonai/demo-agent/client";
import type { ToolUIMap } from "@crayonai/react-ui";
import { CommandCallView } from "./CommandCallView";
import { ConfirmationDialog } from "./ConfirmationDialog";
import { WeatherCard } from "./WeatherCard";

/**
 * The demo agent's tool UIs, by tool name (a stable object, as `CrayonChat` wants): a weather
 * card, the `/confirm` dialog, and a terminal card for the command tools CrevnClaw runs (with
 * Approve / Reject on the card for destructive ones).
 */
export const demoToolUIs: ToolUIMap = {
  [demoToolNames.weather]: WeatherCard,
  [demoToolNames.confirm]: ConfirmationDialog,
  sandbox_exec: CommandCallView,
  host_exec: CommandCallView,
  docker_image_prune: CommandCallView,
};
