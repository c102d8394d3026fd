import type { Message, MessageFormatConverter } from "@crayonai/stream";

/** The user's answer to one approval request, wherever the protocol carried it. */
export type ApprovalAnswer = {
  /** The approval (AG-UI: the interrupt) answered. */
  approvalId?: string;
  /** The tool call answered, when the protocol names it. */
  toolCallId?: string;
  approved: boolean;
  /** Why it was rejected, when the user said. */
  reason?: string;
};

/**
 * One request to answer, read from a protocol's body: what every route hands to `answerTurn`.
 * `messages` are Crayon messages, unless a `converter` says how to read them.
 */
export type TurnRequest<T = Message> = {
  /** The thread; a request without one is answered but not saved. */
  threadId?: string;
  /** The run's id, when the request names it (AG-UI `runId`). */
  runId?: string;
  /** The conversation as sent. */
  messages: T[];
  /** How the protocol's messages map to Crayon's; absent when they are Crayon messages. */
  converter?: MessageFormatConverter<T>;
  /** The agent state the request carried. */
  state?: unknown;
  /** The tools the client declared it runs itself. */
  clientTools?: string[];
  /** Answers the body carries outside its messages (AG-UI `resume`). */
  approvals?: ApprovalAnswer[];
  /** The model the request named (OpenAI echoes it on every chunk). */
  model?: string;
};
