// A response streamed through `openResponsesAdapter` and the accumulator, and the same response
// loaded from its output items with `fromOpenResponsesItems`, must be the same thread: the
// converter is the adapter's other half. Normalised on purpose: ids the stream does not carry
// (an assistant message made for tool calls, a hosted tool's result) are made by each side,
// and only the accumulator measures how long the model reasoned.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { responseOutput } from "../../../test/openResponsesItems";
import { responseEvents, responsesWire } from "../../../test/openResponsesStream";
import { collect, responseFromChunks } from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator/messageAccumulator";
import { openResponsesAdapter } from "../../adapters/open-responses/openResponsesAdapter";
import type { Message, UserMessage } from "../../message";
import { fromOpenResponsesItems, toOpenResponsesInput } from "./openResponsesMessageConverter";

const question: UserMessage = { id: "item-0", role: "user", content: "Go on." };

/** The thread after streaming a response with `output` as the reply to `question`. */
async function streamed(output: Record<string, any>[]): Promise<Message[]> {
  const body = responsesWire(responseEvents(output));
  const events = await collect(openResponsesAdapter().parse(responseFromChunks([body])));
  const accumulator = createMessageAccumulator({ messages: [question] });
  for (const event of events) accumulator.apply(event);
  accumulator.finish();
  return accumulator.getMessages();
}

/** The thread loaded from the question's item and the response's output items. */
function loaded(output: Record<string, any>[]): Message[] {
  const { messages, errors } = fromOpenResponsesItems([
    { role: "user", content: question.content },
    ...output,
  ]);
  expect(errors).toEqual([]);
  return messages;
}

/**
 * The thread with the ids neither side can know numbered by first appearance (in messages and
 * the approval answers that name them), and without the measured reasoning time.
 */
function normalized(messages: Message[]): Message[] {
  const ids = new Map<string, string>();
  const rename = (id: string) =>
    /^(msg|rs)_/.test(id) ? id : (ids.get(id) ?? ids.set(id, `#${ids.size}`).get(id)!);
  return messages.map((message) => {
    const copy = { ...message, id: rename(message.id) } as Message;
    if (copy.role === "reasoning") delete copy.durationMs;
    return copy;
  });
}

describe("a streamed response and the same response loaded", () => {
  it("are the same thread: text with citations, reasoning, calls, hosted tools, approvals", async () => {
    const output = [
      {
        id: "rs_1",
        type: "reasoning",
        summary: [
          { type: "summary_text", text: "**Plan**\n\nSearch first." },
          { type: "summary_text", text: "Then ask." },
        ],
        encrypted_content: "gAAA",
      },
      {
        id: "ws_1",
        type: "web_search_call",
        status: "completed",
        action: { type: "search", query: "Oslo weather" },
      },
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text: "Cold, says Yr.",
            annotations: [
              {
                type: "url_citation",
                url: "https://yr.no",
                title: "Yr",
                start_index: 11,
                end_index: 13,
              },
            ],
          },
        ],
      },
      {
        id: "fc_1",
        type: "function_call",
        status: "completed",
        call_id: "call_1",
        name: "umbrella",
        arguments: "{}",
      },
      {
        id: "fc_2",
        type: "function_call",
        status: "completed",
        call_id: "call_2",
        name: "coat",
        arguments: '{"warm":true}',
      },
      {
        id: "mcpl_1",
        type: "mcp_list_tools",
        server_label: "deepwiki",
        tools: [{ name: "ask_question", input_schema: {} }],
      },
      {
        id: "mcpr_1",
        type: "mcp_approval_request",
        server_label: "deepwiki",
        name: "ask_question",
        arguments: '{"q":"Why?"}',
      },
    ];
    const thread = await streamed(output);
    expect(normalized(thread)).toEqual(normalized(loaded(output)));
    expect(thread.map((m) => [m.role, "status" in m ? m.status : undefined])).toEqual([
      ["user", undefined],
      ["reasoning", undefined],
      ["assistant", "complete"],
      ["tool", undefined],
      ["assistant", "complete"],
      ["assistant", "complete"],
      ["tool", undefined],
      ["assistant", "awaiting_input"],
    ]);
  });

  it("property: for any response, the streamed and the loaded thread are the same, and send the same input", async () => {
    await fc.assert(
      fc.asyncProperty(responseOutput, async (output) => {
        const thread = await streamed(output);
        const stored = loaded(output);
        expect(normalized(thread)).toEqual(normalized(stored));
        expect(toOpenResponsesInput(thread)).toEqual(toOpenResponsesInput(stored));
      }),
      { numRuns: 150 },
    );
  });
});
