import type { StreamProtocolAdapter } from "../../adapter";
import type { OpenResponsesInputItem } from "../../converters/open-responses/openResponsesItem";
import { isToolCallItem } from "../../converters/open-responses/toolItemTypes";
import type { CrayonStreamEvent } from "../../events";

/** The id under which the provider made an item (a call the app runs: its `call_id`). */
function producedId(item: OpenResponsesInputItem & Record<string, any>): string | undefined {
  const { type } = item;
  if (type === "message" || type === "reasoning") return item.id;
  return type && isToolCallItem(type) ? (item.call_id ?? item.id) : undefined;
}

/** The id of a message or tool call an event starts, if it starts one. */
function startedId(event: CrayonStreamEvent): string | undefined {
  if (event.type === "message-start" || event.type === "reasoning-start") return event.messageId;
  if (event.type === "tool-call-start") return event.toolCallId;
  return undefined;
}

/** What a request sends when it continues an earlier response. */
export type ChainedInput = { input: OpenResponsesInputItem[]; previousResponseId?: string };

/**
 * Remembers which response made which items (from the `run-start` id of each response that
 * finished), so that a request can continue the latest one with `previous_response_id` and send
 * only what came after it.
 */
export function responseChain() {
  /** The response that made each message, reasoning and tool call, by its id. */
  const madeBy = new Map<string, string>();
  return {
    /** `adapter`, recording what each response it reads to the end made. */
    watch(adapter: StreamProtocolAdapter): StreamProtocolAdapter {
      return {
        async *parse(response) {
          let responseId: string | undefined;
          const made: string[] = [];
          for await (const event of adapter.parse(response)) {
            if (event.type === "run-start") responseId = event.runId;
            const id = startedId(event);
            if (id !== undefined) made.push(id);
            // Only a finished response can be continued (not a failed or stopped one).
            if (event.type === "run-finish" && responseId) {
              for (const item of made) madeBy.set(item, responseId);
            }
            yield event;
          }
        },
      };
    },
    /**
     * The items after the last one a known response made, with that response's id; all the
     * items when none is known (a reloaded page, an edited thread) or nothing came after it.
     */
    continueFrom(items: OpenResponsesInputItem[]): ChainedInput {
      for (let index = items.length - 1; index >= 0; index--) {
        const id = producedId(items[index]!);
        const responseId = id === undefined ? undefined : madeBy.get(id);
        if (responseId === undefined) continue;
        return index === items.length - 1
          ? { input: items }
          : { input: items.slice(index + 1), previousResponseId: responseId };
      }
      return { input: items };
    },
  };
}
