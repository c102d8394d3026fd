import type {
  AssistantMessage,
  HumanResponse,
  InputContent,
  JSONValue,
  Message,
  UserMessage,
} from "@crayonai/stream";
import { createId } from "@crayonai/stream/ids";
import { ChatError } from "../chatError";
import { lastAwaitingIndex } from "./threadEdits";

// The pure edits (like those in `threadEdits.ts`) that revise a thread's history: regenerating
// a reply, editing a user message (each keeps the old version as a branch) and answering a
// message that waits for input. A chat needs them only once a thread has messages, so they are
// loaded with `import()` then (`onDemand.ts`), not with the app.

/** A failed or stopped reply with nothing in it: replaced on retry, not kept as a branch. */
export function isEmptyFailure(message: Message | undefined): boolean {
  return (
    message?.role === "assistant" &&
    (message.status === "error" || message.status === "stopped") &&
    !message.content &&
    !message.toolCalls?.length
  );
}

/** What regenerating the reply at `messageId` (default: the last one) starts from. */
export type RegenerateEdit = {
  /** The history up to and including the user message the new reply answers. */
  base: Message[];
  /** The assistant message the new reply replaces (kept as a branch). */
  replaced?: Message;
  /** An empty failed reply to forget rather than keep as a branch. */
  discarded?: Message;
};

export function regenerateEdit(path: readonly Message[], messageId?: string): RegenerateEdit {
  let end = messageId === undefined ? path.length - 1 : path.findIndex((m) => m.id === messageId);
  while (end >= 0 && path[end]!.role !== "user") end--;
  if (end < 0) throw new ChatError("invalid_action", "There is no user message to reply to.");
  const reply = path.slice(end + 1);
  const replaced = reply.find((m) => m.role === "assistant") ?? reply[0];
  return {
    base: path.slice(0, end + 1),
    ...(replaced && { replaced }),
    ...(reply.length === 1 && isEmptyFailure(reply[0]) && { discarded: reply[0] }),
  };
}

/** The history after replacing a user message with new content (a new sibling of it). */
export function editEdit(
  path: readonly Message[],
  messageId: string,
  content: string | InputContent[],
): { base: Message[]; edited: UserMessage } {
  const index = path.findIndex((m) => m.id === messageId);
  const original = path[index];
  if (original?.role !== "user") {
    throw new ChatError(
      "invalid_action",
      "Only a user message on the active branch can be edited.",
    );
  }
  const edited: UserMessage = { ...original, id: createId(), content };
  return { base: [...path.slice(0, index), edited], edited };
}

/** The history after answering the message that waits for input, and what the answer changed. */
export function respondEdit(
  path: readonly Message[],
  response: HumanResponse,
): { history: Message[]; resolved: AssistantMessage; answer: UserMessage } {
  const index = lastAwaitingIndex(path);
  if (index === -1) throw new ChatError("invalid_action", "No message is waiting for input.");
  const waiting = path[index] as AssistantMessage;
  const resolved: AssistantMessage = { ...waiting, status: "complete" };
  const context: Record<string, JSONValue> = {
    type: "human-response",
    response: response.type,
    messageId: waiting.id,
  };

  if (response.type !== "input") {
    const calls = waiting.toolCalls ?? [];
    const call =
      calls.find((c) => c.id === response.toolCallId) ??
      [...calls].reverse().find((c) => c.metadata?.approvalId !== undefined) ??
      calls[calls.length - 1];
    if (call) {
      const approved = response.type === "approve";
      const metadata: Record<string, unknown> = { ...call.metadata, approved };
      if (response.type === "reject" && response.reason) metadata.reason = response.reason;
      resolved.toolCalls = calls.map((c) => (c === call ? { ...c, metadata } : c));
      context.toolCallId = call.id;
      if (call.metadata?.approvalId !== undefined)
        context.approvalId = String(call.metadata.approvalId);
    }
    if (response.type === "reject" && response.reason) context.reason = response.reason;
  }

  const answer: UserMessage =
    response.type === "input"
      ? { id: createId(), role: "user", content: response.content, context: [context] }
      : {
          id: createId(),
          role: "user",
          isVisuallyHidden: true,
          content:
            response.type === "approve"
              ? "Approved."
              : `Rejected${response.reason ? `: ${response.reason}` : "."}`,
          context: [context],
        };
  return {
    history: [...path.slice(0, index), resolved, ...path.slice(index + 1), answer],
    resolved,
    answer,
  };
}
