import type { InputContent, Message, ToolCall } from "../../message";
import { appendBlock, contextBlock } from "./contextBlock";
import { parseDataURL, toDataURL } from "./dataURL";
import type {
  OpenAIChatMessage,
  OpenAITextPart,
  OpenAIToolCall,
  OpenAIUserContentPart,
} from "./openAIChatMessage";
import { withoutUndefined } from "./withoutUndefined";

/** Metadata key that marks a tool call read from an OpenAI `custom` (free-form) tool call. */
export const OPENAI_TOOL_TYPE = "openAIToolType";

/**
 * Converts Crayon messages to OpenAI Chat Completions messages. Reasoning and activity
 * messages, and anything OpenAI has no field for, are left out; tool calls and results are
 * paired as OpenAI requires (see {@link pairToolMessages}); nothing throws.
 */
export function toOpenAIMessages(
  messages: Message[],
  includeContext: boolean,
): OpenAIChatMessage[] {
  return pairToolMessages(messages.flatMap((message) => toOpenAIMessage(message, includeContext)));
}

type OpenAIAssistantMessage = Extract<OpenAIChatMessage, { role: "assistant" }>;
type OpenAIToolMessage = Extract<OpenAIChatMessage, { role: "tool" }>;

/** An assistant message with tool calls and the results found for them. */
type ToolTurn = { call: OpenAIAssistantMessage; results: OpenAIToolMessage[] };

/**
 * Enforces OpenAI's pairing rules, which reject the whole request otherwise: an assistant
 * message with `tool_calls` must be followed directly by a tool message for each call, and a
 * tool message must answer a call of the assistant message before it.
 *
 * A result is moved up to right after the latest earlier call with its id (a thread may hold
 * other messages in between). A call without a result (a stopped reply, a call never run) is
 * left out, and so are a result that answers no earlier call and a second result for the same
 * call; an assistant message left with no content and no calls is left out too.
 */
function pairToolMessages(messages: OpenAIChatMessage[]): OpenAIChatMessage[] {
  // The turn each call id waits in; a later call with the same id takes it over.
  const waiting = new Map<string, ToolTurn>();
  const items: Array<OpenAIChatMessage | ToolTurn> = [];
  for (const message of messages) {
    if (message.role === "assistant" && message.tool_calls) {
      const turn: ToolTurn = { call: message, results: [] };
      for (const { id } of message.tool_calls) waiting.set(id, turn);
      items.push(turn);
    } else if (message.role === "tool") {
      waiting.get(message.tool_call_id)?.results.push(message);
      waiting.delete(message.tool_call_id);
    } else {
      items.push(message);
    }
  }
  return items.flatMap((item): OpenAIChatMessage[] => {
    if (!("results" in item)) return [item];
    const { tool_calls = [], ...message } = item.call;
    const unpaired = new Set(item.results.map((result) => result.tool_call_id));
    // `delete` is true once per id: a call repeated within the message is sent once.
    const answered = tool_calls.filter((call) => unpaired.delete(call.id));
    if (answered.length === 0) return message.content ? [message] : [];
    return [{ ...message, tool_calls: answered }, ...item.results];
  });
}

/** One Crayon message as OpenAI messages: none, or one (tool pairing is not checked here). */
function toOpenAIMessage(message: Message, includeContext: boolean): OpenAIChatMessage[] {
  const { role, name } = message;
  const block = includeContext && "context" in message ? contextBlock(message.context) : "";
  switch (role) {
    case "system":
    case "developer":
      return [withoutUndefined({ role, name, content: message.content })];
    case "user": {
      const { content } = message;
      return [
        withoutUndefined({
          role,
          name,
          content: Array.isArray(content)
            ? withTextPart(content.flatMap(toUserPart), block)
            : appendBlock(content, block),
        }),
      ];
    }
    case "assistant": {
      const content = appendBlock(message.content ?? "", block);
      const toolCalls = message.toolCalls?.length ? message.toolCalls.map(toToolCall) : undefined;
      // Nothing to say and nothing to call: OpenAI rejects such a message, so it is left out.
      return content || toolCalls
        ? [withoutUndefined({ role, name, content: content || null, tool_calls: toolCalls })]
        : [];
    }
    case "tool": {
      const { content, error } = message;
      const note = error ? `Error: ${error}` : "";
      return [
        {
          role,
          tool_call_id: message.toolCallId,
          // Tool messages carry text only.
          content: Array.isArray(content)
            ? withTextPart(
                content.flatMap((part) => (part.type === "text" ? [textPart(part.text)] : [])),
                note,
              )
            : appendBlock(content, note),
        },
      ];
    }
    default:
      // reasoning, activity and unknown roles are not sent.
      return [];
  }
}

const textPart = (text: string): OpenAITextPart => ({ type: "text", text });

/** `parts` plus `text` as a last text part when not empty; `""` when that leaves no part. */
function withTextPart<P>(parts: (P | OpenAITextPart)[], text: string): (P | OpenAITextPart)[] | "" {
  if (text) parts.push(textPart(text));
  return parts.length ? parts : "";
}

function toToolCall({ id, function: fn, metadata }: ToolCall): OpenAIToolCall {
  return metadata?.[OPENAI_TOOL_TYPE] === "custom"
    ? { id, type: "custom", custom: { name: fn.name, input: fn.arguments } }
    : { id, type: "function", function: { name: fn.name, arguments: fn.arguments } };
}

/**
 * One user content part in OpenAI form, or none when OpenAI cannot take it: video, audio that
 * is not inline WAV/MP3, documents behind a non-`data:` URL, files of another provider.
 */
function toUserPart(part: InputContent): OpenAIUserContentPart[] {
  if (part.type === "text") return [textPart(part.text)];
  let kind: string = part.type;
  let url: string | undefined;
  if (part.type === "binary") {
    // The legacy form: its kind is its MIME family, as in `normalizeContentPart`.
    kind = /^(image|audio|video)\//.exec(part.mimeType)?.[1] ?? "document";
    url = part.data
      ? toDataURL({ type: "data", mimeType: part.mimeType, value: part.data })
      : part.url;
  } else {
    const { source } = part;
    if (source?.type === "file") {
      return /openai/i.test(source.provider ?? "openai")
        ? [{ type: "file", file: { file_id: source.value } }]
        : [];
    }
    url = source?.type === "data" ? toDataURL(source) : source?.value;
  }
  if (!url) return [];
  if (kind === "image") return [{ type: "image_url", image_url: { url } }];
  const data = parseDataURL(url);
  if (!data) return [];
  if (kind === "document") {
    return [{ type: "file", file: { file_data: url, filename: part.filename ?? "file" } }];
  }
  const format =
    kind !== "audio"
      ? undefined
      : /wav/i.test(data.mimeType)
        ? "wav"
        : /mp3|mpeg/i.test(data.mimeType)
          ? "mp3"
          : undefined;
  return format ? [{ type: "input_audio", input_audio: { data: data.value, format } }] : [];
}
