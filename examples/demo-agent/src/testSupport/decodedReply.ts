import type { AssistantMessage, CrayonStreamEvent, Message } from "@crayonai/stream";
import { createMessageAccumulator } from "@crayonai/stream/accumulator";
import { demoProtocolAdapter } from "../client";
import type { DemoProtocol } from "../protocols/demoProtocols";

// Test support: decoding replies as a client does, and reading what they hold.

/** A reply read the way a client reads it: its events, the thread and agent state they build. */
export type DecodedReply = { events: CrayonStreamEvent[]; messages: Message[]; state?: unknown };

/** Reads `response` with the protocol's adapter and accumulates it onto `history` and `state`. */
export async function decodeReply(
  protocol: DemoProtocol,
  response: Response,
  history: readonly Message[],
  state?: unknown,
): Promise<DecodedReply> {
  const accumulator = createMessageAccumulator({ messages: history, agentState: state });
  const events: CrayonStreamEvent[] = [];
  for await (const event of demoProtocolAdapter(protocol).parse(response)) {
    events.push(event);
    accumulator.apply(event);
  }
  accumulator.finish();
  return { events, messages: accumulator.getMessages(), state: accumulator.getAgentState() };
}

/** The reply's messages (what came after `history`). */
export function replyOf(decoded: DecodedReply, history: readonly Message[]): Message[] {
  return decoded.messages.slice(history.length);
}

/** The assistant messages of a reply. */
export function assistants(messages: readonly Message[]): AssistantMessage[] {
  return messages.filter((m): m is AssistantMessage => m.role === "assistant");
}

/** All assistant text of a reply, messages joined by a blank line. */
export function assistantText(messages: readonly Message[]): string {
  return assistants(messages)
    .map((m) => m.content ?? "")
    .filter(Boolean)
    .join("\n\n");
}
