import { isRecord } from "../../internal/jsonData";
import type { AssistantMessage, Message, ToolCall, ToolMessage } from "../../message";
import { appendBlock, contextBlock } from "../openai/contextBlock";
import { isAnsweredApproval } from "../vercel/answeredApproval";
import { annotationOfSource } from "./annotations";
import { mcpServerLabels } from "./mcpServerLabels";
import type { OpenResponsesInputItem, OpenResponsesInputPart } from "./openResponsesItem";
import { parseJSON } from "./parseJSON";
import { toReasoningItem } from "./reasoningText";
import { isProviderItemId } from "./responsesIds";
import { toolCallItem } from "./toolCallItem";
import { isHostedToolItem } from "./toolItemTypes";
import { toolOutputItem } from "./toolOutputItem";
import { toInputPart } from "./userContent";

/** Options for {@link toOpenResponsesInput}. */
export type ToOpenResponsesInputOptions = {
  /**
   * Send user and assistant `context` as a trailing `<context>[…JSON…]</context>` text block
   * (as `openAIMessageConverter` does). Default: `true`.
   */
  includeContext?: boolean;
};

/** The finished hosted tool call item a tool message holds for `callId`, if it holds one. */
function hostedItem(message: ToolMessage | undefined, callId: string) {
  if (typeof message?.content !== "string") return undefined;
  const item = parseJSON(message.content);
  return isRecord(item) && isHostedToolItem(item) && item.id === callId
    ? (item as OpenResponsesInputItem)
    : undefined;
}

/**
 * Converts Crayon messages to the `input` of an OpenAI Responses / Open Responses request, in
 * thread order. Assistant text goes back under its `msg_…` id when the provider gave it one
 * (with its citations and refusal), reasoning under its `rs_…` id with its encrypted content;
 * tool calls become the items they were read from (`function_call`, the client-run call types,
 * the finished hosted tool call items) and tool messages their outputs; an answered MCP
 * approval becomes an `mcp_approval_response`. Activity messages, and reasoning the provider
 * did not produce, are not sent. Nothing throws. See the converter's documentation for every
 * rule and what is not carried.
 */
export function toOpenResponsesInput(
  messages: readonly Message[],
  options: ToOpenResponsesInputOptions = {},
): OpenResponsesInputItem[] {
  const { includeContext = true } = options;
  const calls = new Map<string, ToolCall>();
  const results = new Map<string, ToolMessage>();
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls ?? []) calls.set(call.id, call);
    } else if (message.role === "tool" && !results.has(message.toolCallId)) {
      results.set(message.toolCallId, message);
    }
  }
  // Approvals whose answer is a hidden user message: their response goes where that message is.
  const answeredLater = new Set<string>();
  for (const message of messages) {
    if (isAnsweredApproval(message, calls)) {
      answeredLater.add(String((message as { context: any[] }).context[0].approvalId));
    }
  }
  const serverLabel = mcpServerLabels(messages);
  /** Approval requests sent, so that an answer whose request could not be is not sent. */
  const requested = new Set<string>();
  /** Tool messages sent with their call (a hosted call's finished item). */
  const sentWithCall = new Set<ToolMessage>();
  /** The output item type each call sent expects. */
  const callTypes = new Map<string, string>();
  const out: OpenResponsesInputItem[] = [];

  const approvalResponse = (call: ToolCall) => {
    const { approvalId, approved, reason } = call.metadata ?? {};
    if (!requested.has(approvalId) || typeof approved !== "boolean") return;
    out.push({
      type: "mcp_approval_response",
      approval_request_id: approvalId,
      approve: approved,
      ...(typeof reason === "string" && reason && { reason }),
    });
  };

  const sendCall = (call: ToolCall) => {
    const approvalId = call.metadata?.approvalId;
    if (typeof approvalId === "string") {
      const label = serverLabel(approvalId, call.function.name);
      // Without its server the request cannot be sent, nor its answer.
      if (label === undefined) return;
      requested.add(approvalId);
      out.push({
        type: "mcp_approval_request",
        id: approvalId,
        server_label: label,
        name: call.function.name,
        arguments: call.function.arguments,
      });
      if (!answeredLater.has(approvalId)) approvalResponse(call);
      return;
    }
    const result = results.get(call.id);
    const hosted = hostedItem(result, call.id);
    if (hosted) {
      sentWithCall.add(result!);
      out.push(hosted);
      return;
    }
    const item = toolCallItem(call);
    callTypes.set(call.id, item.type);
    out.push(item);
  };

  const sendAssistant = (message: AssistantMessage) => {
    const block = includeContext ? contextBlock(message.context) : "";
    const text = appendBlock(message.content ?? "", block);
    const toolCalls = message.toolCalls ?? [];
    if (isProviderItemId(message.id, "message") && (text || toolCalls.length === 0)) {
      const annotations = (message.sources ?? []).flatMap(
        (source) => annotationOfSource(source, text.length) ?? [],
      );
      out.push({
        type: "message",
        id: message.id,
        role: "assistant",
        status: "completed",
        content: [
          message.metadata?.refusal === true
            ? { type: "refusal", refusal: text }
            : { type: "output_text", text, annotations },
        ],
      });
    } else if (text) {
      out.push({ type: "message", role: "assistant", content: text });
    }
    for (const call of toolCalls) sendCall(call);
  };

  for (const message of messages) {
    switch (message.role) {
      case "system":
      case "developer":
        out.push({ type: "message", role: message.role, content: message.content });
        break;
      case "user": {
        if (isAnsweredApproval(message, calls)) {
          const { toolCallId } = (message.context as any[])[0];
          approvalResponse(calls.get(toolCallId)!);
          break;
        }
        const block = includeContext ? contextBlock(message.context) : "";
        const { content } = message;
        if (typeof content === "string") {
          out.push({ type: "message", role: "user", content: appendBlock(content, block) });
          break;
        }
        const parts: OpenResponsesInputPart[] = content.flatMap(toInputPart);
        if (block) parts.push({ type: "input_text", text: block });
        out.push({ type: "message", role: "user", content: parts.length ? parts : "" });
        break;
      }
      case "assistant":
        sendAssistant(message);
        break;
      case "tool": {
        if (sentWithCall.has(message)) break;
        // A result for a call that was not sent (an approval whose server is unknown): dropped.
        if (calls.get(message.toolCallId)?.metadata?.approvalId !== undefined) break;
        const callType = callTypes.get(message.toolCallId) ?? "function_call";
        out.push(toolOutputItem(callType, message.toolCallId, message));
        break;
      }
      case "reasoning":
        if (isProviderItemId(message.id, "reasoning")) out.push(toReasoningItem(message));
        break;
    }
  }
  return out;
}
