import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  collect,
  expectSameEventsForAnySplit,
  responseFromChunks,
  utf8,
} from "../../../test/streams";
import { createMessageAccumulator } from "../../accumulator";
import type { CrayonStreamEvent } from "../../events";
import type { AssistantMessage, ReasoningMessage, ToolMessage } from "../../message";
import { openResponsesAdapter } from "./openResponsesAdapter";

const RESPONSE = { id: "resp_1", object: "response", status: "in_progress", output: [] };
const USAGE = {
  input_tokens: 12,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 30,
  output_tokens_details: { reasoning_tokens: 8 },
  total_tokens: 42,
};

/** Numbers the events' `sequence_number` from 0 and writes them as the API does. */
function wire(events: Record<string, unknown>[]): string {
  return events
    .map((event, index) => {
      const numbered = { ...event, sequence_number: index };
      return `event: ${event.type}\ndata: ${JSON.stringify(numbered)}\n\n`;
    })
    .join("");
}

const created = { type: "response.created", response: RESPONSE };
const completed = {
  type: "response.completed",
  response: { ...RESPONSE, status: "completed", usage: USAGE },
};

/** A message item streaming `deltas` as one output_text part. */
function messageItem(id: string, deltas: string[], index = 0) {
  const text = deltas.join("");
  return [
    {
      type: "response.output_item.added",
      output_index: index,
      item: { id, type: "message", status: "in_progress", role: "assistant", content: [] },
    },
    {
      type: "response.content_part.added",
      item_id: id,
      output_index: index,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    },
    ...deltas.map((delta) => ({
      type: "response.output_text.delta",
      item_id: id,
      output_index: index,
      content_index: 0,
      delta,
      logprobs: [],
    })),
    { type: "response.output_text.done", item_id: id, output_index: index, content_index: 0, text },
    {
      type: "response.output_item.done",
      output_index: index,
      item: {
        id,
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    },
  ];
}

/** A function call item streaming its arguments in `deltas`. */
function functionCallItem(id: string, callId: string, name: string, deltas: string[], index = 0) {
  const args = deltas.join("");
  return [
    {
      type: "response.output_item.added",
      output_index: index,
      item: {
        id,
        type: "function_call",
        status: "in_progress",
        call_id: callId,
        name,
        arguments: "",
      },
    },
    ...deltas.map((delta) => ({
      type: "response.function_call_arguments.delta",
      item_id: id,
      output_index: index,
      delta,
    })),
    {
      type: "response.function_call_arguments.done",
      item_id: id,
      output_index: index,
      arguments: args,
    },
    {
      type: "response.output_item.done",
      output_index: index,
      item: {
        id,
        type: "function_call",
        status: "completed",
        call_id: callId,
        name,
        arguments: args,
      },
    },
  ];
}

const parse = (body: string) => collect(openResponsesAdapter().parse(responseFromChunks([body])));

/** A reply whose message streamed `text`, then ended with `terminal` (or with nothing). */
function partialReply(text: string, terminal?: Record<string, unknown>) {
  const [added, part, delta] = messageItem("msg_1", [text]);
  return parse(wire([created, added!, part!, delta!, ...(terminal ? [terminal] : [])]));
}

const ofType = <T extends CrayonStreamEvent["type"]>(events: CrayonStreamEvent[], type: T) =>
  events.filter((e): e is Extract<CrayonStreamEvent, { type: T }> => e.type === type);

/** The messages a user would see: the events through the accumulator. */
function messagesOf(events: CrayonStreamEvent[]) {
  const accumulator = createMessageAccumulator();
  for (const event of events) accumulator.apply(event);
  return accumulator.getMessages();
}

describe("openResponsesAdapter", () => {
  it("reads a text reply: run start, the message under its item id, deltas, end and usage", async () => {
    const events = await parse(wire([created, ...messageItem("msg_1", ["Hel", "lo"]), completed]));
    expect(events).toEqual([
      { type: "run-start", runId: "resp_1" },
      { type: "message-start", messageId: "msg_1" },
      { type: "text-delta", text: "Hel", messageId: "msg_1" },
      { type: "text-delta", text: "lo", messageId: "msg_1" },
      { type: "message-end", messageId: "msg_1" },
      {
        type: "run-finish",
        outcome: "success",
        usage: {
          input_tokens: 12,
          "input_tokens_details.cached_tokens": 0,
          output_tokens: 30,
          "output_tokens_details.reasoning_tokens": 8,
          total_tokens: 42,
        },
      },
    ]);
  });

  it("keeps two message items of one response apart, and completes a part sent only at done", async () => {
    const second = messageItem("msg_2", [], 1).map((event) =>
      event.type === "response.output_text.done" ? { ...event, text: "Second." } : event,
    );
    const messages = messagesOf(
      await parse(wire([created, ...messageItem("msg_1", ["First."]), ...second, completed])),
    );
    expect(messages.map((m) => [m.id, (m as AssistantMessage).content])).toEqual([
      ["msg_1", "First."],
      ["msg_2", "Second."],
    ]);
  });

  it("turns url and file citations into the message's sources, once each", async () => {
    const cite = (annotation: Record<string, unknown>, annotation_index: number) => ({
      type: "response.output_text.annotation.added",
      item_id: "msg_1",
      output_index: 0,
      content_index: 0,
      annotation_index,
      annotation,
    });
    const url = {
      type: "url_citation",
      url: "https://example.com/a",
      title: "A",
      start_index: 0,
      end_index: 4,
    };
    const [added, part, delta, ...rest] = messageItem("msg_1", ["See A."]);
    const events = await parse(
      wire([
        created,
        added!,
        part!,
        delta!,
        cite(url, 0),
        cite(url, 1),
        cite({ type: "file_citation", file_id: "file_9", filename: "notes.pdf", index: 3 }, 2),
        ...rest,
        completed,
      ]),
    );
    const [message] = messagesOf(events) as AssistantMessage[];
    expect(message!.sources).toEqual([
      { id: "https://example.com/a", kind: "url", url: "https://example.com/a", title: "A" },
      { id: "file_9", kind: "document", filename: "notes.pdf" },
    ]);
  });

  it("streams parallel function calls into tool calls under their call ids", async () => {
    const events = await parse(
      wire([
        created,
        ...functionCallItem("fc_1", "call_a", "weather", ['{"city":', '"Oslo"}'], 0),
        ...functionCallItem("fc_2", "call_b", "time", ["{}"], 1),
        completed,
      ]),
    );
    const [message] = messagesOf(events) as AssistantMessage[];
    // Each call keeps its item's id, for the next request to send the item back under it.
    expect(message!.toolCalls).toEqual([
      {
        id: "call_a",
        type: "function",
        function: { name: "weather", arguments: '{"city":"Oslo"}' },
        encryptedValue: "fc_1",
      },
      {
        id: "call_b",
        type: "function",
        function: { name: "time", arguments: "{}" },
        encryptedValue: "fc_2",
      },
    ]);
    expect(ofType(events, "tool-call-end").map((e) => e.toolCallId)).toEqual(["call_a", "call_b"]);
    expect(ofType(events, "error")).toEqual([]);
  });

  it("says when a call's arguments are not JSON at done, and keeps them as sent", async () => {
    const events = await parse(
      wire([created, ...functionCallItem("fc_1", "call_a", "f", ['{"a":', "oops"]), completed]),
    );
    expect(ofType(events, "error")).toEqual([
      expect.objectContaining({
        code: "malformed_event",
        error: expect.stringMatching(/Invalid JSON in tool call call_a: \{"a":oops/),
      }),
    ]);
    const [message] = messagesOf(events) as AssistantMessage[];
    expect(message!.toolCalls![0]!.function.arguments).toBe('{"a":oops');
  });

  it("reads reasoning summaries into one reasoning message, paragraphs apart, with its encrypted content", async () => {
    const summary = (summary_index: number, delta: string) => ({
      type: "response.reasoning_summary_text.delta",
      item_id: "rs_1",
      output_index: 0,
      summary_index,
      delta,
    });
    const events = await parse(
      wire([
        created,
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "rs_1", type: "reasoning", summary: [] },
        },
        summary(0, "Look up"),
        summary(0, " the city."),
        summary(1, "Answer."),
        {
          type: "response.output_item.done",
          output_index: 0,
          item: {
            id: "rs_1",
            type: "reasoning",
            summary: [
              { type: "summary_text", text: "Look up the city." },
              { type: "summary_text", text: "Answer." },
            ],
            encrypted_content: "gAAA-secret",
          },
        },
        ...messageItem("msg_1", ["Oslo."], 1),
        completed,
      ]),
    );
    const [reasoning, answer] = messagesOf(events);
    expect(reasoning).toMatchObject({
      id: "rs_1",
      role: "reasoning",
      content: "Look up the city.\n\nAnswer.",
      isThinking: false,
      encryptedValue: "gAAA-secret",
    });
    expect((reasoning as ReasoningMessage).durationMs).toBeGreaterThanOrEqual(0);
    expect(answer).toMatchObject({ id: "msg_1", content: "Oslo.", status: "complete" });
  });

  it("shows a hosted web search as a tool call whose result is the finished item", async () => {
    const done = {
      id: "ws_1",
      type: "web_search_call",
      status: "completed",
      action: {
        type: "search",
        query: "Berlin news",
        sources: [{ type: "url", url: "https://example.com" }],
      },
    };
    const events = await parse(
      wire([
        created,
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "ws_1", type: "web_search_call", status: "in_progress" },
        },
        { type: "response.web_search_call.in_progress", item_id: "ws_1", output_index: 0 },
        { type: "response.web_search_call.searching", item_id: "ws_1", output_index: 0 },
        { type: "response.web_search_call.completed", item_id: "ws_1", output_index: 0 },
        { type: "response.output_item.done", output_index: 0, item: done },
        completed,
      ]),
    );
    const messages = messagesOf(events);
    const call = (messages[0] as AssistantMessage).toolCalls![0]!;
    expect(call.function.name).toBe("web_search_call");
    expect(JSON.parse(call.function.arguments)).toEqual({ action: done.action });
    expect(messages[1]).toMatchObject({
      role: "tool",
      toolCallId: "ws_1",
      content: JSON.stringify(done),
    });
    expect(ofType(events, "custom")).toEqual([]);
  });

  it("moves a hosted tool's card as its events arrive: status, partial images, code", async () => {
    const added = (id: string, type: string) => ({
      type: "response.output_item.added",
      output_index: 0,
      item: { id, type, status: "in_progress" },
    });
    const image = {
      id: "ig_1",
      type: "image_generation_call",
      status: "completed",
      result: "QUJD",
    };
    const code = {
      id: "ci_1",
      type: "code_interpreter_call",
      status: "completed",
      code: "print(6 * 7)",
      container_id: "cntr_1",
      outputs: [{ type: "logs", logs: "42" }],
    };
    const events = await parse(
      wire([
        created,
        added("ig_1", "image_generation_call"),
        { type: "response.image_generation_call.generating", item_id: "ig_1", output_index: 0 },
        {
          type: "response.image_generation_call.partial_image",
          item_id: "ig_1",
          output_index: 0,
          partial_image_index: 0,
          partial_image_b64: "UDA=",
        },
        { type: "response.output_item.done", output_index: 0, item: image },
        added("ci_1", "code_interpreter_call"),
        { type: "response.code_interpreter_call_code.delta", item_id: "ci_1", delta: "print(" },
        { type: "response.code_interpreter_call_code.delta", item_id: "ci_1", delta: "6 * 7)" },
        { type: "response.code_interpreter_call.interpreting", item_id: "ci_1", output_index: 1 },
        { type: "response.output_item.done", output_index: 1, item: code },
        completed,
      ]),
    );
    // Each update replaces the call's one result; the last is the done item.
    const updates = ofType(events, "tool-call-result").map((e) => [
      e.messageId,
      JSON.parse(e.content),
    ]);
    expect(updates).toEqual([
      ["ig_1:result", { id: "ig_1", type: "image_generation_call", status: "generating" }],
      [
        "ig_1:result",
        {
          id: "ig_1",
          type: "image_generation_call",
          status: "generating",
          partial_image_index: 0,
          partial_image_b64: "UDA=",
        },
      ],
      ["ig_1:result", image],
      [
        "ci_1:result",
        { id: "ci_1", type: "code_interpreter_call", status: "in_progress", code: "print(" },
      ],
      [
        "ci_1:result",
        { id: "ci_1", type: "code_interpreter_call", status: "in_progress", code: "print(6 * 7)" },
      ],
      [
        "ci_1:result",
        { id: "ci_1", type: "code_interpreter_call", status: "interpreting", code: "print(6 * 7)" },
      ],
      ["ci_1:result", code],
    ]);
    const messages = messagesOf(events);
    const results = messages.filter((m): m is ToolMessage => m.role === "tool");
    expect(results.map((m) => [m.toolCallId, JSON.parse(String(m.content))])).toEqual([
      ["ig_1", image],
      ["ci_1", code],
    ]);
    const calls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
    expect(JSON.parse(calls[1]!.function.arguments)).toEqual({
      code: code.code,
      container_id: "cntr_1",
    });
    expect(ofType(events, "error")).toEqual([]);
  });

  it("turns an MCP approval request into an approval the reply waits on", async () => {
    const request = {
      id: "mcpr_1",
      type: "mcp_approval_request",
      server_label: "deepwiki",
      name: "ask_question",
      arguments: '{"question":"What is Crayon?"}',
    };
    const events = await parse(
      wire([
        created,
        { type: "response.output_item.added", output_index: 0, item: request },
        { type: "response.output_item.done", output_index: 0, item: request },
        completed,
      ]),
    );
    expect(ofType(events, "tool-approval-request")).toEqual([
      { type: "tool-approval-request", toolCallId: "mcpr_1", approvalId: "mcpr_1" },
    ]);
    const [message] = messagesOf(events) as AssistantMessage[];
    expect(message!.status).toBe("awaiting_input");
    expect(message!.toolCalls![0]).toMatchObject({
      id: "mcpr_1",
      function: { name: "ask_question", arguments: request.arguments },
      metadata: { approvalId: "mcpr_1" },
    });
  });

  it("ends a failed response with the server's message and code, keeping the partial text", async () => {
    const events = await partialReply("Partial", {
      type: "response.failed",
      response: {
        ...RESPONSE,
        status: "failed",
        error: { code: "server_error", message: "The model crashed." },
      },
    });
    const [message] = messagesOf(events) as AssistantMessage[];
    expect(message).toMatchObject({ content: "Partial", status: "error" });
    expect(ofType(events, "error")).toEqual([
      {
        type: "error",
        code: "server_error",
        error: "The model crashed. (server_error)",
        messageId: "msg_1",
      },
    ]);
  });

  it("reads an `error` event as a server error", async () => {
    const events = await parse(
      wire([
        created,
        { type: "error", code: "rate_limit_exceeded", message: "Slow down.", param: null },
      ]),
    );
    expect(ofType(events, "error")).toEqual([
      { type: "error", code: "server_error", error: "Slow down. (rate_limit_exceeded)" },
    ]);
  });

  it("keeps a reply cut by max_output_tokens, marked with its finish reason", async () => {
    const events = await partialReply("Cut here", {
      type: "response.incomplete",
      response: {
        ...RESPONSE,
        status: "incomplete",
        incomplete_details: { reason: "max_output_tokens" },
      },
    });
    const [message] = messagesOf(events) as AssistantMessage[];
    expect(message).toMatchObject({
      content: "Cut here",
      status: "complete",
      metadata: { finishReason: "length", incompleteReason: "max_output_tokens" },
    });
  });

  it("ends a body without a terminal event as truncated, keeping what arrived", async () => {
    const events = await partialReply("Half");
    expect(events.at(-1)).toEqual({
      type: "error",
      code: "truncated",
      error: "The stream ended before `response.completed`.",
      messageId: "msg_1",
    });
    expect((messagesOf(events)[0] as AssistantMessage).content).toBe("Half");
  });

  it("reports a gap in sequence numbers, drops a repeated event, and reads on", async () => {
    const all = [created, ...messageItem("msg_1", ["a", "b", "c"]), completed].map(
      (event, index) => ({
        ...event,
        sequence_number: index,
      }),
    );
    const body = [...all.slice(0, 4), all[3], ...all.slice(5)]
      .map((event) => `data: ${JSON.stringify(event)}\n\n`)
      .join("");
    const events = await parse(body);
    expect(ofType(events, "error")).toEqual([
      expect.objectContaining({
        code: "malformed_event",
        error: expect.stringMatching(/events 4–4 are missing/i),
      }),
    ]);
    // "b" was lost with its event (said by the error); "c" after the gap is read.
    expect((messagesOf(events)[0] as AssistantMessage).content).toBe("ac");
    expect(events.at(-1)).toMatchObject({ type: "run-finish", outcome: "success" });
  });

  it("tolerates unknown event and item types, reporting each type once", async () => {
    const events = await parse(
      wire([
        created,
        { type: "response.future_thing", foo: 1 },
        { type: "response.future_thing", foo: 2 },
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { id: "x_1", type: "hologram" },
        },
        ...messageItem("msg_1", ["ok"], 1),
        completed,
      ]),
    );
    expect(ofType(events, "custom")).toEqual([
      {
        type: "custom",
        name: "open-responses.unknown",
        value: "event type `response.future_thing`",
      },
      { type: "custom", name: "open-responses.unknown", value: "output item type `hologram`" },
    ]);
    expect((messagesOf(events)[0] as AssistantMessage).content).toBe("ok");
  });

  it("reports a delta for an item that was never added, and keeps going", async () => {
    const events = await parse(
      wire([
        created,
        {
          type: "response.output_text.delta",
          item_id: "msg_ghost",
          output_index: 0,
          content_index: 0,
          delta: "?",
        },
        ...messageItem("msg_1", ["fine"]),
        completed,
      ]),
    );
    expect(ofType(events, "error")).toHaveLength(1);
    expect(ofType(events, "text-delta").map((e) => e.text)).toEqual(["fine"]);
  });

  it("reads a 5 MB single delta whole", async () => {
    const big = "x".repeat(5 * 1024 * 1024);
    const events = await parse(wire([created, ...messageItem("msg_1", [big]), completed]));
    expect((messagesOf(events)[0] as AssistantMessage).content).toHaveLength(big.length);
  });

  it("gives the same events however the body is split", async () => {
    const body = wire([
      created,
      ...functionCallItem("fc_1", "call_a", "weather", ['{"city":"Zürich"}']),
      ...messageItem("msg_1", ["Grüße ", "aus ", "Zürich 😀"], 1),
      completed,
    ]);
    await expectSameEventsForAnySplit(
      (chunks) => collect(openResponsesAdapter().parse(responseFromChunks(chunks))),
      utf8(body),
      await parse(body),
    );
  });

  it("never throws, and ends every body with run-finish or an error, whatever events are dropped or repeated", async () => {
    const events = [
      created,
      ...functionCallItem("fc_1", "call_a", "weather", ['{"city":', '"Oslo"}']),
      ...messageItem("msg_1", ["Hel", "lo"], 1),
      completed,
    ].map((event, index) => ({ ...event, sequence_number: index }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("keep", "drop", "repeat"), {
          minLength: events.length,
          maxLength: events.length,
        }),
        async (fates) => {
          const body = events
            .flatMap((event, index) =>
              fates[index] === "drop" ? [] : fates[index] === "repeat" ? [event, event] : [event],
            )
            .map((event) => `data: ${JSON.stringify(event)}\n\n`)
            .join("");
          const out = await parse(body);
          const last = out.at(-1);
          expect(last?.type === "run-finish" || last?.type === "error").toBe(true);
          // Whatever text arrived is kept in order, a prefix-free subset of the whole.
          const text = ofType(out, "text-delta")
            .map((e) => e.text)
            .join("");
          expect("Hello".includes(text) || text === "Hello").toBe(true);
          messagesOf(out);
        },
      ),
      { numRuns: 200 },
    );
  });
});
