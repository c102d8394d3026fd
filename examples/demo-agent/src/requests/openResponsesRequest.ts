import {
  fromOpenResponsesItems,
  type OpenResponsesInputItem,
  openResponsesMessageConverter,
} from "@crayonai/stream/converters/open-responses";
import { createId } from "../agent/ids";
import type { ApprovalAnswer, TurnRequest } from "../chat/turnRequest";
import { isRecord } from "./isRecord";
import type { OpenAIRequestError } from "./openAIRequest";

/** Whether an item is the output of a call the app ran (`function_call_output`, …). */
const isCallOutput = (item: Record<string, unknown>) =>
  typeof item.type === "string" && item.type.endsWith("_call_output");

/** The first call output answering no earlier call, or call left without its output. */
function pairingError(items: readonly Record<string, unknown>[]): OpenAIRequestError | undefined {
  const calls = new Map<string, number>();
  const answered = new Set<string>();
  for (const [index, item] of items.entries()) {
    const callId = item.call_id;
    // A local shell command and its output are paired by item id: left to the converter.
    if (typeof callId !== "string" || String(item.type).startsWith("local_shell")) continue;
    if (isCallOutput(item)) {
      if (!calls.has(callId)) {
        return {
          message: `No tool call found for function call output with call_id ${callId}.`,
          param: `input[${index}]`,
        };
      }
      answered.add(callId);
    } else calls.set(callId, index);
  }
  for (const [callId, index] of calls) {
    if (!answered.has(callId)) {
      return {
        message: `No tool output found for function call ${callId}.`,
        param: `input[${index}]`,
      };
    }
  }
  return undefined;
}

/** The names of the declared function tools (other tool types are accepted and ignored), or an error. */
function functionToolNames(tools: unknown): string[] | OpenAIRequestError {
  if (tools === undefined) return [];
  const bad: OpenAIRequestError = {
    message:
      "Invalid value for 'tools': expected an array of tools, each with a `type` (a function tool with a `name`).",
    param: "tools",
  };
  if (!Array.isArray(tools)) return bad;
  const names: string[] = [];
  for (const tool of tools) {
    if (!isRecord(tool) || typeof tool.type !== "string") return bad;
    if (tool.type !== "function") continue;
    if (typeof tool.name !== "string" || tool.name === "") return bad;
    names.push(tool.name);
  }
  return names;
}

/**
 * The `mcp_approval_response` items that end the input: the user's answers to the approvals
 * the last response asked for. They go to the agent as answers (as AG-UI's `resume` does),
 * the rest of the input as the thread.
 */
function trailingAnswers(items: OpenResponsesInputItem[]): {
  thread: OpenResponsesInputItem[];
  approvals: ApprovalAnswer[];
} {
  let end = items.length;
  while (end > 0 && items[end - 1]!.type === "mcp_approval_response") end--;
  const approvals = items.slice(end).map((item) => {
    const { approval_request_id, approve, reason } = item as Record<string, unknown>;
    return {
      approvalId: String(approval_request_id),
      approved: approve === true,
      ...(typeof reason === "string" && reason !== "" && { reason }),
    };
  });
  return { thread: items.slice(0, end), approvals };
}

/**
 * Reads an OpenAI Responses / Open Responses request (`POST /responses`, as
 * `openResponsesBackend` or the `openai` package sends it) the way the Responses API checks it,
 * or says what it would reject: a model, `stream: true`, an `input` (text, or items every one
 * of which `fromOpenResponsesItems` can read, each call output answering an earlier call and
 * each call the app runs answered), `tools`, and `metadata` with string values. The thread id
 * is `metadata.thread_id` (the Responses API has no thread); `previous_response_id` is refused,
 * since the demo agent keeps threads, not responses. Declared function tools are the client's
 * to run; `mcp_approval_response` items ending the input answer the approvals the last reply
 * asked for.
 */
export function readOpenResponsesRequest(
  body: unknown,
): TurnRequest<OpenResponsesInputItem> | OpenAIRequestError {
  if (!isRecord(body))
    return { message: "We could not parse the JSON body of your request.", param: null };
  if (typeof body.model !== "string" || body.model === "")
    return { message: "Missing required parameter: 'model'.", param: "model" };
  if (body.stream !== true)
    return { message: "This server only streams: set 'stream' to true.", param: "stream" };
  if (body.previous_response_id != null) {
    return {
      message:
        "This server keeps threads, not responses: send the whole conversation in 'input' (with 'metadata.thread_id') instead of 'previous_response_id'.",
      param: "previous_response_id",
    };
  }
  const { metadata, input } = body;
  if (
    metadata !== undefined &&
    (!isRecord(metadata) || Object.values(metadata).some((value) => typeof value !== "string"))
  )
    return { message: "Invalid value for 'metadata': expected string values.", param: "metadata" };
  if (input === "" || (Array.isArray(input) && input.length === 0))
    return { message: "'input' must not be empty.", param: "input" };
  if (typeof input !== "string" && !Array.isArray(input))
    return {
      message: "Invalid type for 'input': expected a string or an array of items.",
      param: "input",
    };
  const items = (
    typeof input === "string" ? [{ type: "message", role: "user", content: input }] : input
  ) as OpenResponsesInputItem[];
  const [unread] = fromOpenResponsesItems(items).errors;
  if (unread) {
    return {
      message: `Invalid value for 'input[${unread.index}]': ${unread.message}`,
      param: `input[${unread.index}]`,
    };
  }
  const pairing = pairingError(items as unknown as Record<string, unknown>[]);
  if (pairing) return pairing;
  const clientTools = functionToolNames(body.tools);
  if (!Array.isArray(clientTools)) return clientTools;

  const { thread, approvals } = trailingAnswers(items);
  const threadId = isRecord(metadata) ? metadata.thread_id : undefined;
  return {
    messages: thread,
    // The items carry no ids for user messages and tool outputs: fresh ones, never reused.
    converter: openResponsesMessageConverter({ generateId: () => createId("msg") }),
    model: body.model,
    clientTools,
    ...(approvals.length > 0 && { approvals }),
    ...(typeof threadId === "string" && threadId !== "" && { threadId }),
  };
}
