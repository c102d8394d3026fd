import { isRecord } from "../../internal/jsonData";
import type { Metadata, ToolCall, ToolMessage } from "../../message";
import { withoutUndefined } from "../openai/withoutUndefined";
import { extraFields, keepExtra, keptExtra } from "./extraFields";
import type { VercelDynamicToolPart, VercelToolPart } from "./vercelUIMessage";

/** The error of the tool message for a denied call (the one the Vercel adapter writes). */
export const DENIED = "The tool call was denied.";

/** What the model is told about a call whose reply was cut off before the result came. */
export const INTERRUPTED = "The tool call was interrupted before it returned a result.";

type Parsed = { ok: boolean; value?: unknown };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** JSON text of a value; `""` for undefined (no input at all) and what JSON cannot hold. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/** A tool message's content as the AI SDK's `output`: parsed JSON when it parses, else the text. */
function toOutput({ content }: ToolMessage): unknown {
  if (Array.isArray(content)) {
    return content.flatMap((part) => (part.type === "text" ? part.text : [])).join("\n");
  }
  const parsed = parse(content);
  return parsed.ok ? parsed.value : content;
}

/**
 * The AI SDK tool part for a Crayon tool call, its result (if any) and whether its message was
 * cut off. The state follows from what the thread holds:
 * - a result: `output-available`, `output-error` (the tool message has an `error`), or
 *   `output-denied` (the user rejected the approval);
 * - no result but an approval: `approval-requested`, or `approval-responded` once answered;
 * - neither, in a reply that was stopped or failed: `output-error` saying so. Without it the
 *   call would have no result, which the AI SDK and providers reject on the next request;
 * - neither: `input-available` (a client-side tool not run yet).
 */
export function toToolPart(
  call: ToolCall,
  result: ToolMessage | undefined,
  cutOff: boolean,
): VercelToolPart | VercelDynamicToolPart {
  const { approvalId, approved, reason } = call.metadata ?? {};
  const { state: keptState, approval: keptApproval, ...extra } = keptExtra(call.metadata);
  const { name, arguments: args } = call.function;
  const parsed = args ? parse(args) : { ok: true };
  const part: Record<string, unknown> = {
    type: `tool-${name}`,
    ...extra,
    toolCallId: call.id,
    input: parsed.ok ? parsed.value : args,
  };
  if (part.type === "dynamic-tool") part.toolName = name;
  const approval = (answer?: boolean) =>
    withoutUndefined({ ...keptApproval, id: approvalId, approved: answer, reason });
  const asked = typeof approvalId === "string";
  /** The input of an `output-error` part: the raw text goes to `rawInput` when it is not JSON. */
  const failedInput = () => {
    if ("rawInput" in extra || !parsed.ok) part.input = undefined;
    if (!parsed.ok) part.rawInput = args;
  };

  if (result) {
    if (asked && approved === false) {
      part.state = "output-denied";
      part.approval = approval(false);
    } else {
      if (asked) part.approval = approval(true);
      if (result.error !== undefined) {
        part.state = "output-error";
        part.errorText = result.error;
        failedInput();
      } else {
        part.state = "output-available";
        part.output = toOutput(result);
      }
    }
  } else if (asked) {
    const answered = typeof approved === "boolean";
    part.state = answered ? "approval-responded" : "approval-requested";
    part.approval = answered ? approval(approved) : { ...keptApproval, id: approvalId };
  } else if (keptState === "input-streaming") {
    // Loaded as it was: the partial input and raw text are in `extra`.
    part.state = keptState;
    part.input = extra.input;
  } else if (cutOff || !parsed.ok) {
    part.state = "output-error";
    part.errorText = INTERRUPTED;
    failedInput();
    // Providers need some input on the call they are told about.
    part.input ??= {};
  } else {
    part.state = "input-available";
  }
  return part as VercelToolPart;
}

/** A tool part read back: the Crayon call, its result if it has one, whether it awaits approval. */
export type ReadToolPart = {
  call: ToolCall;
  result?: { content: string; error?: string };
  awaitingApproval: boolean;
};

/** Reads an AI SDK tool part (`tool-<name>` or `dynamic-tool`); undefined when it is unusable. */
export function fromToolPart(part: Record<string, any>): ReadToolPart | undefined {
  const { type, toolCallId, state, input, approval } = part;
  const dynamic = type === "dynamic-tool";
  const name = dynamic ? part.toolName : type.slice(5);
  if (typeof toolCallId !== "string" || typeof name !== "string") return undefined;
  const streaming = state === "input-streaming";
  const failedInput = state === "output-error" && input === undefined;
  const known = ["toolCallId", "output", "errorText", "approval", dynamic ? "toolName" : "type"];
  if (!streaming) known.push("state", "input");
  if (!streaming && !failedInput) known.push("rawInput");
  let extra = extraFields(part, known);
  const answer: Record<string, unknown> = isRecord(approval) ? approval : {};
  const approvalExtra = extraFields(answer, ["id", "approved", "reason"]);
  if (approvalExtra) extra = { ...extra, approval: approvalExtra };

  const metadata: Metadata = withoutUndefined({
    approvalId: typeof answer.id === "string" ? answer.id : undefined,
    approved: typeof answer.approved === "boolean" ? answer.approved : undefined,
    reason: typeof answer.reason === "string" ? answer.reason : undefined,
    ...keepExtra(extra),
  });
  const call: ToolCall = {
    id: toolCallId,
    type: "function",
    function: {
      name,
      // What the Vercel adapter would have streamed: the raw text while the input streams, the
      // JSON-encoded raw input when it was invalid.
      arguments:
        streaming && typeof part.rawInput === "string"
          ? part.rawInput
          : json(failedInput ? part.rawInput : input),
    },
  };
  if (Object.keys(metadata).length) call.metadata = metadata;

  const { output, errorText } = part;
  const result =
    state === "output-available"
      ? { content: typeof output === "string" ? output : json(output) }
      : state === "output-error"
        ? { content: "", error: typeof errorText === "string" ? errorText : "" }
        : state === "output-denied"
          ? { content: "", error: DENIED }
          : undefined;
  return { call, result, awaitingApproval: state === "approval-requested" };
}
