import type {
  AssistantMessage,
  CrayonStreamEvent,
  Message,
  ReasoningMessage,
  ToolMessage,
} from "@crayonai/stream";
import { describe, expect, it } from "vitest";
import { type HostedToolItem, hostedToolCall, hostedToolInput } from "../agent/hostedToolCall";
import { decodeReply } from "../testSupport/decodedReply";
import { openResponsesEncoder } from "./openResponsesEncoder";
import type { RunInfo } from "./protocolEncoder";

async function* from(events: CrayonStreamEvent[]): AsyncGenerator<CrayonStreamEvent> {
  yield* events;
}

const run: RunInfo = { threadId: "thread-1", runId: "run-1", model: "demo-model" };

/** The events of an SSE body, checking that each frame is named by its event's type. */
async function wire(response: Response): Promise<any[]> {
  const body = await response.text();
  expect(body).not.toContain("[DONE]");
  return body
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => {
      const [name, data] = frame.split("\n");
      const event = JSON.parse(data!.replace(/^data: /, ""));
      expect(name).toBe(`event: ${event.type}`);
      return event;
    });
}

const types = (events: any[]) => events.map((e) => e.type);

/** Encodes `events`, returning what went over the wire and what the adapter reads back. */
async function roundTrip(events: CrayonStreamEvent[], info: RunInfo = run) {
  const response = openResponsesEncoder(from(events), info);
  const sent = await wire(response.clone());
  const read = await decodeReply("open-responses", response, []);
  return { sent, ...read };
}

const text = (messageId: string, ...pieces: string[]): CrayonStreamEvent[] => [
  { type: "message-start", messageId },
  ...pieces.map((piece): CrayonStreamEvent => ({ type: "text-delta", text: piece, messageId })),
  { type: "message-end", messageId },
];

const call = (id: string, name = "lookup"): CrayonStreamEvent[] => [
  { type: "tool-call-start", toolCallId: id, toolCallName: name, parentMessageId: "m1" },
  { type: "tool-call-args", toolCallId: id, delta: '{"q":' },
  { type: "tool-call-args", toolCallId: id, delta: '"x"}' },
  { type: "tool-call-end", toolCallId: id },
];

describe("the open-responses encoder", () => {
  it("writes one response: created and in_progress first, every event numbered from 0, completed last with the usage", async () => {
    const { sent, events } = await roundTrip([
      { type: "run-start", ...run },
      ...text("m1", "Hel", "lo"),
      { type: "run-finish", usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 } },
    ]);
    expect(sent.map((e) => e.sequence_number)).toEqual(sent.map((_, index) => index));
    expect(types(sent)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(sent[0].response).toMatchObject({
      id: "resp_run-1",
      object: "response",
      status: "in_progress",
      model: "demo-model",
      output: [],
    });
    const message = {
      id: "m1",
      type: "message",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "Hello", annotations: [] }],
    };
    expect(sent[8]).toMatchObject({ output_index: 0, item: message });
    expect(sent.at(-1).response).toMatchObject({
      status: "completed",
      output: [message],
      usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
    });
    expect(events.at(-1)).toMatchObject({
      type: "run-finish",
      outcome: "success",
      usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
    });
  });

  it("writes reasoning as a reasoning item whose summary streams, with its encrypted content", async () => {
    const { sent, messages } = await roundTrip([
      { type: "reasoning-start", messageId: "r1" },
      { type: "reasoning-delta", text: "Think", messageId: "r1" },
      { type: "reasoning-delta", text: "ing.", messageId: "r1" },
      { type: "encrypted-value", entity: "message", entityId: "r1", encryptedValue: "gAAA" },
      { type: "reasoning-end", messageId: "r1" },
      ...text("m1", "Done."),
    ]);
    expect(types(sent).slice(2, 9)).toEqual([
      "response.output_item.added",
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.delta",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
      "response.output_item.done",
    ]);
    expect(sent[8].item).toEqual({
      id: "r1",
      type: "reasoning",
      summary: [{ type: "summary_text", text: "Thinking." }],
      encrypted_content: "gAAA",
    });
    const reasoning = messages[0] as ReasoningMessage;
    expect(reasoning).toMatchObject({
      id: "r1",
      content: "Thinking.",
      isThinking: false,
      encryptedValue: "gAAA",
    });
    expect(messages[1]).toMatchObject({ id: "m1", content: "Done.", status: "complete" });
  });

  it("sends a call left for the client inside its message: call_id the Crayon id, arguments streamed", async () => {
    const { sent, messages, events } = await roundTrip([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "Let me look.", messageId: "m1" },
      ...call("call-1"),
      { type: "message-end", messageId: "m1" },
      { type: "run-finish" },
    ]);
    const added = sent.filter((e) => e.type === "response.output_item.added");
    expect(added.map((e) => e.item.type)).toEqual(["message", "function_call"]);
    expect(added[1].item).toMatchObject({ id: "fc_call-1", call_id: "call-1", name: "lookup" });
    expect(
      sent.filter((e) => e.type === "response.function_call_arguments.delta").map((e) => e.delta),
    ).toEqual(['{"q":', '"x"}']);
    // The call's item ends before its message's.
    const ends = sent.filter((e) => e.type === "response.output_item.done");
    expect(ends.map((e) => e.item.id)).toEqual(["fc_call-1", "m1"]);
    expect(messages).toEqual([
      {
        id: "m1",
        role: "assistant",
        content: "Let me look.",
        status: "complete",
        toolCalls: [
          {
            id: "call-1",
            type: "function",
            function: { name: "lookup", arguments: '{"q":"x"}' },
            // The call's item id, for the next request to send it back under.
            encryptedValue: "fc_call-1",
          },
        ],
      },
    ]);
    expect(events.filter((e) => e.type === "tool-call-args").length).toBe(2);
  });

  it("leaves out a call the server answered itself, with its result", async () => {
    const { sent, messages } = await roundTrip([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "Checking.", messageId: "m1" },
      ...call("call-1"),
      { type: "message-end", messageId: "m1" },
      { type: "tool-call-result", toolCallId: "call-1", content: "found", messageId: "t1" },
      ...text("m2", "Found it."),
    ]);
    expect(JSON.stringify(sent)).not.toContain("function_call");
    expect(messages).toMatchObject([
      { id: "m1", content: "Checking.", status: "complete" },
      { id: "m2", content: "Found it.", status: "complete" },
    ]);
    expect((messages[0] as AssistantMessage).toolCalls).toBeUndefined();
  });

  it("asks for approval as an MCP approval request of the demo server, after listing its tools", async () => {
    const { sent, messages, events } = await roundTrip([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "May I?", messageId: "m1" },
      ...call("call-1", "schedule_meeting"),
      { type: "tool-approval-request", toolCallId: "call-1", approvalId: "approval-call-1" },
      { type: "status-update", status: "awaiting_input", messageId: "m1" },
      { type: "message-end", messageId: "m1" },
      { type: "run-finish", outcome: "interrupt" },
    ]);
    const items = sent.filter((e) => e.type === "response.output_item.done").map((e) => e.item);
    expect(items.map((i) => i.type)).toEqual(["mcp_list_tools", "mcp_approval_request", "message"]);
    expect(items[0]).toMatchObject({ server_label: "demo", tools: [{ name: "schedule_meeting" }] });
    expect(items[1]).toEqual({
      id: "approval-call-1",
      type: "mcp_approval_request",
      server_label: "demo",
      name: "schedule_meeting",
      arguments: '{"q":"x"}',
    });
    expect(types(sent).at(-1)).toBe("response.completed");
    // Read back: the message waits for the answer, its call named by the approval.
    const waiting = messages[0] as AssistantMessage;
    expect(waiting).toMatchObject({ id: "m1", content: "May I?", status: "awaiting_input" });
    const approval = waiting.toolCalls!.at(-1)!;
    expect(approval).toMatchObject({
      id: "approval-call-1",
      function: { name: "schedule_meeting", arguments: '{"q":"x"}' },
      metadata: { approvalId: "approval-call-1" },
    });
    expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "interrupt" });
  });

  it("writes the approved call's result, in the next response, as an mcp_call with its output", async () => {
    const history: Message[] = [
      {
        id: "m1",
        role: "assistant",
        status: "complete",
        toolCalls: [
          {
            id: "approval-call-1",
            type: "function",
            function: { name: "schedule_meeting", arguments: '{"day":"Thursday"}' },
            metadata: { approvalId: "approval-call-1", approved: true },
          },
        ],
      },
    ];
    const result: CrayonStreamEvent = {
      type: "tool-call-result",
      toolCallId: "approval-call-1",
      content: '{"scheduled":true}',
      messageId: "t1",
    };
    const { sent, messages } = await roundTrip([result, ...text("m2", "Done.")], {
      ...run,
      history,
    });
    const item = sent.find((e) => e.type === "response.output_item.done").item;
    expect(item).toEqual({
      id: "mcp_approval-call-1",
      type: "mcp_call",
      server_label: "demo",
      name: "schedule_meeting",
      arguments: '{"day":"Thursday"}',
      approval_request_id: "approval-call-1",
      status: "completed",
      output: '{"scheduled":true}',
      error: null,
    });
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
    expect((messages[1] as ToolMessage).content).toBe(JSON.stringify(item));

    // A rejected call does not run: nothing is written for it.
    const rejected = await roundTrip([{ ...result, error: "Rejected." }, ...text("m2", "OK.")], {
      ...run,
      history,
    });
    expect(JSON.stringify(rejected.sent)).not.toContain("mcp_call");
  });

  it("writes a hosted tool call as its item, each state a progress event, read back state by state", async () => {
    const base = { id: "ig_1", type: "image_generation_call", status: "in_progress" };
    const progress: HostedToolItem[] = [
      base,
      { ...base, status: "generating" },
      { ...base, status: "generating", partial_image_b64: "AAAA", partial_image_index: 0 },
    ];
    const done = { ...base, status: "completed", revised_prompt: "Hills", result: "BBBB" };
    const code = { id: "ci_1", type: "code_interpreter_call", status: "in_progress" };
    const codeProgress: HostedToolItem[] = [
      code,
      { ...code, code: "x = 1\n" },
      { ...code, code: "x = 1\nprint(x)\n" },
      { ...code, code: "x = 1\nprint(x)\n", status: "interpreting" },
    ];
    const codeDone = { ...codeProgress.at(-1)!, status: "completed", outputs: [] };
    const pacing = { stepMs: 0, signal: new AbortController().signal };
    const script: CrayonStreamEvent[] = [];
    for await (const event of hostedToolCall(progress, done, pacing)) script.push(event);
    for await (const event of hostedToolCall(codeProgress, codeDone, pacing)) script.push(event);
    const { sent, events, messages } = await roundTrip(script);
    expect(types(sent).slice(2)).toEqual([
      "response.output_item.added",
      "response.image_generation_call.in_progress",
      "response.image_generation_call.generating",
      "response.image_generation_call.partial_image",
      "response.output_item.done",
      "response.output_item.added",
      "response.code_interpreter_call.in_progress",
      "response.code_interpreter_call_code.delta",
      "response.code_interpreter_call_code.delta",
      "response.code_interpreter_call.interpreting",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(sent[5]).toMatchObject({ partial_image_b64: "AAAA", partial_image_index: 0 });
    expect(sent[10].delta).toBe("print(x)\n");
    // The adapter's results are the script's, state by state, and the arguments its input.
    const results = (all: CrayonStreamEvent[]) =>
      all.flatMap((e) => (e.type === "tool-call-result" ? [e] : []));
    expect(results(events)).toEqual(results(script));
    // Each call is an assistant message of its own (a result ends the message before it).
    expect(messages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant", "tool"]);
    expect(messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))).toEqual([
      {
        id: "ig_1",
        type: "function",
        function: { name: "image_generation_call", arguments: hostedToolInput(done) },
      },
      {
        id: "ci_1",
        type: "function",
        function: { name: "code_interpreter_call", arguments: hostedToolInput(codeDone) },
      },
    ]);
    expect((messages[3] as ToolMessage).content).toBe(JSON.stringify(codeDone));
  });

  it("cites sources as url_citation annotations, read back as sources named by their URL", async () => {
    const source = {
      id: "mdn",
      kind: "url" as const,
      url: "https://developer.mozilla.org/",
      title: "MDN",
    };
    const { sent, messages } = await roundTrip([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "See [1].", messageId: "m1" },
      { type: "source", source, messageId: "m1" },
      { type: "source", source, messageId: "m1" },
      { type: "message-end", messageId: "m1" },
    ]);
    const annotations = sent.filter((e) => e.type === "response.output_text.annotation.added");
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatchObject({
      item_id: "m1",
      annotation_index: 0,
      annotation: { type: "url_citation", url: source.url, title: "MDN", end_index: 8 },
    });
    expect((messages[0] as AssistantMessage).sources).toEqual([
      { id: source.url, kind: "url", url: source.url, title: "MDN" },
    ]);
  });

  it("ends a failed reply with an error event, keeping the partial text, without a half-made call", async () => {
    const { sent, messages } = await roundTrip([
      { type: "message-start", messageId: "m1" },
      { type: "text-delta", text: "Partial", messageId: "m1" },
      ...call("call-1"),
      { type: "error", code: "server_error", error: "Boom", messageId: "m1" },
      { type: "run-finish" },
    ]);
    expect(sent.at(-1)).toMatchObject({ type: "error", code: null, message: "Boom" });
    expect(types(sent)).not.toContain("response.completed");
    expect(JSON.stringify(sent)).not.toContain("function_call");
    expect(messages[0]).toMatchObject({ content: "Partial", status: "error", error: "Boom" });
  });

  it("ends a reply cut for its length with response.incomplete", async () => {
    const { sent, messages } = await roundTrip([
      ...text("m1", "Cut"),
      { type: "message-metadata", metadata: { finishReason: "length" }, messageId: "m1" },
      { type: "run-finish" },
    ]);
    expect(sent.at(-1)).toMatchObject({
      type: "response.incomplete",
      response: { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } },
    });
    expect(messages[0]).toMatchObject({
      content: "Cut",
      status: "complete",
      metadata: { finishReason: "length" },
    });
  });

  it("leaves out activities and state, and finishes a source that ends without run-finish", async () => {
    const { sent, messages } = await roundTrip([
      { type: "text-delta", text: "Checking" },
      { type: "activity-snapshot", activityType: "plan", content: { steps: [] } },
      { type: "state-snapshot", snapshot: { count: 1 } },
      { type: "tool-call-start", toolCallId: "c1", toolCallName: "lookup" },
      { type: "tool-call-end", toolCallId: "c1" },
      { type: "tool-call-result", toolCallId: "c1", content: "found" },
      { type: "text-delta", text: "Done." },
    ]);
    expect(types(sent).at(-1)).toBe("response.completed");
    // Text after a tool result is a new message, as the accumulator has it.
    expect(messages).toMatchObject([
      { role: "assistant", content: "Checking", status: "complete" },
      { role: "assistant", content: "Done.", status: "complete" },
    ]);
  });
});

describe("the open-responses encoder, for a call the server runs on an MCP server", () => {
  const mcpRun: RunInfo = {
    ...run,
    mcpTool: (name) => (name === "clock__now" ? { server: "clock", tool: "now" } : undefined),
  };
  const result = JSON.stringify({ content: [{ type: "text", text: "noon" }] });

  it("writes an mcp_call item of the server, its arguments streamed, its output the result", async () => {
    const { sent, messages } = await roundTrip(
      [
        ...call("c1", "clock__now"),
        { type: "tool-call-result", toolCallId: "c1", content: result },
        { type: "run-finish" },
      ],
      mcpRun,
    );
    expect(types(sent).filter((type) => type.includes("mcp_call"))).toEqual([
      "response.mcp_call.in_progress",
      "response.mcp_call_arguments.delta",
      "response.mcp_call_arguments.delta",
      "response.mcp_call_arguments.done",
      "response.mcp_call.completed",
    ]);
    const done = sent.find((e) => e.type === "response.output_item.done")!.item;
    expect(done).toEqual({
      id: "c1",
      type: "mcp_call",
      server_label: "clock",
      name: "now",
      arguments: '{"q":"x"}',
      status: "completed",
      output: result,
      error: null,
    });
    // Read back: a call named by the MCP tool, whose result is the item.
    const [assistant, tool] = messages as [AssistantMessage, ToolMessage];
    expect(assistant.toolCalls?.[0]?.function).toEqual({ name: "now", arguments: '{"q":"x"}' });
    expect(JSON.parse(tool.content as string)).toMatchObject({ output: result });
  });

  it("fails the item with the call's error, and leaves a stopped call incomplete", async () => {
    const failed = await roundTrip(
      [
        ...call("c1", "clock__now"),
        { type: "tool-call-result", toolCallId: "c1", content: "", error: "The server went away." },
        { type: "run-finish" },
      ],
      mcpRun,
    );
    expect(failed.sent.find((e) => e.type === "response.output_item.done")!.item).toMatchObject({
      status: "failed",
      output: null,
      error: "The server went away.",
    });
    const stopped = await roundTrip(call("c2", "clock__now").slice(0, 2), mcpRun);
    expect(stopped.sent.find((e) => e.type === "response.output_item.done")!.item).toMatchObject({
      id: "c2",
      type: "mcp_call",
      status: "incomplete",
    });
  });
});
