import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conversationItems } from "../../../test/openResponsesItems";
import type { Message, ToolCall } from "../../message";
import { validateMessages } from "../../validation/validateMessages";
import {
  fromOpenResponsesItems,
  type MalformedItemError,
  openResponsesMessageConverter,
  toOpenResponsesInput,
} from "./openResponsesMessageConverter";

const PNG = "iVBORw0KGgo=";
const PDF = "JVBERi0xLjQ=";

const call = (id: string, name: string, args: string, metadata?: ToolCall["metadata"]) =>
  ({
    id,
    type: "function",
    function: { name, arguments: args },
    ...(metadata && { metadata }),
  }) satisfies ToolCall;

const read = (items: unknown[]) => fromOpenResponsesItems(items).messages;

describe("toOpenResponsesInput", () => {
  it("sends user text, images and files as input parts, and instructions as messages", () => {
    expect(
      toOpenResponsesInput([
        { id: "s", role: "system", content: "Be brief." },
        { id: "d", role: "developer", content: "Answer in French." },
        { id: "u1", role: "user", content: "Hi" },
        {
          id: "u2",
          role: "user",
          content: [
            { type: "text", text: "Look" },
            { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } },
            { type: "image", source: { type: "url", value: "https://a.example/x.png" } },
            { type: "image", source: { type: "file", value: "file-img", provider: "openai" } },
            {
              type: "document",
              source: { type: "data", value: PDF, mimeType: "application/pdf" },
              filename: "a.pdf",
            },
            { type: "document", source: { type: "url", value: "https://a.example/b.pdf" } },
            { type: "document", source: { type: "file", value: "file-doc" } },
            { type: "binary", mimeType: "image/jpeg", data: PNG },
            // Responses takes no audio or video in a message, nor another provider's files.
            { type: "audio", source: { type: "data", value: "UklG", mimeType: "audio/wav" } },
            { type: "video", source: { type: "url", value: "https://a.example/v.mp4" } },
            { type: "document", source: { type: "file", value: "f", provider: "anthropic" } },
          ],
        },
      ]),
    ).toEqual([
      { type: "message", role: "system", content: "Be brief." },
      { type: "message", role: "developer", content: "Answer in French." },
      { type: "message", role: "user", content: "Hi" },
      {
        type: "message",
        role: "user",
        content: [
          { type: "input_text", text: "Look" },
          { type: "input_image", detail: "auto", image_url: `data:image/png;base64,${PNG}` },
          { type: "input_image", detail: "auto", image_url: "https://a.example/x.png" },
          { type: "input_image", detail: "auto", file_id: "file-img" },
          {
            type: "input_file",
            file_data: `data:application/pdf;base64,${PDF}`,
            filename: "a.pdf",
          },
          { type: "input_file", file_url: "https://a.example/b.pdf" },
          { type: "input_file", file_id: "file-doc" },
          { type: "input_image", detail: "auto", image_url: `data:image/jpeg;base64,${PNG}` },
        ],
      },
    ]);
  });

  it("sends assistant text under its msg_ id with its citations, or without an id", () => {
    expect(
      toOpenResponsesInput([
        {
          id: "msg_1",
          role: "assistant",
          content: "See A.",
          status: "complete",
          sources: [
            { id: "https://a.example", kind: "url", url: "https://a.example", title: "A" },
            { id: "file_9", kind: "document", filename: "notes.pdf" },
            { id: "cfile_1", kind: "document", filename: "o.csv", metadata: { containerId: "c1" } },
          ],
        },
        { id: "msg_2", role: "assistant", content: "No.", metadata: { refusal: true } },
        { id: "a-local", role: "assistant", content: "From elsewhere." },
        // Nothing to say and nothing to call.
        { id: "a-empty", role: "assistant", content: "", status: "stopped" },
      ]),
    ).toEqual([
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text: "See A.",
            annotations: [
              {
                type: "url_citation",
                url: "https://a.example",
                title: "A",
                start_index: 0,
                end_index: 6,
              },
              { type: "file_citation", file_id: "file_9", filename: "notes.pdf", index: 6 },
              {
                type: "container_file_citation",
                container_id: "c1",
                file_id: "cfile_1",
                filename: "o.csv",
                start_index: 0,
                end_index: 6,
              },
            ],
          },
        ],
      },
      {
        type: "message",
        id: "msg_2",
        role: "assistant",
        status: "completed",
        content: [{ type: "refusal", refusal: "No." }],
      },
      { type: "message", role: "assistant", content: "From elsewhere." },
    ]);
  });

  it("sends a call under the item id it kept (fc_…), and not another protocol's encrypted value", () => {
    const input = toOpenResponsesInput([
      {
        id: "a",
        role: "assistant",
        content: "",
        toolCalls: [
          { ...call("call_1", "weather", "{}"), encryptedValue: "fc_1" },
          { ...call("call_2", "time", "{}"), encryptedValue: "CiQBjz1rX+signature==" },
        ],
      },
    ]);
    expect(input).toStrictEqual([
      { type: "function_call", id: "fc_1", call_id: "call_1", name: "weather", arguments: "{}" },
      { type: "function_call", id: undefined, call_id: "call_2", name: "time", arguments: "{}" },
    ]);
  });

  it("sends function calls and their results as function_call and function_call_output", () => {
    expect(
      toOpenResponsesInput([
        { id: "u", role: "user", content: "Weather?" },
        {
          id: "a",
          role: "assistant",
          content: "",
          toolCalls: [call("call_1", "weather", '{"city":"Oslo"}'), call("call_2", "time", "{}")],
        },
        { id: "t1", role: "tool", toolCallId: "call_1", content: "-3°C" },
        {
          id: "t2",
          role: "tool",
          toolCallId: "call_2",
          content: [
            { type: "text", text: "noon" },
            { type: "image", source: { type: "url", value: "https://a.example/clock.png" } },
          ],
          error: "clock drift",
        },
      ]),
    ).toEqual([
      { type: "message", role: "user", content: "Weather?" },
      { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Oslo"}' },
      { type: "function_call", call_id: "call_2", name: "time", arguments: "{}" },
      { type: "function_call_output", call_id: "call_1", output: "-3°C" },
      {
        type: "function_call_output",
        call_id: "call_2",
        output: [
          { type: "input_text", text: "noon" },
          { type: "input_image", detail: "auto", image_url: "https://a.example/clock.png" },
          { type: "input_text", text: "Error: clock drift" },
        ],
      },
    ]);
  });

  it("sends the client-run tool calls back as their own item types, with their outputs", () => {
    const thread: Message[] = [
      {
        id: "a",
        role: "assistant",
        content: "",
        toolCalls: [
          call("call_c", "grep", '{"name":"grep","input":"TODO"}'),
          call("call_s", "shell_call", '{"action":{"commands":["ls"],"timeout_ms":1000}}'),
          call("call_p", "apply_patch_call", '{"operation":{"type":"delete_file","path":"a.txt"}}'),
          call("call_l", "local_shell_call", '{"action":{"type":"exec","command":["pwd"]}}'),
          call("call_k", "computer_call", '{"action":{"type":"screenshot"}}'),
        ],
      },
      { id: "t1", role: "tool", toolCallId: "call_c", content: "a.ts:3" },
      {
        id: "t2",
        role: "tool",
        toolCallId: "call_s",
        content: JSON.stringify({
          output: [{ stdout: "a.txt", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
        }),
      },
      { id: "t3", role: "tool", toolCallId: "call_p", content: "", error: "no such file" },
      { id: "t4", role: "tool", toolCallId: "call_l", content: "/home" },
      {
        id: "t5",
        role: "tool",
        toolCallId: "call_k",
        content: [{ type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } }],
      },
    ];
    expect(toOpenResponsesInput(thread)).toEqual([
      { type: "custom_tool_call", call_id: "call_c", name: "grep", input: "TODO" },
      { type: "shell_call", call_id: "call_s", action: { commands: ["ls"], timeout_ms: 1000 } },
      {
        type: "apply_patch_call",
        call_id: "call_p",
        status: "completed",
        operation: { type: "delete_file", path: "a.txt" },
      },
      // The item id these two types require is not kept by a Crayon call: its call_id stands in.
      {
        type: "local_shell_call",
        id: "call_l",
        call_id: "call_l",
        status: "completed",
        action: { type: "exec", command: ["pwd"] },
      },
      {
        type: "computer_call",
        id: "call_k",
        call_id: "call_k",
        status: "completed",
        action: { type: "screenshot" },
        pending_safety_checks: [],
      },
      { type: "custom_tool_call_output", call_id: "call_c", output: "a.ts:3" },
      {
        type: "shell_call_output",
        call_id: "call_s",
        output: [{ stdout: "a.txt", stderr: "", outcome: { type: "exit", exit_code: 0 } }],
      },
      {
        type: "apply_patch_call_output",
        call_id: "call_p",
        status: "failed",
        output: "no such file",
      },
      { type: "local_shell_call_output", id: "call_l", output: "/home" },
      {
        type: "computer_call_output",
        call_id: "call_k",
        output: { type: "computer_screenshot", image_url: `data:image/png;base64,${PNG}` },
      },
    ]);
  });

  it("stands in for a shell output that is plain text: stdout, and the error as stderr", () => {
    const thread: Message[] = [
      {
        id: "a",
        role: "assistant",
        toolCalls: [call("call_s", "shell_call", '{"action":{"commands":["ls"]}}')],
      },
      { id: "t", role: "tool", toolCallId: "call_s", content: "partial", error: "killed" },
    ];
    expect(toOpenResponsesInput(thread)[1]).toEqual({
      type: "shell_call_output",
      call_id: "call_s",
      output: [{ stdout: "partial", stderr: "killed", outcome: { type: "exit", exit_code: 1 } }],
    });
  });

  it("sends a hosted tool call as the finished item its result holds, once", () => {
    const search = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: { type: "search", query: "Oslo" },
    };
    expect(
      toOpenResponsesInput([
        {
          id: "a",
          role: "assistant",
          content: "",
          toolCalls: [call("ws_1", "web_search_call", '{"action":{"type":"search"}}')],
        },
        { id: "t", role: "tool", toolCallId: "ws_1", content: JSON.stringify(search) },
        { id: "msg_1", role: "assistant", content: "Cold." },
      ]),
    ).toEqual([
      search,
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "Cold.", annotations: [] }],
      },
    ]);
  });

  it("sends reasoning the provider produced, with its encrypted content; other reasoning is not sent", () => {
    expect(
      toOpenResponsesInput([
        {
          id: "rs_1",
          role: "reasoning",
          content: "**Plan**\n\nLook it up.\n\nAnswer.",
          encryptedValue: "gAAA",
          durationMs: 1200,
        },
        { id: "rs_2", role: "reasoning", content: "" },
        { id: "r-local", role: "reasoning", content: "Thinking elsewhere", encryptedValue: "x" },
        { id: "act", role: "activity", activityType: "plan", content: { steps: [] } },
      ]),
    ).toEqual([
      {
        type: "reasoning",
        id: "rs_1",
        summary: [
          { type: "summary_text", text: "**Plan**" },
          { type: "summary_text", text: "Look it up." },
          { type: "summary_text", text: "Answer." },
        ],
        encrypted_content: "gAAA",
      },
      { type: "reasoning", id: "rs_2", summary: [] },
    ]);
  });

  it("sends an answered MCP approval as mcp_approval_response where the answer is, after its request", () => {
    const list = {
      id: "mcpl_1",
      type: "mcp_list_tools",
      server_label: "deepwiki",
      tools: [{ name: "ask_question", input_schema: {} }],
    };
    const thread: Message[] = [
      {
        id: "a1",
        role: "assistant",
        content: "",
        toolCalls: [call("mcpl_1", "mcp_list_tools", "{}")],
      },
      { id: "t1", role: "tool", toolCallId: "mcpl_1", content: JSON.stringify(list) },
      {
        id: "a2",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [
          call("mcpr_1", "ask_question", '{"q":"?"}', {
            approvalId: "mcpr_1",
            approved: false,
            reason: "Not now",
          }),
        ],
      },
      {
        id: "answer",
        role: "user",
        isVisuallyHidden: true,
        content: "Rejected: Not now",
        context: [
          {
            type: "human-response",
            response: "reject",
            messageId: "a2",
            toolCallId: "mcpr_1",
            approvalId: "mcpr_1",
            reason: "Not now",
          },
        ],
      },
    ];
    expect(toOpenResponsesInput(thread)).toEqual([
      list,
      {
        type: "mcp_approval_request",
        id: "mcpr_1",
        server_label: "deepwiki",
        name: "ask_question",
        arguments: '{"q":"?"}',
      },
      {
        type: "mcp_approval_response",
        approval_request_id: "mcpr_1",
        approve: false,
        reason: "Not now",
      },
    ]);
    // Answered in the call's metadata only (no answer message): right after the request.
    const withoutAnswer = toOpenResponsesInput(thread.slice(0, 3));
    expect(withoutAnswer.at(-1)).toMatchObject({ type: "mcp_approval_response", approve: false });
  });

  it("leaves out an approval request whose MCP server the thread does not name, with its answer", () => {
    const thread: Message[] = [
      {
        id: "a",
        role: "assistant",
        content: "",
        toolCalls: [call("mcpr_1", "ask", "{}", { approvalId: "mcpr_1", approved: true })],
      },
    ];
    expect(toOpenResponsesInput(thread)).toEqual([]);
  });

  it("appends context as a trailing block (or an extra part), unless includeContext is false", () => {
    const thread: Message[] = [
      { id: "u", role: "user", content: "Hi", context: [{ page: "/home" }] },
      { id: "msg_1", role: "assistant", content: "Hello", context: ["shown"] },
    ];
    expect(toOpenResponsesInput(thread)).toEqual([
      { type: "message", role: "user", content: 'Hi\n\n<context>[{"page":"/home"}]</context>' },
      expect.objectContaining({
        content: [
          { type: "output_text", text: 'Hello\n\n<context>["shown"]</context>', annotations: [] },
        ],
      }),
    ]);
    expect(toOpenResponsesInput(thread, { includeContext: false })[0]).toEqual({
      type: "message",
      role: "user",
      content: "Hi",
    });
  });
});

describe("fromOpenResponsesItems", () => {
  it("reads the shorthand message forms and a stored conversation's statuses and ids", () => {
    expect(
      read([
        { role: "user", content: "Hi" },
        { type: "message", role: "user", content: [{ type: "input_text", text: "Hi again" }] },
        {
          role: "system",
          content: [
            { type: "input_text", text: "a" },
            { type: "input_text", text: "b" },
          ],
        },
        { role: "assistant", content: "Plain." },
        {
          id: "msg_1",
          type: "message",
          role: "assistant",
          status: "incomplete",
          content: [
            { type: "output_text", text: "Part one, ", annotations: [] },
            { type: "output_text", text: "part two.", annotations: [], logprobs: [] },
          ],
        },
        {
          id: "fc_1",
          type: "function_call",
          call_id: "call_1",
          name: "f",
          arguments: { a: 1 },
          status: "completed",
        },
      ]),
    ).toEqual([
      { id: "item-0", role: "user", content: "Hi" },
      { id: "item-1", role: "user", content: [{ type: "text", text: "Hi again" }] },
      { id: "item-2", role: "system", content: "a\nb" },
      { id: "item-3", role: "assistant", content: "Plain.", status: "complete" },
      { id: "msg_1", role: "assistant", content: "Part one, part two.", status: "complete" },
      {
        id: "item-5",
        role: "assistant",
        content: "",
        status: "complete",
        // Arguments some compatible servers send as an object are JSON-encoded; the call
        // keeps its item id, as the adapter keeps it.
        toolCalls: [{ ...call("call_1", "f", '{"a":1}'), encryptedValue: "fc_1" }],
      },
    ]);
  });

  it("reads a refusal, citations (once each) and a failed hosted call", () => {
    const failed = {
      id: "ci_1",
      type: "code_interpreter_call",
      status: "failed",
      code: "1/0",
      container_id: "c1",
      outputs: null,
    };
    expect(
      read([
        {
          id: "msg_1",
          type: "message",
          role: "assistant",
          content: [
            {
              type: "output_text",
              text: "See A and A.",
              annotations: [
                {
                  type: "url_citation",
                  url: "https://a",
                  title: "A",
                  start_index: 4,
                  end_index: 5,
                },
                {
                  type: "url_citation",
                  url: "https://a",
                  title: "A",
                  start_index: 10,
                  end_index: 11,
                },
                { type: "file_path", file_id: "file_2", index: 3 },
                { type: "mystery" },
              ],
            },
          ],
        },
        {
          id: "msg_2",
          type: "message",
          role: "assistant",
          content: [{ type: "refusal", refusal: "No." }],
        },
        failed,
      ]),
    ).toEqual([
      {
        id: "msg_1",
        role: "assistant",
        content: "See A and A.",
        status: "complete",
        sources: [
          { id: "https://a", kind: "url", url: "https://a", title: "A" },
          { id: "file_2", kind: "document" },
        ],
      },
      {
        id: "msg_2",
        role: "assistant",
        content: "No.",
        status: "complete",
        metadata: { refusal: true },
      },
      {
        id: "item-2",
        role: "assistant",
        content: "",
        status: "complete",
        toolCalls: [call("ci_1", "code_interpreter_call", '{"code":"1/0","container_id":"c1"}')],
      },
      {
        id: "ci_1:result",
        role: "tool",
        toolCallId: "ci_1",
        content: JSON.stringify(failed),
        error: "The code_interpreter_call failed.",
      },
    ]);
  });

  it("keeps an unanswered MCP approval request waiting for the user", () => {
    const [message] = read([
      {
        id: "mcpr_1",
        type: "mcp_approval_request",
        server_label: "deepwiki",
        name: "ask",
        arguments: '{"q":"?"}',
      },
    ]);
    expect(message).toEqual({
      id: "item-0",
      role: "assistant",
      content: "",
      status: "awaiting_input",
      toolCalls: [call("mcpr_1", "ask", '{"q":"?"}', { approvalId: "mcpr_1" })],
    });
  });

  it("names a local shell output's call by the call item's id", () => {
    const messages = read([
      {
        id: "lsh_1",
        type: "local_shell_call",
        call_id: "call_l",
        status: "completed",
        action: { type: "exec", command: ["pwd"], env: {} },
      },
      { type: "local_shell_call_output", id: "lsh_1", output: "/home" },
    ]);
    expect(messages[1]).toEqual({
      id: "item-1",
      role: "tool",
      toolCallId: "call_l",
      content: "/home",
    });
  });

  it("uses generateId for messages without an item id", () => {
    const { messages } = fromOpenResponsesItems(
      [
        { role: "user", content: "Hi" },
        { id: "msg_1", type: "message", role: "assistant", content: [] },
      ],
      { generateId: (_item, index) => `loaded-${index}` },
    );
    expect(messages.map((m) => m.id)).toEqual(["loaded-0", "msg_1"]);
  });
});

describe("untrusted items", () => {
  const hostile = {
    get type(): string {
      throw new Error("getter");
    },
  };

  it("leaves out what it cannot read, says why with the item's index and type, and never throws", () => {
    const { messages, errors } = fromOpenResponsesItems([
      null,
      "text",
      { content: "no type or role" },
      { type: "hologram" },
      { type: "message", role: "user", content: 42 },
      { type: "message", role: "tool", content: "x" },
      {
        type: "message",
        role: "user",
        content: [{ type: "input_audio" }, { type: "input_text", text: "kept" }],
      },
      { type: "function_call", name: "f", arguments: "{}" },
      { type: "mcp_approval_request", name: "ask", arguments: "{}" },
      { type: "function_call_output", output: "x" },
      { type: "function_call_output", call_id: "c" },
      { type: "reasoning", summary: [] },
      { type: "web_search_call", status: "completed" },
      { type: "mcp_approval_response", approval_request_id: "nope", approve: true },
      { type: "item_reference", id: "msg_1" },
      hostile,
    ]);
    expect(messages).toEqual([
      { id: "item-6", role: "user", content: [{ type: "text", text: "kept" }] },
    ]);
    expect(errors.map(({ index, type }) => [index, type])).toEqual([
      [0, undefined],
      [1, undefined],
      [2, undefined],
      [3, "hologram"],
      [4, "message"],
      [5, "message"],
      [6, "message"],
      [7, "function_call"],
      [8, "mcp_approval_request"],
      [9, "function_call_output"],
      [10, "function_call_output"],
      [11, "reasoning"],
      [12, "web_search_call"],
      [13, "mcp_approval_response"],
      [14, "item_reference"],
      [15, undefined],
    ]);
    for (const error of errors) {
      expect(error).toMatchObject({ code: "malformed_item", message: expect.any(String) });
    }
    expect(errors[7]!.message).toMatch(/call_id/);
    expect(errors[13]!.message).toMatch(/answers no earlier/);
  });

  it("reads anything that is not a list as no items", () => {
    expect(fromOpenResponsesItems({ not: "a list" } as unknown as unknown[])).toEqual({
      messages: [],
      errors: [],
    });
  });

  it("gives messages validateMessages accepts whole, whatever the items", () => {
    const { messages } = fromOpenResponsesItems([
      { role: "user", content: [{ type: "input_file", file_id: "f" }, { type: "input_image" }] },
      { type: "reasoning", id: "rs_1", summary: "not a list", encrypted_content: 5 },
      { type: "custom_tool_call", call_id: "c", input: "x" },
      { type: "shell_call_output", call_id: "c", output: [] },
      { type: "mcp_call", id: "mcp_1", name: 7, arguments: null, error: { message: "down" } },
    ]);
    expect(validateMessages(messages).errors).toEqual([]);
    expect(messages.at(-1)).toMatchObject({ role: "tool", error: "down" });
  });

  it("property: whatever the list holds, nothing throws and every message passes validateMessages", () => {
    const TYPES = [
      "message",
      "reasoning",
      "function_call",
      "function_call_output",
      "custom_tool_call",
      "shell_call_output",
      "web_search_call",
      "mcp_call",
      "mcp_approval_request",
      "mcp_approval_response",
      "local_shell_call_output",
    ];
    // Items of every type whose fields are anything, beside valid items and any value at all.
    const garbage = fc.record(
      {
        type: fc.constantFrom(...TYPES),
        id: fc.oneof(fc.string(), fc.anything()),
        call_id: fc.oneof(fc.string(), fc.anything()),
        role: fc.oneof(fc.constantFrom("user", "assistant", "system", "tool"), fc.anything()),
        content: fc.anything(),
        summary: fc.anything(),
        name: fc.anything(),
        arguments: fc.anything(),
        output: fc.anything(),
        approve: fc.anything(),
        approval_request_id: fc.string(),
        status: fc.anything(),
        error: fc.anything(),
      },
      { requiredKeys: ["type"] },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            garbage,
            fc.anything(),
            conversationItems.map((items) => items[0]),
          ),
          {
            maxLength: 12,
          },
        ),
        (items) => {
          const { messages, errors } = fromOpenResponsesItems(items);
          expect(validateMessages(messages).errors).toEqual([]);
          for (const error of errors) expect(error.code).toBe("malformed_item");
          toOpenResponsesInput(messages);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the converter reports each left-out item to onMalformedItem", () => {
    const reported: MalformedItemError[] = [];
    const converter = openResponsesMessageConverter({ onMalformedItem: (e) => reported.push(e) });
    expect(converter.fromExternal([{ type: "hologram" } as never])).toEqual([]);
    expect(reported).toEqual([
      {
        code: "malformed_item",
        index: 0,
        type: "hologram",
        message: "Items of type `hologram` are not read; left out.",
      },
    ]);
  });
});
