import type { Message as AgUIMessage } from "@ag-ui/core";
import { isRecord } from "../../internal/jsonData";
import { pickFields } from "./pickFields";
import { toAgUIContentParts } from "./toAgUIContentParts";

// The fields AG-UI 1.0 defines, per role. Its schema closes every object, so a message keeps
// these and nothing else. Tool, reasoning and activity messages carry no `name`, and activity
// messages no `encryptedValue`.
const COMMON = ["id", "role", "subagentRunId", "metadata"];
const AUTHORED = [...COMMON, "name", "encryptedValue", "content"];
const FIELDS_BY_ROLE = new Map<unknown, readonly string[]>([
  ["developer", AUTHORED],
  ["system", AUTHORED],
  ["user", AUTHORED],
  ["assistant", [...AUTHORED, "toolCalls"]],
  ["tool", [...COMMON, "content", "toolCallId", "error", "encryptedValue"]],
  ["reasoning", [...COMMON, "content", "encryptedValue"]],
  ["activity", [...COMMON, "activityType", "content"]],
]);
const TOOL_CALL_FIELDS = ["id", "type", "encryptedValue", "metadata"];
const FUNCTION_FIELDS = ["name", "arguments"];

/**
 * The AG-UI 1.0 message `value` stands for: its AG-UI fields (content parts and tool calls
 * included), without any field AG-UI does not define. Works on Crayon and AG-UI messages alike,
 * since Crayon's are a superset. `undefined` for anything that is not an object with a string
 * `id` and a role AG-UI knows.
 */
export function toAgUIMessage(value: unknown): AgUIMessage | undefined {
  if (!isRecord(value) || typeof value.id !== "string") return undefined;
  const fields = FIELDS_BY_ROLE.get(value.role);
  if (!fields) return undefined;
  const message = pickFields(value, fields);
  if (Array.isArray(message.content)) message.content = toAgUIContentParts(message.content);
  if (Array.isArray(message.toolCalls)) {
    message.toolCalls = message.toolCalls
      .filter((call) => isRecord(call) && isRecord(call.function))
      .map((call) => ({
        ...pickFields(call, TOOL_CALL_FIELDS),
        function: pickFields(call.function, FUNCTION_FIELDS),
      }));
  }
  return message as AgUIMessage;
}
