import type { InputContent, JSONValue, Message, PartSource, ToolCall } from "../../message";
import { splitContextBlock } from "./contextBlock";
import { parseDataURL } from "./dataURL";
import type { OpenAIChatMessage } from "./openAIChatMessage";
import { OPENAI_TOOL_TYPE } from "./toOpenAIMessages";
import { withoutUndefined } from "./withoutUndefined";

/** Gives an OpenAI message (which has no id of its own) a Crayon message id. */
export type GenerateId = (message: OpenAIChatMessage, index: number) => string;

const stringOr = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/**
 * Converts OpenAI Chat Completions messages to Crayon messages. Tolerates anything: entries that
 * are not messages, unknown roles and unknown content parts are skipped, never thrown.
 */
export function fromOpenAIMessages(
  messages: readonly OpenAIChatMessage[],
  generateId: GenerateId,
  includeContext: boolean,
): Message[] {
  // Legacy `function_call`s waiting for their `function` result, by function name.
  const pendingCalls = new Map<string, string>();
  const split = (text: string): [string, JSONValue[]?] =>
    includeContext ? splitContextBlock(text) : [text];

  return (Array.isArray(messages) ? messages : []).flatMap((message: any, index): Message[] => {
    // Not a message (null, a string, …) or no role: skipped.
    if (!message?.role) return [];
    const { role, content } = message;
    const id = stringOr(message.id) ?? generateId(message, index);
    const name = stringOr(message.name);
    switch (role) {
      case "system":
      case "developer":
        return [withoutUndefined({ id, role, name, content: textOf(content) })];
      case "user": {
        if (!Array.isArray(content)) {
          const [text, context] = split(textOf(content));
          return [withoutUndefined({ id, role, name, content: text, context })];
        }
        const parts = content.flatMap(fromUserPart);
        const last = parts.at(-1);
        const [text, context] = last?.type === "text" ? split(last.text) : [];
        if (context) {
          parts.pop();
          if (text) parts.push({ type: "text", text });
        }
        return [withoutUndefined({ id, role, name, content: parts, context })];
      }
      case "assistant": {
        const [text, context] = split(
          [textOf(content), textOf(message.refusal)].filter(Boolean).join("\n\n"),
        );
        const toolCalls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).flatMap(
          (call: unknown, i: number) => fromToolCall(call, `${id}-call-${i}`),
        );
        for (const call of fromToolCall({ function: message.function_call }, `${id}-call`)) {
          pendingCalls.set(call.function.name, call.id);
          toolCalls.push(call);
        }
        return [
          withoutUndefined({
            id,
            role,
            name,
            content: text || undefined,
            toolCalls: toolCalls.length ? toolCalls : undefined,
            context,
          }),
        ];
      }
      case "tool": {
        const toolCallId = stringOr(message.tool_call_id);
        return toolCallId !== undefined
          ? [
              withoutUndefined({
                id,
                role,
                name,
                toolCallId,
                content: Array.isArray(content) ? content.flatMap(fromTextPart) : textOf(content),
              }),
            ]
          : [];
      }
      case "function": {
        // Legacy result of an assistant `function_call`: a tool message answering that call.
        // One that answers no earlier call has nothing to attach to and is left out.
        const toolCallId = pendingCalls.get(name!);
        pendingCalls.delete(name!);
        return toolCallId ? [{ id, role: "tool", toolCallId, content: textOf(content) }] : [];
      }
      default:
        return [];
    }
  });
}

/** Plain text of string or part-array content; text and refusal parts are joined by line breaks. */
function textOf(content: unknown): string {
  return Array.isArray(content)
    ? content.flatMap((part) => stringOr(part?.text ?? part?.refusal) ?? []).join("\n")
    : (stringOr(content) ?? "");
}

function fromTextPart(part: any): InputContent[] {
  const text = part?.type === "text" && stringOr(part.text);
  return typeof text === "string" ? [{ type: "text", text }] : [];
}

function fromToolCall(call: any, fallbackId: string): ToolCall[] {
  const custom = call?.type === "custom";
  const fn = custom ? call.custom : call?.function;
  if (typeof fn?.name !== "string") return [];
  const args = custom ? fn.input : fn.arguments;
  const toolCall: ToolCall = {
    id: stringOr(call.id) ?? fallbackId,
    type: "function",
    function: {
      name: fn.name,
      // Some OpenAI-compatible servers send the arguments as an object.
      arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}),
    },
  };
  if (custom) toolCall.metadata = { [OPENAI_TOOL_TYPE]: "custom" };
  return [toolCall];
}

function fromUserPart(part: any): InputContent[] {
  switch (part?.type) {
    case "text":
      return fromTextPart(part);
    case "image_url": {
      const url = part.image_url?.url;
      return typeof url === "string"
        ? [{ type: "image", source: parseDataURL(url) ?? { type: "url", value: url } }]
        : [];
    }
    case "input_audio": {
      const { data, format } = part.input_audio ?? {};
      const mimeType = format === "mp3" ? "audio/mpeg" : "audio/wav";
      return typeof data === "string"
        ? [{ type: "audio", source: { type: "data", value: data, mimeType } }]
        : [];
    }
    case "file": {
      const { file_id, file_data, filename } = part.file ?? {};
      const source: PartSource | undefined =
        typeof file_id === "string"
          ? { type: "file", value: file_id, provider: "openai" }
          : typeof file_data === "string"
            ? // Raw base64 rather than a data: URL: Chat Completions files are PDFs.
              (parseDataURL(file_data) ?? {
                type: "data",
                value: file_data,
                mimeType: "application/pdf",
              })
            : undefined;
      return source
        ? [withoutUndefined({ type: "document" as const, source, filename: stringOr(filename) })]
        : [];
    }
    default:
      return [];
  }
}
