import type { ClientTool, DefinedTool } from "@crayonai/react-core";
import type { ComponentType } from "react";
import { useToolArgsValidation } from "../internal/toolCalls/useToolArgsValidation";
import type { ToolUI, ToolUIMap, ToolUIProps } from "./ToolUIs";

/** The props of a tool's UI: typed from a `defineTool` tool, untyped for a plain one. */
export type ToolUIPropsOf<TTool> =
  TTool extends DefinedTool<string, infer TArgs, infer TResult>
    ? ToolUIProps<TArgs, TResult>
    : ToolUIProps;

/** Tool UIs for `TTools`, by tool name, each typed from its tool. */
export type ToolUIsFor<TTools extends readonly ClientTool[]> = {
  // Keyed by name, not remapped with `as`: TypeScript types inline components only this way.
  [TName in TTools[number]["name"]]?: ComponentType<
    ToolUIPropsOf<Extract<TTools[number], { name: TName }>>
  >;
};

/**
 * Tool UIs typed by the tools they render: keys are the tools' names, and each UI's `args` and
 * `result` come from its tool's schema (`defineTool`), with no annotation. The UI of a tool with
 * a schema gets the schema's output as `args` once the arguments are complete (while they
 * stream, what has arrived), or `argsIssues` when the schema rejects them. Call it once,
 * outside components, and pass the result as `toolUIs`.
 *
 * @example
 * ```tsx
 * const tools = [getWeather, bookFlight];
 * const toolUIs = toolUIsFor(tools, {
 *   get_weather: ({ args, result }) => <p>{args?.city}: {result?.tempC} °C</p>,
 * });
 * <CrayonChat chat={chat} toolUIs={toolUIs} />;
 * ```
 */
export function toolUIsFor<const TTools extends readonly ClientTool[]>(
  tools: TTools,
  uis: ToolUIsFor<TTools>,
): ToolUIMap {
  const map: ToolUIMap = {};
  for (const [name, View] of Object.entries(uis as Record<string, ToolUI | undefined>)) {
    if (!View) continue;
    const tool = tools.find((candidate) => candidate.name === name);
    map[name] = tool && "validate" in tool ? validatingUI(tool as DefinedTool, View) : View;
  }
  return map;
}

/** `View` given the schema's verdict: validated `args`, or `argsIssues`. */
function validatingUI(tool: DefinedTool, View: ToolUI): ToolUI {
  function ValidatedToolUI(props: ToolUIProps<any, any>) {
    const checked = useToolArgsValidation(
      tool.validate,
      props.argsText,
      props.status !== "streaming-args",
    );
    if (!checked) return <View {...props} />;
    if (checked.issues) return <View {...props} argsIssues={checked.issues} />;
    return <View {...props} args={checked.value} />;
  }
  ValidatedToolUI.displayName = `Validated(${View.displayName ?? View.name ?? "ToolUI"})`;
  return ValidatedToolUI;
}
