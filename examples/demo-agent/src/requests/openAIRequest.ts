import { type OpenAIChatMessage, openAIMessageConverter } from "@crayonai/stream/converters/openai";
import { createId } from "../agent/ids";
import type { TurnRequest } from "../chat/turnRequest";
import { isRecord } from "./isRecord";

/** A rejected request, as the OpenAI API words it: `{ error: { message, type, param } }`. */
export type OpenAIRequestError = { message: string; param: string | null };

const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

/** Whether one part of a content list is one the OpenAI API would accept the shape of. */
const isPart = (part: unknown) =>
  isRecord(part) &&
  (part.type === "text"
    ? typeof part.text === "string"
    : part.type === "image_url"
      ? isRecord(part.image_url) && typeof part.image_url.url === "string"
      : typeof part.type === "string");

const isContent = (content: unknown) =>
  typeof content === "string" || (Array.isArray(content) && content.every(isPart));

const unanswered = (open: Set<string>, param: string): OpenAIRequestError => ({
  message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...open].join(", ")}`,
  param,
});

/** The first thing wrong with one assistant `tool_calls` entry, if any. */
function toolCallError(call: unknown, param: string): OpenAIRequestError | undefined {
  if (
    !isRecord(call) ||
    typeof call.id !== "string" ||
    call.type !== "function" ||
    !isRecord(call.function) ||
    typeof call.function.name !== "string" ||
    typeof call.function.arguments !== "string"
  ) {
    return {
      message: `Invalid value for '${param}': expected { id, type: "function", function: { name, arguments } }.`,
      param,
    };
  }
  return undefined;
}

/**
 * The first rule of the OpenAI API the messages break: a known role, content of the right type,
 * every `tool` message answering an earlier assistant `tool_calls[].id`, and every tool call
 * answered before the conversation goes on.
 */
function messagesError(messages: unknown[]): OpenAIRequestError | undefined {
  const called = new Set<string>();
  let open = new Set<string>();
  for (const [index, message] of messages.entries()) {
    const param = `messages.[${index}]`;
    if (!isRecord(message) || typeof message.role !== "string" || !ROLES.has(message.role)) {
      return {
        message: `Invalid value for '${param}.role': expected one of ${[...ROLES].join(", ")}.`,
        param: `${param}.role`,
      };
    }
    if (message.role === "tool") {
      const id = message.tool_call_id;
      if (typeof id !== "string" || !called.has(id) || !open.has(id)) {
        return {
          message:
            "Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.",
          param: `${param}.tool_call_id`,
        };
      }
      open.delete(id);
      if (!isContent(message.content))
        return { message: `Invalid type for '${param}.content'.`, param: `${param}.content` };
      continue;
    }
    if (open.size > 0) return unanswered(open, param);
    if (message.role !== "assistant") {
      if (!isContent(message.content))
        return { message: `Invalid type for '${param}.content'.`, param: `${param}.content` };
      continue;
    }
    const calls = message.tool_calls ?? [];
    if (!Array.isArray(calls))
      return { message: `Invalid type for '${param}.tool_calls'.`, param: `${param}.tool_calls` };
    if (message.content != null && !isContent(message.content))
      return { message: `Invalid type for '${param}.content'.`, param: `${param}.content` };
    if (message.content == null && calls.length === 0) {
      return {
        message: `Invalid value for '${param}': an assistant message needs content or tool_calls.`,
        param,
      };
    }
    for (const [callIndex, call] of calls.entries()) {
      const error = toolCallError(call, `${param}.tool_calls.[${callIndex}]`);
      if (error) return error;
    }
    open = new Set(calls.map((call: { id: string }) => call.id));
    for (const id of open) called.add(id);
  }
  return open.size > 0 ? unanswered(open, "messages") : undefined;
}

/** The names of the declared function tools, or an error. */
function toolNames(tools: unknown): string[] | OpenAIRequestError {
  if (tools === undefined) return [];
  const bad: OpenAIRequestError = {
    message:
      "Invalid value for 'tools': expected an array of { type: \"function\", function: { name } }.",
    param: "tools",
  };
  if (!Array.isArray(tools)) return bad;
  const names: string[] = [];
  for (const tool of tools) {
    if (!isRecord(tool) || tool.type !== "function" || !isRecord(tool.function)) return bad;
    if (typeof tool.function.name !== "string") return bad;
    names.push(tool.function.name);
  }
  return names;
}

/**
 * Reads a Chat Completions request (`POST /chat/completions`) the way the OpenAI API checks
 * it, or says what it would reject. The thread id is `metadata.thread_id` when the client sends
 * one (OpenAI has no thread); the declared `tools` are the client's to run. Messages are read
 * with `openAIMessageConverter`, with fresh ids since OpenAI messages have none.
 */
export function readOpenAIRequest(
  body: unknown,
): TurnRequest<OpenAIChatMessage> | OpenAIRequestError {
  if (!isRecord(body))
    return { message: "We could not parse the JSON body of your request.", param: null };
  if (typeof body.model !== "string" || body.model === "")
    return { message: "you must provide a model parameter", param: "model" };
  const { messages, metadata } = body;
  if (!Array.isArray(messages) || messages.length === 0)
    return { message: "'messages' must be a non-empty array.", param: "messages" };
  if (body.stream !== true) {
    return {
      message: "This server only streams: set 'stream' to true.",
      param: "stream",
    };
  }
  if (
    metadata !== undefined &&
    (!isRecord(metadata) || typeof (metadata.thread_id ?? "") !== "string")
  )
    return { message: "Invalid value for 'metadata': expected string values.", param: "metadata" };
  const messageError = messagesError(messages);
  if (messageError) return messageError;
  const clientTools = toolNames(body.tools);
  if (!Array.isArray(clientTools)) return clientTools;

  const threadId = isRecord(metadata) ? metadata.thread_id : undefined;
  return {
    messages: messages as OpenAIChatMessage[],
    converter: openAIMessageConverter({ generateId: () => createId("msg") }),
    model: body.model,
    clientTools,
    ...(typeof threadId === "string" && threadId !== "" && { threadId }),
  };
}
