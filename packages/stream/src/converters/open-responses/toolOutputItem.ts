import { isRecord } from "../../internal/jsonData";
import type { InputContent, ToolMessage } from "../../message";
import { appendBlock } from "../openai/contextBlock";
import type {
  OpenResponsesComputerCallOutputItem,
  OpenResponsesInputItem,
  OpenResponsesInputPart,
  OpenResponsesToolOutput,
} from "./openResponsesItem";
import { parseJSON } from "./parseJSON";
import { fromInputPart, toInputPart } from "./userContent";

/**
 * The fields of the output items whose output is more than text, in the order they are kept:
 * the tool message of such a call holds them as a JSON object (what the app's tool returns).
 */
const OUTPUT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  shell_call_output: ["output", "max_output_length"],
  computer_call_output: ["output", "acknowledged_safety_checks"],
  apply_patch_call_output: ["status", "output"],
};

/** A tool message's text: its string content, or its text parts joined by line breaks. */
function textOf(content: ToolMessage["content"]): string {
  return typeof content === "string"
    ? content
    : content.flatMap((part) => (part.type === "text" ? part.text : [])).join("\n");
}

/**
 * A tool message as the output of a function or custom tool: its text, or its parts as input
 * parts; an error is told to the model after it (`Error: …`).
 */
function toolOutput({ content, error }: ToolMessage): OpenResponsesToolOutput {
  const note = error ? `Error: ${error}` : "";
  if (typeof content === "string") return appendBlock(content, note);
  const parts: OpenResponsesInputPart[] = content.flatMap(toInputPart);
  if (note) parts.push({ type: "input_text", text: note });
  return parts.length ? parts : "";
}

/**
 * The output item that answers a call item of type `callType` (the call's `call_id` is
 * `callId`) with a tool message. Shell, computer and apply-patch outputs are taken from the
 * message's JSON fields (`{ output }`, `{ output }`, `{ status, output? }`); when the message is
 * not such JSON, its text stands in: a shell command's stdout (with the error as stderr and exit
 * code 1), a screenshot's URL, or the patch's log (`failed` with an error).
 */
export function toolOutputItem(
  callType: string,
  callId: string,
  message: ToolMessage,
): OpenResponsesInputItem {
  const fields = typeof message.content === "string" ? parseJSON(message.content) : undefined;
  const own = isRecord(fields) ? fields : {};
  const text = textOf(message.content);
  const { error } = message;
  switch (callType) {
    case "custom_tool_call":
      return { type: "custom_tool_call_output", call_id: callId, output: toolOutput(message) };
    case "local_shell_call":
      return {
        type: "local_shell_call_output",
        id: callId,
        output: appendBlock(text, error ? `Error: ${error}` : ""),
      };
    case "shell_call":
      return Array.isArray(own.output)
        ? pick({ type: "shell_call_output", call_id: callId, output: own.output }, own)
        : {
            type: "shell_call_output",
            call_id: callId,
            output: [
              {
                stdout: text,
                stderr: error ?? "",
                outcome: { type: "exit", exit_code: error === undefined ? 0 : 1 },
              },
            ],
          };
    case "computer_call": {
      if (isRecord(own.output) && own.output.type === "computer_screenshot") {
        const output = own.output as OpenResponsesComputerCallOutputItem["output"];
        return pick({ type: "computer_call_output", call_id: callId, output }, own);
      }
      const image = screenshotOf(message.content);
      return { type: "computer_call_output", call_id: callId, output: image };
    }
    case "apply_patch_call":
      return own.status === "completed" || own.status === "failed"
        ? pick({ type: "apply_patch_call_output", call_id: callId, status: own.status }, own)
        : {
            type: "apply_patch_call_output",
            call_id: callId,
            status: error === undefined ? "completed" : "failed",
            output: appendBlock(text, error ?? ""),
          };
    default:
      return { type: "function_call_output", call_id: callId, output: toolOutput(message) };
  }
}

/** `item` with the other known fields of its type taken from `fields`, when they are there. */
function pick<T extends OpenResponsesInputItem>(item: T, fields: Record<string, unknown>): T {
  for (const key of OUTPUT_FIELDS[item.type as string]!) {
    if (fields[key] !== undefined && !(key in item))
      (item as Record<string, unknown>)[key] = fields[key];
  }
  return item;
}

/** A screenshot from a tool message: its image part, or its text as the image's URL. */
function screenshotOf(content: ToolMessage["content"]) {
  const image = typeof content === "string" ? undefined : content.find((p) => p.type === "image");
  const part = image && toInputPart(image)[0];
  if (part?.type === "input_image") {
    return part.file_id
      ? { type: "computer_screenshot" as const, file_id: part.file_id }
      : { type: "computer_screenshot" as const, image_url: part.image_url ?? "" };
  }
  return { type: "computer_screenshot" as const, image_url: textOf(content) };
}

/**
 * The content of the tool message for an output item: a function or custom tool's text (or
 * its parts), a local shell command's output, or the JSON of the known fields of a shell,
 * computer or apply-patch output. `undefined` when the item carries no usable output.
 */
export function toolMessageContent(
  item: Record<string, unknown>,
): ToolMessage["content"] | undefined {
  const { type, output } = item;
  const fields = OUTPUT_FIELDS[type as string];
  if (fields) {
    const kept: Record<string, unknown> = {};
    for (const key of fields)
      if (item[key] !== undefined && item[key] !== null) kept[key] = item[key];
    return kept[fields[0]!] === undefined ? undefined : JSON.stringify(kept);
  }
  if (typeof output === "string") return output;
  if (!Array.isArray(output) || type === "local_shell_call_output") return undefined;
  return output.flatMap((part): InputContent[] => {
    const read = isRecord(part) ? fromInputPart(part) : undefined;
    return read ? [read] : [];
  });
}
