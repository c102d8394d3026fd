import type { ToolCall, ToolMessage } from "@crayonai/stream";
import { Allow, parse as parsePartialJson } from "partial-json";

/**
 * Where a tool call stands, as a tool UI sees it:
 * - `streaming-args`: the model is still writing the arguments (they parse only partially);
 * - `running`: the arguments are complete and the reply goes on (a server-side tool runs);
 * - `awaiting-result`: the reply ended without a result: the call waits for the UI to answer
 *   it (`addResult`), e.g. a confirmation form or a picker;
 * - `awaiting-approval`: the backend asks the user to approve the call;
 * - `approved` / `rejected`: the user answered an approval request (rejected stays so, also
 *   when a tool message says the call did not run);
 * - `complete` / `error`: the tool message answering the call arrived;
 * - `incomplete`: the reply was stopped or failed before the call got a result.
 */
export type ToolCallStatus =
  | "streaming-args"
  | "running"
  | "awaiting-result"
  | "awaiting-approval"
  | "approved"
  | "rejected"
  | "complete"
  | "error"
  | "incomplete";

/** The status of the assistant message that carries a tool call. */
type ReplyStatus = "streaming" | "complete" | "awaiting_input" | "stopped" | "error" | undefined;

/** The arguments of a call: parsed, partially while they stream, and whether they are complete. */
export type ParsedArgs = { args: unknown; complete: boolean };

/**
 * Parses a call's JSON arguments. While they stream, a prefix such as `{"city":"Par` reads as
 * `{ city: "Par" }`, so a tool UI can show them as they arrive. Malformed text gives undefined.
 */
export function parseToolArgs(text: string): ParsedArgs {
  if (!text.trim()) return { args: undefined, complete: false };
  try {
    return { args: JSON.parse(text), complete: true };
  } catch {
    try {
      return { args: parsePartialJson(text, Allow.ALL), complete: false };
    } catch {
      return { args: undefined, complete: false };
    }
  }
}

/** A tool message's content: parsed JSON when it is JSON text, else as it is. */
export function toolResultValue(result: ToolMessage): unknown {
  if (typeof result.content !== "string") return result.content;
  try {
    return JSON.parse(result.content);
  } catch {
    return result.content;
  }
}

/** Where `toolCall` stands, from its result, its approval metadata and its reply's status. */
export function toolCallStatus(
  toolCall: ToolCall,
  result: ToolMessage | undefined,
  replyStatus: ReplyStatus,
  argsComplete: boolean,
): ToolCallStatus {
  const approved = toolCall.metadata?.approved;
  if (approved === false) return "rejected";
  if (result) return result.error ? "error" : "complete";
  if (approved === true) return "approved";
  const asksApproval = toolCall.metadata?.approvalId !== undefined;
  if (asksApproval && replyStatus === "awaiting_input") return "awaiting-approval";
  if (replyStatus === "streaming") return argsComplete ? "running" : "streaming-args";
  if (replyStatus === "stopped" || replyStatus === "error") return "incomplete";
  return "awaiting-result";
}
