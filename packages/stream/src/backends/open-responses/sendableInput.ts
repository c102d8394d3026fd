import type { OpenResponsesInputItem } from "../../converters/open-responses/openResponsesItem";
import { isToolCallItem } from "../../converters/open-responses/toolItemTypes";

type Item = OpenResponsesInputItem & Record<string, any>;

/** The call an output item answers (a local shell output names it by `id`). */
const answered = (item: Item): string | undefined =>
  item.type?.endsWith("_call_output")
    ? (item.call_id ?? (item.type === "local_shell_call_output" ? item.id : undefined))
    : undefined;

/** A call the app runs (it has a `call_id`): the API wants its output in the same input. */
const appCall = (item: Item): string | undefined =>
  isToolCallItem(item.type ?? "") && item.type !== "mcp_approval_request"
    ? item.call_id
    : undefined;

/**
 * The input without what the Responses API refuses in a request, which a thread can hold:
 * - a call the app runs with no output (a reply stopped before the tool ran, a tool never
 *   answered): "No tool output found for function call";
 * - an output whose call is not before it: "No tool call found for function call output";
 * - reasoning whose next item is not one the provider made under an id (a call sent without
 *   its item id): "… was provided without its required following item";
 * - with `store: false`, reasoning without its encrypted content: the provider has not kept it;
 * - the item id of a call the app runs (`fc_…`) when no reasoning of its turn is sent before
 *   it (a thread that kept the call but not the reasoning): "… was provided without its
 *   required 'reasoning' item". The call goes without its id, as one the provider did not make.
 */
export function sendableInput(
  input: readonly OpenResponsesInputItem[],
  store: boolean | undefined,
): OpenResponsesInputItem[] {
  const items = input as readonly Item[];
  // A call is kept when its output comes after it, and an output when its call was kept.
  const answeredLater = new Set<string>();
  const unanswered = new Set<Item>();
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]!;
    const call = appCall(item);
    if (call !== undefined && !answeredLater.has(call)) unanswered.add(item);
    const output = answered(item);
    if (output !== undefined) answeredLater.add(output);
  }
  const calls = new Set<string>();
  const paired = items.filter((item) => {
    const call = appCall(item);
    if (call !== undefined) {
      if (unanswered.has(item)) return false;
      calls.add(call);
      return true;
    }
    const output = answered(item);
    return output === undefined || calls.has(output);
  });
  const kept: Item[] = [];
  for (let index = paired.length - 1; index >= 0; index--) {
    const item = paired[index]!;
    if (item.type === "reasoning") {
      const next = kept[0];
      const followed = typeof next?.id === "string" && next.id !== next.call_id;
      if (!followed || (store === false && !item.encrypted_content)) continue;
    }
    kept.unshift(item);
  }
  // A turn's reasoning comes before its calls; the user's messages and tool outputs end it.
  let reasoned = false;
  return kept.map((item) => {
    if (item.type === "reasoning") reasoned = true;
    else if (appCall(item) === undefined) reasoned &&= item.role === "assistant";
    else if (!reasoned && item.id && item.id !== item.call_id) {
      // Local shell and computer calls need an id: the call's stands in.
      return {
        ...item,
        id: /^(local_shell|computer)_call$/.test(item.type as string) ? item.call_id : undefined,
      };
    }
    return item;
  });
}
