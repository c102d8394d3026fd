import { isRecord } from "../../internal/jsonData";
import type { ToolCall } from "../../message";
import type {
  OpenResponsesApplyPatchCallItem,
  OpenResponsesComputerCallItem,
  OpenResponsesCustomToolCallItem,
  OpenResponsesFunctionCallItem,
  OpenResponsesLocalShellCallItem,
  OpenResponsesShellCallItem,
} from "./openResponsesItem";
import { parseJSON } from "./parseJSON";
import { CLIENT_TOOL_CALLS } from "./toolItemTypes";

/**
 * A tool call the app runs, as the call item it was read from: a client-run item type when the
 * call is named by one (`shell_call`, …) and its arguments are the item's input fields, a
 * `custom_tool_call` when its arguments are the custom tool's `{ name, input }`, else a
 * `function_call`. The item goes under the id the provider gave it (`fc_…`, which the adapter
 * keeps as the call's `encryptedValue`), which pairs it with the reasoning item before it.
 * Fields the Crayon call does not keep are filled in: `status: "completed"`, and the `call_id`
 * as the item `id` that local shell calls (whose output names the call by it) and computer
 * calls that kept none require.
 */
export function toolCallItem(
  call: ToolCall,
):
  | OpenResponsesFunctionCallItem
  | OpenResponsesCustomToolCallItem
  | OpenResponsesLocalShellCallItem
  | OpenResponsesShellCallItem
  | OpenResponsesComputerCallItem
  | OpenResponsesApplyPatchCallItem {
  const { id, function: fn } = call;
  // Only an id the provider gave (`fc_…`, `ctc_…`): another protocol's encrypted value is not one.
  const itemId = /^[a-z]+_\w+$/.test(call.encryptedValue ?? "") ? call.encryptedValue : undefined;
  const input = parseJSON(fn.arguments);
  if (isRecord(input)) {
    const type = CLIENT_TOOL_CALLS.has(fn.name)
      ? fn.name
      : input.name === fn.name && typeof input.input === "string"
        ? "custom_tool_call"
        : undefined;
    switch (type) {
      case "custom_tool_call":
        return { ...input, type, id: itemId, call_id: id, name: fn.name, input: input.input };
      case "shell_call":
        return { ...input, type, id: itemId, call_id: id, action: input.action };
      case "apply_patch_call":
        return {
          ...input,
          type,
          id: itemId,
          call_id: id,
          status: "completed",
          operation: input.operation,
        };
      case "local_shell_call":
        // Under the call's id, which its output names (`local_shell_call_output.id`).
        return {
          ...input,
          type,
          id,
          call_id: id,
          status: "completed",
          action: input.action,
        };
      case "computer_call":
        return {
          ...input,
          type,
          id: itemId ?? id,
          call_id: id,
          status: "completed",
          pending_safety_checks: Array.isArray(input.pending_safety_checks)
            ? input.pending_safety_checks
            : [],
        };
    }
  }
  return {
    type: "function_call",
    id: itemId,
    call_id: id,
    name: fn.name,
    arguments: fn.arguments,
  };
}
