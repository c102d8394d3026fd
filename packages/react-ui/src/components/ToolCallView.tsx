import type { AssistantMessage, ToolCall, ToolMessage } from "@crayonai/stream";
import { lazy, Suspense, useMemo } from "react";
import { useThreadActions } from "../internal/threadActionsContext";
import { hostedToolItem } from "../internal/toolCalls/hostedToolItem";
import {
  parseToolArgs,
  toolCallStatus,
  toolResultValue,
} from "../internal/toolCalls/toolCallStatus";
import { DefaultToolUI } from "./DefaultToolUI";
import { McpAppSlot, useMcpApps } from "./McpApps";
import { type ToolUIProps, useRegisteredToolUI } from "./ToolUIs";

/** Props of {@link ToolCallView}. */
export type ToolCallViewProps = {
  toolCall: ToolCall;
  /** The tool message answering the call, once it exists. */
  result?: ToolMessage;
  /** The status of the assistant message carrying the call. Default `"complete"`. */
  replyStatus?: AssistantMessage["status"];
  /**
   * Other calls of the same message still wait for an answer: answering this one then does not
   * send the results yet (the reply continues once the last call is answered).
   */
  otherCallsPending?: boolean;
  /**
   * The model has finished writing the arguments (e.g. a later call started). Otherwise they
   * count as finished once they parse as complete JSON.
   */
  argsFinished?: boolean;
};

// Loaded the first time a reply shows a tool the server ran (Open Responses hosted tools).
const HostedToolUI = lazy(() => import("./HostedToolUI"));

const notInChat = () =>
  Promise.reject(new Error("This tool call is not shown in a chat: it cannot be answered."));

const UNANSWERABLE = {
  addResult: notInChat,
  addError: notInChat,
  approve: notInChat,
  reject: notInChat,
};

/**
 * A tool call, rendered by the UI registered for its tool name ({@link ToolUIsProvider}), else
 * by the registered fallback, else by {@link DefaultToolUI}: its name, arguments, state and
 * result, with Approve / Reject when the backend asks to approve it. A tool the server ran and
 * described as an Open Responses item (web or file search, code interpreter, image
 * generation, MCP) gets a card of its own, loaded when the first one shows.
 */
export function ToolCallView({
  toolCall,
  result,
  replyStatus = "complete",
  otherCallsPending = false,
  argsFinished = false,
}: ToolCallViewProps) {
  const name = toolCall.function.name;
  const argsText = toolCall.function.arguments;
  const parsed = useMemo(() => parseToolArgs(argsText), [argsText]);
  const status = toolCallStatus(toolCall, result, replyStatus, argsFinished || parsed.complete);
  const actions = useThreadActions();
  const { named, fallback } = useRegisteredToolUI(name);
  const mcpApps = useMcpApps();

  const answers = useMemo(() => {
    if (!actions) return UNANSWERABLE;
    const answer = (value: unknown, error?: string) =>
      actions.addToolResult(toolCall.id, value, {
        ...(error !== undefined && { error }),
        continue: !otherCallsPending,
      });
    return {
      addResult: (value: unknown) => answer(value),
      addError: (error: string) => answer(undefined, error),
      approve: () => actions.respond({ type: "approve", toolCallId: toolCall.id }),
      reject: (reason?: string) =>
        actions.respond({
          type: "reject",
          toolCallId: toolCall.id,
          ...(reason !== undefined && { reason }),
        }),
    };
  }, [actions, toolCall.id, otherCallsPending]);

  const props: ToolUIProps = {
    toolName: name,
    toolCallId: toolCall.id,
    args: parsed.args as ToolUIProps["args"],
    argsText,
    status,
    result: result && !result.error ? toolResultValue(result) : undefined,
    error: result?.error,
    ...answers,
    toolCall,
    resultMessage: result,
  };
  if (named) {
    const View = named;
    return <View {...props} />;
  }
  const hosted = hostedToolItem(result);
  const View = fallback ?? DefaultToolUI;
  const normal = hosted ? (
    <Suspense fallback={<DefaultToolUI {...props} />}>
      <HostedToolUI item={hosted} replyStatus={replyStatus} />
    </Suspense>
  ) : (
    <View {...props} />
  );
  // With MCP Apps, a tool with an interface (called by the model, or run by an Open Responses
  // server as an `mcp_call`) shows it; the gate decides and loads it.
  if (!mcpApps || (hosted && hosted.type !== "mcp_call")) return normal;
  return (
    <McpAppSlot
      config={mcpApps}
      call={props}
      replyStatus={replyStatus}
      hosted={hosted}
      normal={normal}
    />
  );
}
