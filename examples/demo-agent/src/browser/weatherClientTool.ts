import type { ClientTool } from "@crayonai/react-core";
import { weatherFor, weatherToolDefinition } from "../agent/weather";

/**
 * The demo's `get_weather` tool run in the browser. An OpenAI stream carries tool calls but no
 * tool results, so over the `openai` protocol the client declares this tool, answers the
 * agent's call to it and sends the result back, as an app does with a real model.
 */
export const weatherClientTool: ClientTool = {
  name: weatherToolDefinition.function.name,
  description: weatherToolDefinition.function.description,
  parameters: weatherToolDefinition.function.parameters,
  execute: (args: { city?: unknown } | undefined) =>
    weatherFor(typeof args?.city === "string" ? args.city : ""),
};
