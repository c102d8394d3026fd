import type { ToolArgsIssue } from "@crayonai/react-core";
import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from "react";
import type { ToolCallStatus } from "../internal/toolCalls/toolCallStatus";

export type { ToolCallStatus } from "../internal/toolCalls/toolCallStatus";

/** `T` with every field optional, deeply: what arguments look like while they stream. */
export type PartialDeep<T> = T extends readonly (infer U)[]
  ? PartialDeep<U>[]
  : T extends object
    ? { [K in keyof T]?: PartialDeep<T[K]> }
    : T;

/**
 * What a tool UI receives: the call, its arguments (parsed partially while they stream), where
 * it stands, its result or error, and the functions that answer it.
 *
 * @typeParam TArgs - the tool's arguments.
 * @typeParam TResult - the tool's result.
 */
export type ToolUIProps<TArgs = Record<string, unknown>, TResult = unknown> = {
  /** The tool's name, as the model called it. */
  toolName: string;
  /** The call's id. */
  toolCallId: string;
  /**
   * The arguments: complete once `status` is past `streaming-args`; before that, what has
   * arrived (`{ city: "Par" }` for `{"city":"Par`). Undefined before the first field or when
   * the model wrote malformed JSON (`argsText` has the text).
   */
  args: PartialDeep<TArgs> | undefined;
  /** The arguments as the model wrote them (JSON text, maybe incomplete). */
  argsText: string;
  /**
   * What is wrong with the complete arguments, for a tool made with `defineTool` and registered
   * with {@link toolUIsFor}: its schema rejected them (`args` are then as the model wrote them).
   * Undefined while they stream and once they pass, when `args` is the schema's output.
   */
  argsIssues?: readonly ToolArgsIssue[];
  /** Where the call stands. */
  status: ToolCallStatus;
  /**
   * The tool's result: the tool message's content, parsed when it is JSON. Undefined until
   * the call is answered.
   */
  result: TResult | undefined;
  /** Why the tool failed (`status: "error"`). */
  error: string | undefined;
  /**
   * Answers the call from the UI (a client-side tool, `status: "awaiting-result"`). The reply
   * continues once every call of the message is answered. Rejects while a reply streams.
   */
  addResult: (result: TResult) => Promise<void>;
  /** Answers the call with a failure. Like `addResult` otherwise. */
  addError: (error: string) => Promise<void>;
  /** Approves the call (`status: "awaiting-approval"`); the reply continues. */
  approve: () => Promise<void>;
  /** Rejects the call (`status: "awaiting-approval"`), with a reason for the model. */
  reject: (reason?: string) => Promise<void>;
  /** The raw call. */
  toolCall: ToolCall;
  /** The raw tool message answering the call, once it exists. */
  resultMessage: ToolMessage | undefined;
};

/** A component that renders the calls of one tool. */
export type ToolUI = ComponentType<ToolUIProps<any, any>>;

/** Tool UIs by tool name (e.g. `{ get_weather: WeatherCard }`). */
export type ToolUIMap = Record<string, ToolUI>;

type ToolUIRegistry = { byName: ToolUIMap; fallback: ToolUI | undefined };

const ToolUIsContext = createContext<ToolUIRegistry>({ byName: {}, fallback: undefined });

/** Props of {@link ToolUIsProvider}. */
export type ToolUIsProviderProps = {
  /** Tool UIs by tool name; pass a stable object (not a new one each render). */
  toolUIs?: ToolUIMap;
  /** Renders calls of tools without a registered UI. Default: the built-in tool call card. */
  fallback?: ToolUI;
  children: ReactNode;
};

/**
 * Registers the components that render tool calls, by tool name. A provider inside another
 * adds to it (its own names win). Calls of other tools use `fallback`, or the built-in card
 * (name, arguments, state, result; Approve / Reject for approval requests).
 *
 * @example
 * ```tsx
 * function WeatherCard({ args, status, result }: ToolUIProps<{ city: string }, Weather>) {
 *   if (status === "complete") return <p>{args?.city}: {result?.temperature} °C</p>;
 *   return <p aria-busy="true">Looking up the weather in {args?.city ?? "…"}</p>;
 * }
 * const toolUIs = { get_weather: WeatherCard };
 * <ToolUIsProvider toolUIs={toolUIs}>
 *   <CrayonChat chat={chat} />
 * </ToolUIsProvider>
 * ```
 */
export function ToolUIsProvider({ toolUIs, fallback, children }: ToolUIsProviderProps) {
  const outer = useContext(ToolUIsContext);
  const registry = useMemo(
    () => ({
      byName: toolUIs ? { ...outer.byName, ...toolUIs } : outer.byName,
      fallback: fallback ?? outer.fallback,
    }),
    [outer, toolUIs, fallback],
  );
  return <ToolUIsContext.Provider value={registry}>{children}</ToolUIsContext.Provider>;
}

/** The UI registered for `toolName`, else the registered fallback, else undefined. */
export function useToolUI(toolName: string): ToolUI | undefined {
  const { named, fallback } = useRegisteredToolUI(toolName);
  return named ?? fallback;
}

/** The UI registered for `toolName` by name, and the registered fallback, apart. */
export function useRegisteredToolUI(toolName: string): {
  named: ToolUI | undefined;
  fallback: ToolUI | undefined;
} {
  const { byName, fallback } = useContext(ToolUIsContext);
  // Own names only: a tool called "constructor" must not find Object's.
  return { named: Object.hasOwn(byName, toolName) ? byName[toolName] : undefined, fallback };
}
