import type { AssistantMessage, JSONValue, Message, ToolCall, UserMessage } from "@crayonai/stream";
import { humanResponse, isAnswered } from "../agent/conversation";
import { createId } from "../agent/ids";
import type { ApprovalAnswer } from "./turnRequest";

type Located = { messageIndex: number; call: ToolCall };

/** The messages of the reply the user is answering: everything after the last user message. */
function lastReplyStart(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === "user") return i + 1;
  return 0;
}

/** The call an answer names, by tool call id or by the approval id recorded on the call. */
function locate(messages: readonly Message[], answer: ApprovalAnswer): Located | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== "assistant") continue;
    const call = message.toolCalls?.find((c) =>
      answer.toolCallId !== undefined
        ? c.id === answer.toolCallId
        : answer.approvalId !== undefined && c.metadata?.approvalId === answer.approvalId,
    );
    if (call) return { messageIndex: i, call };
  }
  return undefined;
}

/**
 * Answers recorded on the tool calls of the last reply (`metadata.approved`, as the AI SDK's
 * `approval-responded` tool parts are read) whose calls have no result yet.
 */
function recordedAnswers(messages: readonly Message[]): ApprovalAnswer[] {
  const answers: ApprovalAnswer[] = [];
  for (const message of messages.slice(lastReplyStart(messages))) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls ?? []) {
      const approved = call.metadata?.approved;
      if (typeof approved !== "boolean" || isAnswered(messages, call.id)) continue;
      const reason = call.metadata?.reason;
      answers.push({
        toolCallId: call.id,
        approved,
        ...(typeof reason === "string" && { reason }),
      });
    }
  }
  return answers;
}

/**
 * The thread as `respond` in `@crayonai/react-core` leaves it once the user answered an
 * approval: the waiting assistant message `complete`, the call's metadata `approved` (and
 * `reason`), then a visually hidden user message whose context holds the answer, which is what
 * the scripts read. Protocols carry the answer elsewhere (AG-UI in `resume`, the AI SDK in an
 * `approval-responded` tool part) and leave that message out; this puts it back. A thread that
 * already ends with the answer, or answers that name no waiting call, change nothing.
 */
export function withApprovalAnswers(
  messages: readonly Message[],
  explicit: readonly ApprovalAnswer[] = [],
): Message[] {
  if (humanResponse(messages)) return [...messages];
  const thread = [...messages];
  const answers = [...explicit, ...recordedAnswers(messages)];
  const seen = new Set<string>();
  const context: JSONValue[] = [];
  for (const answer of answers) {
    const found = locate(thread, answer);
    if (!found || seen.has(found.call.id) || isAnswered(thread, found.call.id)) continue;
    seen.add(found.call.id);
    const { messageIndex, call } = found;
    const waiting = thread[messageIndex] as AssistantMessage;
    const metadata: Record<string, unknown> = { ...call.metadata, approved: answer.approved };
    if (answer.reason) metadata.reason = answer.reason;
    thread[messageIndex] = {
      ...waiting,
      status: "complete",
      toolCalls: waiting.toolCalls!.map((c) => (c.id === call.id ? { ...c, metadata } : c)),
    };
    const entry: Record<string, JSONValue> = {
      type: "human-response",
      response: answer.approved ? "approve" : "reject",
      messageId: waiting.id,
      toolCallId: call.id,
    };
    // As `respond` writes it: the approval id when the call names one.
    const approvalId = call.metadata?.approvalId;
    if (approvalId !== undefined) entry.approvalId = String(approvalId);
    if (answer.reason) entry.reason = answer.reason;
    context.push(entry);
  }
  if (context.length === 0) return thread;
  const first = context[0] as { response: string; reason?: string };
  const answer: UserMessage = {
    id: createId("answer"),
    role: "user",
    isVisuallyHidden: true,
    content:
      first.response === "approve"
        ? "Approved."
        : `Rejected${first.reason ? `: ${first.reason}` : "."}`,
    context,
  };
  return [...thread, answer];
}
