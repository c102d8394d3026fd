import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conversationItems } from "../../../test/openResponsesItems";
import type { Message } from "../../message";
import { fromOpenResponsesItems, toOpenResponsesInput } from "./openResponsesMessageConverter";

const load = (items: unknown[]) => {
  const { messages, errors } = fromOpenResponsesItems(items);
  expect(errors).toEqual([]);
  return messages;
};

describe("round trip", () => {
  it("messages → input → messages gives the thread back, for everything Responses carries", () => {
    const search = JSON.stringify({
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "Oslo" },
    });
    const list = JSON.stringify({
      id: "mcpl_1",
      type: "mcp_list_tools",
      server_label: "deepwiki",
      tools: [{ name: "ask", input_schema: {} }],
    });
    // Ids the items cannot carry are the loader's: `item-<index of the message's first item>`,
    // and a hosted tool's result is `<item id>:result` (as the adapter names it).
    const thread: Message[] = [
      { id: "item-0", role: "system", content: "Be brief." },
      {
        id: "item-1",
        role: "user",
        content: [
          { type: "text", text: "Weather here?" },
          { type: "image", source: { type: "data", value: "iVBO", mimeType: "image/png" } },
          {
            type: "document",
            source: { type: "file", value: "file-1", provider: "openai" },
            filename: "trip.pdf",
          },
        ],
        context: [{ page: "/trip" }],
      },
      {
        id: "rs_1",
        role: "reasoning",
        content: "**Plan**\n\nFind the city.",
        isThinking: false,
        encryptedValue: "gAAA",
      },
      {
        id: "item-3",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          { id: "call_1", type: "function", function: { name: "city", arguments: "{}" } },
          {
            id: "call_2",
            type: "function",
            function: { name: "grep", arguments: '{"name":"grep","input":"Oslo"}' },
          },
        ],
      },
      { id: "item-5", role: "tool", toolCallId: "call_1", content: "Oslo" },
      { id: "item-6", role: "tool", toolCallId: "call_2", content: [{ type: "text", text: "1" }] },
      {
        id: "item-7",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          {
            id: "ws_1",
            type: "function",
            function: {
              name: "web_search_call",
              arguments: '{"action":{"type":"search","query":"Oslo"}}',
            },
          },
        ],
      },
      { id: "ws_1:result", role: "tool", toolCallId: "ws_1", content: search },
      {
        id: "msg_1",
        role: "assistant",
        content: "Cold in Oslo.",
        status: "complete",
        sources: [{ id: "https://yr.no", kind: "url", url: "https://yr.no", title: "Yr" }],
        context: ["forecast"],
      },
      {
        id: "msg_2",
        role: "assistant",
        content: "I can't do that.",
        status: "complete",
        metadata: { refusal: true },
      },
      { id: "item-10", role: "assistant", content: "Written elsewhere.", status: "complete" },
      {
        id: "item-11",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          {
            id: "mcpl_1",
            type: "function",
            function: {
              name: "mcp_list_tools",
              arguments: '{"server_label":"deepwiki","tools":[{"name":"ask","input_schema":{}}]}',
            },
          },
        ],
      },
      { id: "mcpl_1:result", role: "tool", toolCallId: "mcpl_1", content: list },
      {
        id: "item-12",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          {
            id: "mcpr_1",
            type: "function",
            function: { name: "ask", arguments: '{"q":"?"}' },
            metadata: { approvalId: "mcpr_1", approved: true },
          },
        ],
      },
      {
        id: "item-13",
        role: "user",
        isVisuallyHidden: true,
        content: "Approved.",
        context: [
          {
            type: "human-response",
            response: "approve",
            messageId: "item-12",
            toolCallId: "mcpr_1",
            approvalId: "mcpr_1",
          },
        ],
      },
    ];
    const input = toOpenResponsesInput(thread);
    expect(input.map((item) => item.type)).toEqual([
      "message",
      "message",
      "reasoning",
      "function_call",
      "custom_tool_call",
      "function_call_output",
      "custom_tool_call_output",
      "web_search_call",
      "message",
      "message",
      "message",
      "mcp_list_tools",
      "mcp_approval_request",
      "mcp_approval_response",
    ]);
    expect(load(input)).toStrictEqual(thread);
  });

  it("property: items → messages → items gives the items back, and messages → items → messages the messages", () => {
    fc.assert(
      fc.property(conversationItems, (items) => {
        const messages = load(items);
        const input = toOpenResponsesInput(messages);
        expect(input).toEqual(items);
        expect(load(input)).toStrictEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it("normalizes what the API returns beyond what it needs back (statuses, shorthand forms), and keeps a call's item id", () => {
    const stored = [
      { role: "user", content: [{ type: "input_text", text: "Hi" }] },
      {
        id: "fc_1",
        type: "function_call",
        status: "completed",
        call_id: "call_1",
        name: "f",
        arguments: "{}",
      },
      {
        id: "fco_1",
        type: "function_call_output",
        status: "completed",
        call_id: "call_1",
        output: "x",
      },
      {
        id: "rs_1",
        type: "reasoning",
        status: "completed",
        summary: [],
        content: [{ type: "reasoning_text", text: "Raw thoughts." }],
      },
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        status: "incomplete",
        content: [{ type: "output_text", text: "Cut", annotations: [], logprobs: [] }],
      },
    ];
    expect(toOpenResponsesInput(load(stored))).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "Hi" }] },
      // Under its item id, which pairs it with the reasoning before it.
      { type: "function_call", id: "fc_1", call_id: "call_1", name: "f", arguments: "{}" },
      { type: "function_call_output", call_id: "call_1", output: "x" },
      // Raw reasoning text is kept as the message's text and goes back as its summary.
      { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Raw thoughts." }] },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "Cut", annotations: [] }],
      },
    ]);
  });
});
