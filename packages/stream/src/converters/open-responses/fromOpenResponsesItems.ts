import { isRecord } from "../../internal/jsonData";
import type {
  AssistantMessage,
  InputContent,
  JSONValue,
  Message,
  SourceReference,
  ToolCall,
  ToolMessage,
} from "../../message";
import { splitContextBlock } from "../openai/contextBlock";
import { withoutUndefined } from "../openai/withoutUndefined";
import { sourceOfAnnotation } from "./annotations";
import { approvalAnswer } from "./approvalAnswer";
import { itemInput } from "./itemInput";
import type { MalformedItemError } from "./malformedItemError";
import { reasoningText } from "./reasoningText";
import { hostedToolError, isHostedToolItem, isToolCallItem } from "./toolItemTypes";
import { toolMessageContent } from "./toolOutputItem";
import { fromInputPart } from "./userContent";

/** Options for {@link fromOpenResponsesItems}. */
export type FromOpenResponsesItemsOptions = {
  /**
   * The id of a message whose items carry none: a user, system or developer message, an
   * assistant message that holds tool calls, a tool result, an approval's answer. Receives the
   * item the message starts with and its index. Default: `` `item-${index}` `` (the same ids
   * each time a conversation is loaded). A hosted tool's result is `<item id>:result`, as the
   * adapter names it.
   */
  generateId?: (item: unknown, index: number) => string;
  /**
   * Read a trailing `<context>[…JSON…]</context>` text block of user and assistant text back
   * into `context`. Default: `true`.
   */
  includeContext?: boolean;
};

/** What {@link fromOpenResponsesItems} returns. */
export type OpenResponsesItemsRead = {
  /** The conversation as Crayon messages, as the Open Responses adapter streams it. */
  messages: Message[];
  /** Every item left out and every part of one left out, in list order. Empty when all were read. */
  errors: MalformedItemError[];
};

const string = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** A non-empty string, or `undefined`. */
const id = (value: unknown): string | undefined =>
  typeof value === "string" && value ? value : undefined;

/**
 * Converts a stored OpenAI Responses / Open Responses conversation (input items and output
 * items mixed, in order: a request's `input` followed by its response's `output`, and so on) to
 * Crayon messages: the messages the Open Responses adapter and the accumulator would have made
 * from the same output items (same ids, same grouping of tool calls into assistant messages),
 * plus the user's side (messages, tool results, approval answers as `respond` records them).
 *
 * Untrusted input is read, never thrown on: an item that cannot be read is left out and said in
 * `errors` ({@link MalformedItemError}), and so is a part of one that is left out.
 *
 * @example
 * ```ts
 * import { fromOpenResponsesItems } from "@crayonai/stream/converters/open-responses";
 *
 * const { messages, errors } = fromOpenResponsesItems(await loadConversation(id));
 * ```
 */
export function fromOpenResponsesItems(
  items: readonly unknown[],
  options: FromOpenResponsesItemsOptions = {},
): OpenResponsesItemsRead {
  const { generateId = (_item, index) => `item-${index}`, includeContext = true } = options;
  const messages: Message[] = [];
  const errors: MalformedItemError[] = [];
  /** The assistant message tool calls go to (the adapter's open one); none after a result. */
  let current: AssistantMessage | undefined;
  /** The assistant message of each tool call, by call id. */
  const owners = new Map<string, AssistantMessage>();
  /** The `call_id` of each local shell call, by its item id (its output names the item). */
  const localShellCalls = new Map<string, string>();
  const split = (text: string): [string, JSONValue[]?] =>
    includeContext ? splitContextBlock(text) : [text];
  /** Every message id given so far: ids are unique in a thread. */
  const taken = new Set<string>();
  const add = (message: Message) => {
    taken.add(message.id);
    messages.push(message);
  };
  /** `base`, or `base~2`, `base~3`, … when an item already has it. */
  const fresh = (base: string) => {
    let unique = base;
    for (let n = 2; taken.has(unique); n++) unique = `${base}~${n}`;
    return unique;
  };

  const list = Array.isArray(items) ? items : [];
  for (let index = 0; index < list.length; index++) {
    const item: unknown = list[index];
    let type: string | undefined;
    /** Says what was left out (the item, or a part of it) and why. */
    const report = (why: string) =>
      errors.push(
        withoutUndefined({
          code: "malformed_item" as const,
          index,
          type,
          message: `${why}; left out.`,
        }),
      );
    const newId = () => fresh(generateId(item, index));
    /** True (and said) for an item whose id came before: the adapter reads it once. */
    const repeated = (itemId: string, seen: boolean) => {
      if (seen) report(`An item with id ${itemId} came before`);
      return seen;
    };

    /** The assistant message for a tool call item: the open one, or a new one. */
    const owner = (): AssistantMessage => {
      if (!current) {
        current = { id: newId(), role: "assistant", content: "", status: "complete" };
        add(current);
      }
      return current;
    };
    const addCall = (call: ToolCall) => {
      const message = owner();
      message.toolCalls = [...(message.toolCalls ?? []), call];
      owners.set(call.id, message);
      return message;
    };
    const call = (callId: string, name: string, args: string): ToolCall => ({
      id: callId,
      type: "function",
      function: { name, arguments: args },
    });

    try {
      if (!isRecord(item)) {
        report("Not an object");
        continue;
      }
      type = string(item.type) ?? (item.role !== undefined ? "message" : undefined);
      if (type === undefined) {
        report("No `type`");
        continue;
      }
      if (type === "message") {
        const itemId = id(item.id);
        if (itemId && repeated(itemId, taken.has(itemId))) continue;
        const read = readMessage(item, itemId ?? newId(), split, report);
        if (read) add(read);
        current = undefined;
      } else if (type === "reasoning") {
        const itemId = id(item.id);
        if (!itemId) {
          report("A reasoning item without an id");
          continue;
        }
        if (repeated(itemId, taken.has(itemId))) continue;
        const encrypted = id(item.encrypted_content);
        add({
          id: itemId,
          role: "reasoning",
          content: reasoningText(item),
          isThinking: false,
          ...(encrypted && { encryptedValue: encrypted }),
        });
      } else if (isToolCallItem(type)) {
        const itemId = id(item.id);
        const callId = id(item.call_id) ?? itemId;
        if (!callId) {
          report(`A ${type} without a call_id or an id`);
          continue;
        }
        if (repeated(callId, owners.has(callId))) continue;
        // The adapter's rules: named by the tool (or the item type), the arguments as sent or
        // else the item's input fields.
        const name = String(item.name ?? type);
        let args: string;
        if (typeof item.arguments === "string") args = item.arguments;
        else if (type === "function_call" && isRecord(item.arguments)) {
          // Some compatible servers send a function call's arguments as an object.
          args = JSON.stringify(item.arguments);
        } else args = itemInput(item);
        const toolCall = call(callId, name, args);
        // A call the app runs keeps its own item id (`fc_…`), as the adapter keeps it.
        if (itemId && itemId !== callId) toolCall.encryptedValue = itemId;
        if (type === "mcp_approval_request") {
          toolCall.metadata = { approvalId: callId };
          addCall(toolCall).status = "awaiting_input";
          continue;
        }
        if (type === "local_shell_call" && itemId) localShellCalls.set(itemId, callId);
        addCall(toolCall);
        if (!isHostedToolItem(item)) continue;
        const error = hostedToolError(item);
        const result: ToolMessage = {
          id: fresh(`${callId}:result`),
          role: "tool",
          toolCallId: callId,
          content: JSON.stringify(item),
        };
        if (error !== undefined) result.error = error;
        add(result);
        // Text after a tool result is the assistant's next message.
        current = undefined;
      } else if (type === "mcp_approval_response") {
        const requestId = id(item.approval_request_id);
        const waiting = requestId === undefined ? undefined : owners.get(requestId);
        const request = waiting?.toolCalls?.find((c) => c.id === requestId);
        if (!waiting || !request || typeof item.approve !== "boolean") {
          report(
            waiting && request
              ? "`approve` is not a boolean"
              : "An mcp_approval_response that answers no earlier mcp_approval_request",
          );
          continue;
        }
        const reason = id(item.reason);
        request.metadata = {
          ...request.metadata,
          approved: item.approve,
          ...(reason && { reason }),
        };
        waiting.status = "complete";
        const answered = { messageId: waiting.id, toolCallId: request.id, approvalId: requestId! };
        add(approvalAnswer(newId(), answered, item.approve, reason));
        current = undefined;
      } else if (type.endsWith("_call_output")) {
        const callId =
          type === "local_shell_call_output"
            ? (id(item.call_id) ?? localShellCalls.get(item.id as string) ?? id(item.id))
            : id(item.call_id);
        const content = toolMessageContent(item);
        if (!callId || content === undefined) {
          report(`A ${type} without ${callId ? "a usable output" : "a call_id"}`);
          continue;
        }
        add({ id: newId(), role: "tool", toolCallId: callId, content });
        current = undefined;
      } else {
        report(`Items of type \`${type}\` are not read`);
      }
    } catch {
      report("The item could not be read");
    }
  }
  return { messages, errors };
}

/** A `message` item as a user, system, developer or assistant message. */
function readMessage(
  item: Record<string, unknown>,
  messageId: string,
  split: (text: string) => [string, JSONValue[]?],
  report: (why: string) => void,
): Message | undefined {
  const { role, content } = item;
  const parts: unknown[] = Array.isArray(content) ? content : [];
  if (typeof content !== "string" && !Array.isArray(content)) {
    report("A message whose content is neither text nor a list of parts");
    return undefined;
  }
  if (role === "assistant") {
    let text = "";
    let refusal = false;
    const sources: SourceReference[] = [];
    for (const part of typeof content === "string" ? [] : parts) {
      if (!isRecord(part)) continue;
      if (part.type === "refusal") refusal = true;
      const partText = part.text ?? part.refusal;
      if (typeof partText !== "string") {
        report(`An assistant content part of type \`${String(part.type)}\` without text`);
        continue;
      }
      text += partText;
      for (const annotation of Array.isArray(part.annotations) ? part.annotations : []) {
        const source = isRecord(annotation) ? sourceOfAnnotation(annotation) : undefined;
        if (source && !sources.some((s) => s.id === source.id)) sources.push(source);
      }
    }
    const [body, context] = split(typeof content === "string" ? content : text);
    const message: AssistantMessage = {
      id: messageId,
      role: "assistant",
      content: body,
      status: "complete",
    };
    if (context) message.context = context;
    if (refusal) message.metadata = { refusal: true };
    if (sources.length) message.sources = sources;
    return message;
  }
  if (role !== "user" && role !== "system" && role !== "developer") {
    report(`A message with role \`${String(role)}\``);
    return undefined;
  }
  const read: InputContent[] = [];
  for (const part of parts) {
    const converted = isRecord(part) ? fromInputPart(part) : undefined;
    if (converted) read.push(converted);
    else report(`A content part of type \`${String(isRecord(part) ? part.type : part)}\``);
  }
  if (role !== "user") {
    const text =
      typeof content === "string"
        ? content
        : read.flatMap((part) => (part.type === "text" ? part.text : [])).join("\n");
    return { id: messageId, role, content: text };
  }
  if (typeof content === "string") {
    const [text, context] = split(content);
    return withoutUndefined<Message>({ id: messageId, role, content: text, context });
  }
  const last = read.at(-1);
  const [text, context] = last?.type === "text" ? split(last.text) : [];
  if (context) {
    read.pop();
    if (text) read.push({ type: "text", text });
  }
  return withoutUndefined<Message>({ id: messageId, role, content: read, context });
}
