import type {
  AssistantMessage,
  CrayonStreamEvent,
  JSONValue,
  Message,
  UserMessage,
} from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import { lastUserMessage, userText } from "../../conversation";
import type { Script, ScriptContext } from "../../script";
import { selectScript } from "../index";

// Test support: runs scripts the way the demo server does, without HTTP or pacing.

let userCounter = 0;

/** A user message with a fresh, readable id. */
export function userMessage(
  content: string,
  extra: Partial<Omit<UserMessage, "role" | "content">> = {},
): UserMessage {
  userCounter += 1;
  return { id: `user-${userCounter}`, role: "user", content, ...extra };
}

/** The context a script receives for `messages`. */
export function scriptContext(
  messages: Message[],
  signal = new AbortController().signal,
): ScriptContext {
  const last = lastUserMessage(messages);
  return { messages, input: last ? userText(last) : "", signal };
}

/** The demo script that answers `messages`, picked as the server picks it. */
export function answeringScript(messages: Message[]): Script {
  return selectScript(scriptContext(messages));
}

/** A finished reply: its events, the messages after each event, and the final thread. */
export type ReplayedReply = {
  events: CrayonStreamEvent[];
  /** The thread after each event (same length as `events`). */
  snapshots: Message[][];
  messages: Message[];
};

/**
 * Runs `script` on `messages` and accumulates its events onto them, as the client and the
 * server do. `abortAfter` aborts after that many events (a user pressing stop): like the
 * server, the harness then stops reading the script.
 */
export async function replay(
  script: Script,
  messages: Message[],
  options: { abortAfter?: number } = {},
): Promise<ReplayedReply> {
  const controller = new AbortController();
  const accumulator = createMessageAccumulator({ messages });
  const events: CrayonStreamEvent[] = [];
  const snapshots: Message[][] = [];
  for await (const event of script.run(scriptContext(messages, controller.signal))) {
    events.push(event);
    accumulator.apply(event);
    snapshots.push(accumulator.getMessages());
    if (options.abortAfter !== undefined && events.length >= options.abortAfter) {
      controller.abort();
      break;
    }
  }
  accumulator.finish(controller.signal.aborted ? "stopped" : "complete");
  return { events, snapshots, messages: accumulator.getMessages() };
}

/**
 * What `threadManager.respond({ type })` records before it sends the thread again: the waiting
 * assistant message completes, its last approval-gated tool call gets `metadata.approved`, and
 * a visually hidden user message carries a `human-response` context.
 */
export function respondToApproval(messages: Message[], type: "approve" | "reject"): Message[] {
  let index = messages.length - 1;
  while (index >= 0) {
    const message = messages[index]!;
    if (message.role === "assistant" && message.status === "awaiting_input") break;
    index -= 1;
  }
  if (index === -1) throw new Error("No message is waiting for input.");
  const waiting = messages[index] as AssistantMessage;
  const call = [...(waiting.toolCalls ?? [])]
    .reverse()
    .find((c) => c.metadata?.approvalId !== undefined);
  if (!call) throw new Error("No approval request.");
  const resolved: AssistantMessage = {
    ...waiting,
    status: "complete",
    toolCalls: waiting.toolCalls?.map((c) =>
      c === call ? { ...c, metadata: { ...c.metadata, approved: type === "approve" } } : c,
    ),
  };
  const context: Record<string, JSONValue> = {
    type: "human-response",
    response: type,
    messageId: waiting.id,
    toolCallId: call.id,
    approvalId: String(call.metadata?.approvalId),
  };
  const answer = userMessage(type === "approve" ? "Approved." : "Rejected.", {
    isVisuallyHidden: true,
    context: [context],
  });
  return [...messages.slice(0, index), resolved, ...messages.slice(index + 1), answer];
}

/** The text of every assistant message, joined. */
export function assistantText(messages: readonly Message[]): string {
  return messages
    .filter((m): m is AssistantMessage => m.role === "assistant")
    .map((m) => m.content ?? "")
    .join("\n");
}
