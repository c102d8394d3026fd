import { demoToolNames } from "@crayonai/demo-agent/client";
import type { ToolUIMap } from "@crayonai/react-ui";
import { ConfirmationDialog } from "./ConfirmationDialog";
import { WeatherCard } from "./WeatherCard";

/** The demo agent's tool UIs, by tool name (a stable object, as `CrayonChat` wants). */
export const demoToolUIs: ToolUIMap = {
  [demoToolNames.weather]: WeatherCard,
  [demoToolNames.confirm]: ConfirmationDialog,
};
